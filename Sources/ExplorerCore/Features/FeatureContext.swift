import ExplorerClock
import ExplorerHTTP
import ExplorerImages
import ExplorerStore
import ExplorerText
import ExplorerTrace
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
    /// Images shared by every feature (posters, pictures), downloaded once.
    public let images: ImageCache
    /// Where data comes from now (the client follows it by itself; a feature reads it to say
    /// where an answer came from, or to search its embedded data instead of the API).
    public let selection: SourceSelection
    /// The timers a feature schedules (the races' polls): run before each command and while
    /// `watch` runs, or as a virtual clock is moved. The same clock as ``clock`` in the app.
    public let scheduler: SchedulingClock
    /// Shows screens while a command runs (`watch`).
    public let display: LiveDisplay
    /// Where the feature's view shows what it renders; the shell prints it after each command.
    public let outlet: ScreenOutlet
    /// The process's environment variables (`EXPLORER_VIEWER`, `PATH` for the programs a
    /// feature starts), read once as explorer starts.
    public let environment: [String: String]
    /// How long a request may take (`--timeout`): nothing a command waits for on the network,
    /// images included, holds it longer.
    public let timeout: TimeInterval

    public init(
        id: String,
        http: any HTTPClient,
        favourites: FavouritesStore,
        cacheDirectory: URL,
        settings: JSONValue = .object([:]),
        terminal: TerminalSettings = TerminalSettings(),
        clock: any AppClock = LiveClock(),
        tracer: Tracer? = nil,
        progress: @escaping @MainActor (String) -> Void = { _ in },
        images: ImageCache? = nil,
        selection: SourceSelection = SourceSelection(.embedded),
        scheduler: SchedulingClock = SchedulingClock(),
        display: LiveDisplay? = nil,
        outlet: ScreenOutlet? = nil,
        environment: [String: String] = ProcessEnvironment.variables,
        timeout: TimeInterval = 15
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
        self.images = images ?? ImageCache(directory: cacheDirectory.deletingLastPathComponent().appendingPathComponent("images"))
        self.selection = selection
        self.scheduler = scheduler
        self.display = display ?? LiveDisplay()
        self.outlet = outlet ?? ScreenOutlet()
        self.environment = environment
        self.timeout = timeout
    }

    /// The database the favourites live in, where a feature keeps its own tables too.
    public var database: AppDatabase { favourites.database }
}
