import ExplorerClock
import ExplorerHTTP
import ExplorerImages
import ExplorerStore
import ExplorerText
import ExplorerTrace
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
    /// Shows that a request is taking a while, unless a status line is already shown; nil where
    /// there is no status line (a script), so no request starts a timer for it.
    public var waiting: (@MainActor @Sendable (String) -> Void)?
    /// The process environment, where credentials for live APIs may be (`TMDB_API_KEY`).
    public var variables: [String: String]
    /// `$XDG_CONFIG_HOME/explorer` (else `~/.config/explorer`): where key files are by default.
    public var configDirectory: URL
    /// Images every feature shares: `<data dir>/cache/images`.
    public let images: ImageCache
    /// The timers features schedule: ``clock`` itself when it is a ``SchedulingClock``.
    public let scheduler: SchedulingClock
    /// Screens shown while a command runs (`watch`), connected to the shell's printer.
    public let display = LiveDisplay()
    /// Where the view of the feature in use shows its screens, for the shell to print.
    public let outlet = ScreenOutlet()
    /// The latency and faults `net` injects into every request, live or embedded.
    public let network: NetworkConditions
    /// Whether live answers are recorded to a file or replayed from one (`record`, `source replay`).
    public let tape = SessionTape()
    /// Each feature's last requests and their answers, for `raw`.
    public let exchanges = ExchangeLog()

    public init(
        selection: SourceSelection,
        tracer: Tracer,
        favourites: FavouritesStore,
        dataDirectory: URL,
        terminal: TerminalSettings = TerminalSettings(),
        clock: any AppClock = LiveClock(),
        timeout: TimeInterval = 15,
        progress: @escaping @MainActor (String) -> Void = { _ in },
        waiting: (@MainActor @Sendable (String) -> Void)? = nil,
        variables: [String: String] = [:],
        configDirectory: URL? = nil,
        network: NetworkConditions = NetworkConditions()
    ) {
        self.network = network
        self.selection = selection
        self.tracer = tracer
        self.favourites = favourites
        self.dataDirectory = dataDirectory
        self.terminal = terminal
        self.clock = clock
        self.timeout = timeout
        self.progress = progress
        self.waiting = waiting
        self.variables = variables
        self.configDirectory = configDirectory ?? dataDirectory.appendingPathComponent("config")
        images = ImageCache(directory: dataDirectory.appendingPathComponent("cache").appendingPathComponent("images"))
        scheduler = clock as? SchedulingClock ?? SchedulingClock(virtualAt: clock is VirtualClock ? clock.now : nil)
    }

    /// One feature's client stack, outermost first: its credentials on live requests (when
    /// its API needs them); tracing; a `loading <feature>…` status line while a request takes a
    /// while; then live (the API at `baseURL`, with its answers cached when the feature keeps
    /// them for when the network is unavailable) or embedded (`embedded`), as the shared source
    /// selection says at each request; each of the two with `net`'s latency and faults put
    /// right above it, so every layer meets an injected failure as it would a real one. Right
    /// above the live transport, the session tape records its answers or replays them.
    public func httpClient(featureID: String, baseURL: URL, embedded: @escaping EmbeddedResponder,
                           cachesResponses: Bool = false, signer: RequestSigner? = nil) -> any HTTPClient {
        let transport = TapeHTTPClient(LiveHTTPClient(baseURL: baseURL, timeout: timeout, tracer: tracer),
                                       tape: tape, feature: featureID, baseURL: baseURL, clock: clock, tracer: tracer)
        var live: any HTTPClient = FaultInjectingHTTPClient(transport, conditions: network, tracer: tracer, baseURL: baseURL,
                                                            timeout: timeout, clock: scheduler)
        if cachesResponses {
            live = CachingHTTPClient(live, cache: ResponseCache(database: favourites.database, feature: featureID, clock: clock),
                                     tracer: tracer)
        }
        let source = SwitchableHTTPClient(
            live: live,
            embedded: FaultInjectingHTTPClient(EmbeddedHTTPClient(responder: embedded), conditions: network, tracer: tracer,
                                               timeout: timeout, clock: scheduler),
            selection: selection)
        let traced: any HTTPClient = TracingHTTPClient(WaitingHTTPClient(source, message: "loading \(featureID)…", show: waiting), tracer: tracer,
                                                       exchanges: exchanges, feature: featureID, baseURL: baseURL)
        guard let signer else { return traced }
        return SigningHTTPClient(traced, signer: signer, selection: selection, tape: tape)
    }

    /// Where a feature keeps downloaded files.
    public func cacheDirectory(for featureID: String) -> URL {
        dataDirectory.appendingPathComponent("cache").appendingPathComponent(featureID)
    }

    /// Everything the feature of `entry` is built with.
    public func context(for entry: FeatureRegistry.Entry) -> FeatureContext {
        FeatureContext(
            id: entry.descriptor.id,
            http: httpClient(featureID: entry.descriptor.id, baseURL: entry.config.baseURL, embedded: entry.descriptor.embedded,
                             cachesResponses: entry.descriptor.cachesResponses,
                             signer: entry.descriptor.signer?(RequestSigner.Sources(
                                environment: variables, settings: entry.config.settings, configDirectory: configDirectory))),
            favourites: favourites,
            cacheDirectory: cacheDirectory(for: entry.descriptor.id),
            settings: entry.config.settings,
            terminal: terminal,
            clock: clock,
            tracer: tracer,
            progress: progress,
            images: images,
            selection: selection,
            scheduler: scheduler,
            display: display,
            outlet: outlet,
            environment: variables,
            timeout: timeout)
    }
}
