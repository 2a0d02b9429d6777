import Foundation

/// What the features of one run share — where data comes from, tracing, the database and
/// favourites, the clock, the data directory, the terminal — and the one place each feature's
/// HTTP client stack and context are put together, for the executable and the tests alike.
@MainActor
public struct AppEnvironment {
    public var selection: SourceSelection
    public var tracer: Tracer
    public var favourites: FavouritesStore
    /// Favourites, the database and caches live here (`<data dir>/cache/<feature id>`).
    public var dataDirectory: URL
    public var terminal: TerminalSettings
    public var clock: any AppClock
    /// How long a live request may take, in seconds.
    public var timeout: TimeInterval
    public var progress: @MainActor (String) -> Void
    /// Shows that a request is taking a while, unless a status line is already shown.
    public var waiting: @MainActor @Sendable (String) -> Void

    public init(
        selection: SourceSelection,
        tracer: Tracer,
        favourites: FavouritesStore,
        dataDirectory: URL,
        terminal: TerminalSettings = TerminalSettings(),
        clock: any AppClock = LiveClock(),
        timeout: TimeInterval = 15,
        progress: @escaping @MainActor (String) -> Void = { _ in },
        waiting: @escaping @MainActor @Sendable (String) -> Void = { _ in }
    ) {
        self.selection = selection
        self.tracer = tracer
        self.favourites = favourites
        self.dataDirectory = dataDirectory
        self.terminal = terminal
        self.clock = clock
        self.timeout = timeout
        self.progress = progress
        self.waiting = waiting
    }

    /// One feature's client stack, outermost first: tracing; a `loading <feature>…` status
    /// line while a request takes a while; then live (the API at `baseURL`) or embedded
    /// (`embedded`), as the shared source selection says at each request.
    public func httpClient(featureID: String, baseURL: URL, embedded: @escaping EmbeddedResponder) -> any HTTPClient {
        let source = SwitchableHTTPClient(
            live: LiveHTTPClient(baseURL: baseURL, timeout: timeout, tracer: tracer),
            embedded: EmbeddedHTTPClient(responder: embedded),
            selection: selection)
        return TracingHTTPClient(WaitingHTTPClient(source, message: "loading \(featureID)…", show: waiting), tracer: tracer)
    }

    /// Where a feature keeps downloaded files.
    public func cacheDirectory(for featureID: String) -> URL {
        dataDirectory.appendingPathComponent("cache").appendingPathComponent(featureID)
    }

    /// Everything the feature of `entry` is built with.
    public func context(for entry: FeatureRegistry.Entry) -> FeatureContext {
        FeatureContext(
            id: entry.descriptor.id,
            http: httpClient(featureID: entry.descriptor.id, baseURL: entry.config.baseURL, embedded: entry.descriptor.embedded),
            favourites: favourites,
            cacheDirectory: cacheDirectory(for: entry.descriptor.id),
            settings: entry.config.settings,
            terminal: terminal,
            clock: clock,
            tracer: tracer,
            progress: progress)
    }
}
