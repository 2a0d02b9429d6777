import Foundation

/// Everything a feature receives from the shell: its HTTP client (live or embedded, traced),
/// the database and favourites, the clock, where to keep files, its settings from Plugins.json,
/// and how to report progress and traces. Made by ``AppEnvironment/context(for:)``.
@MainActor
public struct FeatureContext {
    public let id: String
    public let http: any HTTPClient
    public let favourites: FavouritesStore
    /// Where the feature may keep downloaded files (`<data dir>/cache/<feature id>`).
    public let cacheDirectory: URL
    public let settings: JSONValue
    public let terminal: TerminalSettings
    public let clock: any AppClock
    /// For view models and views to report emissions and renders when tracing is on.
    public let tracer: Tracer?
    /// Shows a transient status line on a terminal (`loading characters 3/9`); does nothing when piped.
    public let progress: @MainActor (String) -> Void

    public init(
        id: String,
        http: any HTTPClient,
        favourites: FavouritesStore,
        cacheDirectory: URL,
        settings: JSONValue = .object([:]),
        terminal: TerminalSettings = TerminalSettings(),
        clock: any AppClock = LiveClock(),
        tracer: Tracer? = nil,
        progress: @escaping @MainActor (String) -> Void = { _ in }
    ) {
        self.id = id
        self.http = http
        self.favourites = favourites
        self.cacheDirectory = cacheDirectory
        self.settings = settings
        self.terminal = terminal
        self.clock = clock
        self.tracer = tracer
        self.progress = progress
    }

    /// The database the favourites live in, where a feature keeps its own tables too.
    public var database: AppDatabase { favourites.database }
}
