import Foundation

/// Everything a feature receives from the shell: its HTTP client (live or embedded, traced),
/// the favourites store, its settings from Plugins.json, and how to render.
@MainActor
public struct FeatureContext {
    public let id: String
    public let http: any HTTPClient
    public let favourites: FavouritesStore
    /// Where the feature may keep downloaded files (`<data dir>/cache/<feature id>`).
    public let cacheDirectory: URL
    public let settings: JSONValue
    public let terminal: TerminalSettings
    /// For views to report `trace: NameView rendered`.
    public let tracer: Tracer?
    /// Shows a transient status line on a terminal (`loading characters 3/9`); does nothing when piped.
    public let progress: @MainActor (String) -> Void

    public init(
        id: String,
        http: any HTTPClient,
        favourites: FavouritesStore,
        cacheDirectory: URL? = nil,
        settings: JSONValue = .object([:]),
        terminal: TerminalSettings = TerminalSettings(),
        tracer: Tracer? = nil,
        progress: @escaping @MainActor (String) -> Void = { _ in }
    ) {
        self.id = id
        self.http = http
        self.favourites = favourites
        self.cacheDirectory = cacheDirectory
            ?? favourites.database.directory.appendingPathComponent("cache").appendingPathComponent(id)
        self.settings = settings
        self.terminal = terminal
        self.tracer = tracer
        self.progress = progress
    }
}

/// How output is laid out: the width to fit tables to, and whether colour is on.
public struct TerminalSettings: Sendable, Equatable {
    public var width: Int
    public var style: Style

    public init(width: Int = 80, style: Style = .plain) {
        self.width = width
        self.style = style
    }
}
