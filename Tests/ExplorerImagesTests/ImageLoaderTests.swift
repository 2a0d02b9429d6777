import ExplorerImages
import Foundation
import Testing
import TestSupport
@testable import ExplorerCore
@testable import ExplorerHTTP
@testable import ExplorerImages

/// Holds every request until the test releases it (or answers at once once told to), and counts
/// per host the requests in flight now and the most that ever were at the same time.
private final class HeldImageClient: HTTPClient {
    private struct State {
        var inFlight: [String: Int] = [:]
        var most: [String: Int] = [:]
        var held: [URL: CheckedContinuation<Void, Never>] = [:]
        var releasedEarly: Set<URL> = []
        var releasesAll = false
        var requests: [HTTPRequest] = []
    }

    private let state = LockedValue(State())
    /// Each request's URL as it starts.
    let started: AsyncStream<URL>
    private let startedContinuation: AsyncStream<URL>.Continuation

    init() {
        (started, startedContinuation) = AsyncStream.makeStream()
    }

    static func body(for url: URL) -> Data { Data("image at \(url.path)".utf8) }

    var requests: [HTTPRequest] { state.value.requests }
    var requestedURLs: [URL] { requests.compactMap(\.absoluteURL) }
    func inFlight(_ host: String) -> Int { state.value.inFlight[host] ?? 0 }
    func most(_ host: String) -> Int { state.value.most[host] ?? 0 }
    /// Both hosts' counts read at one moment.
    func inFlight(_ one: String, _ other: String) -> (Int, Int) {
        state.withLock { ($0.inFlight[one] ?? 0, $0.inFlight[other] ?? 0) }
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let url = request.absoluteURL else { throw HTTPError(.invalidURL, endpoint: request.endpoint) }
        let host = url.host ?? ""
        state.withLock { state in
            state.requests.append(request)
            state.inFlight[host, default: 0] += 1
            state.most[host] = max(state.most[host] ?? 0, state.inFlight[host] ?? 0)
        }
        startedContinuation.yield(url)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                if state.releasesAll || state.releasedEarly.remove(url) != nil { return true }
                state.held[url] = continuation
                return false
            }
            if now { continuation.resume() }
        }
        state.withLock { $0.inFlight[host, default: 0] -= 1 }
        return HTTPResponse(status: 200, body: Self.body(for: url))
    }

    /// Lets the request for `url` answer (now, or as soon as it is made).
    func release(_ url: URL) {
        let continuation = state.withLock { state in
            let continuation = state.held.removeValue(forKey: url)
            if continuation == nil { state.releasedEarly.insert(url) }
            return continuation
        }
        continuation?.resume()
    }

    /// Lets every request held answer, and every later one at once.
    func releaseAll() {
        let held = state.withLock { state in
            state.releasesAll = true
            defer { state.held = [:] }
            return Array(state.held.values)
        }
        for continuation in held { continuation.resume() }
    }
}

/// Answers, fails or hangs per URL as scripted (answering any other URL with 404), recording
/// the requests.
private final class ScriptedImageClient: HTTPClient {
    enum Script: Sendable {
        case answer(Data, headers: [String: String] = [:])
        case fail(HTTPError.Kind)
        case `throw`(any Error)
        /// No answer until ``endHanging(with:)``.
        case hang
    }

    private struct State {
        var scripts: [URL: Script]
        var requests: [HTTPRequest] = []
        var hanging: [CheckedContinuation<Data?, Never>] = []
        var hangingEnded: Data??
    }

    private let state: LockedValue<State>

    init(_ scripts: [URL: Script]) {
        state = LockedValue(State(scripts: scripts))
    }

    var requests: [HTTPRequest] { state.value.requests }
    var requestedURLs: [URL] { requests.compactMap(\.absoluteURL) }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let url = request.absoluteURL else { throw HTTPError(.invalidURL, endpoint: request.endpoint) }
        let script = state.withLock { state in
            state.requests.append(request)
            return state.scripts[url]
        }
        switch script {
        case .answer(let body, let headers):
            return HTTPResponse(status: 200, headers: headers, body: body)
        case .fail(let kind):
            throw HTTPError(kind, endpoint: request.endpoint)
        case .throw(let error):
            throw error
        case .hang:
            let body = await withCheckedContinuation { (continuation: CheckedContinuation<Data?, Never>) in
                let ended = state.withLock { state -> Data?? in
                    if let ended = state.hangingEnded { return .some(ended) }
                    state.hanging.append(continuation)
                    return .none
                }
                if let ended { continuation.resume(returning: ended) }
            }
            guard let body else { throw HTTPError(.connectionLost, endpoint: request.endpoint) }
            return HTTPResponse(status: 200, body: body)
        case nil:
            throw HTTPError(.status(404), endpoint: request.endpoint)
        }
    }

    /// Ends every hanging request (and any later one) with `body`, or with a lost connection.
    func endHanging(with body: Data?) {
        let hanging = state.withLock { state in
            state.hangingEnded = .some(body)
            defer { state.hanging = [] }
            return state.hanging
        }
        for continuation in hanging { continuation.resume(returning: body) }
    }
}

private struct DiskTrouble: LocalizedError {
    var errorDescription: String? { "disk \u{1B}[31mtrouble" }
}

/// Loading a screen's images: a few at a time per host, hosts side by side, each with its own
/// outcome whatever happens to the others.
@Suite("ImageLoader")
struct ImageLoaderTests {
    private static func url(_ host: String, _ name: String) -> URL {
        URL(string: "https://\(host)/images/\(name)")!
    }

    private static func urls(_ host: String, _ count: Int) -> [URL] {
        (1 ... count).map { url(host, "\($0).png") }
    }

    /// What the loader gives for an image it downloaded with `HeldImageClient`.
    private static func downloaded(_ url: URL, _ cache: ImageCache, wasCached: Bool = false) -> ImageLoader.Outcome {
        .loaded(CachedImage(file: cache.file(for: url), byteCount: HeldImageClient.body(for: url).count, wasCached: wasCached))
    }

    private static let never = Duration.seconds(3600)

    // MARK: Settings

    @Test func defaultsToSixPerHostAndFiveSeconds() {
        let loader = ImageLoader(cache: ImageCache(directory: URL(fileURLWithPath: "/tmp/images")), http: ScriptedImageClient([:]))
        #expect(loader.maxPerHost == 6)
        #expect(loader.timeout == .seconds(5))
    }

    @Test func atLeastOneRequestPerHostIsAllowed() {
        let cache = ImageCache(directory: URL(fileURLWithPath: "/tmp/images"))
        #expect(ImageLoader(cache: cache, http: ScriptedImageClient([:]), maxPerHost: 0).maxPerHost == 1)
        #expect(ImageLoader(cache: cache, http: ScriptedImageClient([:]), maxPerHost: -3).maxPerHost == 1)
    }

    @Test func nothingToLoadGivesNoOutcomes() async {
        let client = ScriptedImageClient([:])
        let loader = ImageLoader(cache: ImageCache(directory: URL(fileURLWithPath: "/tmp/images")), http: client)
        #expect(await loader.load([]) == [:])
        #expect(client.requests.isEmpty)
    }

    // MARK: Requests in flight

    @Test(.timeLimit(.minutes(1)), arguments: [1, 2, 3])
    func neverMoreThanMaxPerHostRequestsAreInFlightOnAHost(maxPerHost: Int) async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = ImageCache(directory: directory.url)
        let client = HeldImageClient()
        let loader = ImageLoader(cache: cache, http: client, maxPerHost: maxPerHost, timeout: Self.never)
        let urls = Self.urls("img.example", 6)
        var started = client.started.makeAsyncIterator()

        let loading = Task { await loader.load(urls) }
        var waiting: [URL] = []
        for _ in 0 ..< maxPerHost { waiting.append(try #require(await started.next())) }
        #expect(client.inFlight("img.example") == maxPerHost)
        var startedCount = maxPerHost
        while !waiting.isEmpty {
            // As one answers, the next starts: still at most `maxPerHost` at a time.
            client.release(waiting.removeFirst())
            if startedCount < urls.count {
                waiting.append(try #require(await started.next()))
                startedCount += 1
                #expect(client.inFlight("img.example") == maxPerHost)
            }
        }
        let outcomes = await loading.value

        #expect(client.most("img.example") == maxPerHost)
        #expect(client.inFlight("img.example") == 0)
        #expect(Set(client.requestedURLs) == Set(urls))
        #expect(client.requests.count == 6)
        #expect(outcomes == Dictionary(uniqueKeysWithValues: urls.map { ($0, Self.downloaded($0, cache)) }))
    }

    @Test(.timeLimit(.minutes(1)))
    func hostsLoadSideBySideEachUpToItsOwnMaximum() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = ImageCache(directory: directory.url)
        let client = HeldImageClient()
        let loader = ImageLoader(cache: cache, http: client, maxPerHost: 2, timeout: Self.never)
        let one = Self.urls("one.example", 3)
        let other = Self.urls("other.example", 3)
        var started = client.started.makeAsyncIterator()

        let loading = Task { await loader.load(one + other) }
        // Nothing answers until four requests are under way: two on each host at once.
        for _ in 0 ..< 4 { _ = try #require(await started.next()) }
        let (inFlightOne, inFlightOther) = client.inFlight("one.example", "other.example")
        #expect(inFlightOne == 2)
        #expect(inFlightOther == 2)
        client.releaseAll()
        let outcomes = await loading.value

        #expect(client.most("one.example") == 2)
        #expect(client.most("other.example") == 2)
        #expect(outcomes == Dictionary(uniqueKeysWithValues: (one + other).map { ($0, Self.downloaded($0, cache)) }))
    }

    @Test func aURLAskedForTwiceIsRequestedOnce() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = ImageCache(directory: directory.url)
        let client = HeldImageClient()
        client.releaseAll()
        let loader = ImageLoader(cache: cache, http: client, maxPerHost: 1, timeout: Self.never)
        let a = Self.url("img.example", "a.png"), b = Self.url("img.example", "b.png")

        let outcomes = await loader.load([a, b, a, a, b])

        #expect(client.requestedURLs == [a, b])
        #expect(outcomes == [a: Self.downloaded(a, cache), b: Self.downloaded(b, cache)])
    }

    @Test func aCachedImageIsNotRequestedAgain() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = ImageCache(directory: directory.url)
        let client = HeldImageClient()
        client.releaseAll()
        let loader = ImageLoader(cache: cache, http: client, timeout: Self.never)
        let a = Self.url("img.example", "a.png")

        #expect(await loader.load([a]) == [a: Self.downloaded(a, cache)])
        #expect(await loader.load([a]) == [a: Self.downloaded(a, cache, wasCached: true)])
        #expect(client.requestedURLs == [a])
    }

    // MARK: Outcomes

    @Test func eachImageGetsItsOwnOutcomeWhateverTheOthersDo() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = ImageCache(directory: directory.url)
        let first = Self.url("img.example", "first.png"), missing = Self.url("img.example", "missing.png")
        let offline = Self.url("offline.example", "x.png"), broken = Self.url("img.example", "broken.png")
        let refused = Self.url("img.example", "refused.png"), last = Self.url("img.example", "last.png")
        let client = ScriptedImageClient([
            first: .answer(Data("first".utf8)),
            offline: .fail(.networkUnavailable(.hostNotFound)),
            broken: .fail(.connectionLost),
            refused: .fail(.networkUnavailable(.refused)),
            last: .answer(Data("last image".utf8)),
        ])
        // One at a time on img.example: the failures come between the answers.
        let loader = ImageLoader(cache: cache, http: client, maxPerHost: 1, timeout: Self.never)

        let outcomes = await loader.load([first, missing, offline, broken, refused, last])

        #expect(outcomes == [
            first: .loaded(CachedImage(file: cache.file(for: first), byteCount: 5, wasCached: false)),
            missing: .failed("HTTP 404"),
            offline: .unavailable,
            broken: .failed("connection lost"),
            refused: .unavailable,
            last: .loaded(CachedImage(file: cache.file(for: last), byteCount: 10, wasCached: false)),
        ])
        #expect(client.requests.count == 6)
    }

    @Test func anErrorThatIsNotHTTPFailsWithItsDescriptionSanitized() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let url = Self.url("img.example", "a.png")
        let loader = ImageLoader(cache: ImageCache(directory: directory.url), http: ScriptedImageClient([url: .throw(DiskTrouble())]),
                                 timeout: Self.never, loadTimeout: Self.never)
        #expect(await loader.load([url]) == [url: .failed("disk [31mtrouble")])
    }

    @Test(arguments: [
        (HTTPError.Kind.networkUnavailable(.offline), ImageLoader.Outcome.unavailable),
        (.networkUnavailable(.hostNotFound), .unavailable),
        (.networkUnavailable(.refused), .unavailable),
        (.networkUnavailable(.unreachable), .unavailable),
        (.status(404), .failed("HTTP 404")),
        (.status(500), .failed("HTTP 500")),
        (.timeout, .failed("timed out")),
        (.connectionLost, .failed("connection lost")),
        (.undecodable, .failed("not the answer the API sends")),
        (.invalidURL, .failed("not an http(s) URL")),
        (.cancelled, .cancelled),
    ])
    func httpErrorsBecomeOutcomes(kind: HTTPError.Kind, outcome: ImageLoader.Outcome) {
        #expect(ImageLoader.outcome(of: HTTPError(kind, endpoint: "https://img.example/a.png")) == outcome)
    }

    @Test func aURLThatIsNotHTTPFailsWithoutARequest() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let client = ScriptedImageClient([:])
        let local = URL(fileURLWithPath: "/etc/hosts")
        let loader = ImageLoader(cache: ImageCache(directory: directory.url), http: client, timeout: Self.never, loadTimeout: Self.never)
        #expect(await loader.load([local]) == [local: .failed("not an http(s) URL")])
        #expect(client.requests.isEmpty)
    }

    // MARK: Timeouts

    @Test func anImageThatNeverArrivesTimesOut() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = ImageCache(directory: directory.url)
        let slow = Self.url("slow.example", "a.png")
        let client = ScriptedImageClient([slow: .hang])
        let loader = ImageLoader(cache: cache, http: client, timeout: .milliseconds(50))

        #expect(await loader.load([slow]) == [slow: .failed("timed out")])

        client.endHanging(with: nil)
    }

    @Test func anImageThatTimedOutIsStillDownloadedAndKeptForNextTime() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = ImageCache(directory: directory.url)
        let slow = Self.url("slow.example", "a.png")
        let client = ScriptedImageClient([slow: .hang])
        let loader = ImageLoader(cache: cache, http: client, timeout: .milliseconds(50))
        #expect(await loader.load([slow]) == [slow: .failed("timed out")])

        client.endHanging(with: Data("late image".utf8))
        // Waits for the download still under way (or finds what it kept).
        _ = try await cache.image(at: slow, using: client)

        #expect(await cache.cached(slow) == CachedImage(file: cache.file(for: slow), byteCount: 10, wasCached: true))
        #expect(await loader.load([slow]) == [slow: .loaded(CachedImage(file: cache.file(for: slow), byteCount: 10, wasCached: true))])
        #expect(client.requests.count == 1, "the late answer was kept, not asked for again")
    }

    /// The others answer while one hangs, and are done before it ends: no clock is involved,
    /// the hanging one is let go (its connection lost) only once the others are in the cache.
    /// (No deadline of its own: were the others held up, the time limit would end the test.)
    @Test(.timeLimit(.minutes(5)))
    func aHangingImageDoesNotHoldUpOrFailTheOthers() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = ImageCache(directory: directory.url)
        let slow = Self.url("img.example", "slow.png"), quick = Self.url("img.example", "quick.png")
        let elsewhere = Self.url("other.example", "b.png")
        let client = ScriptedImageClient([slow: .hang, quick: .answer(Data("quick".utf8)), elsewhere: .answer(Data("b".utf8))])
        let loader = ImageLoader(cache: cache, http: client, maxPerHost: 2, timeout: .seconds(3600))

        let load = Task { await loader.load([slow, quick, elsewhere]) }
        var othersDone = false
        while !othersDone {
            let quickKept = await cache.cached(quick) != nil
            let elsewhereKept = await cache.cached(elsewhere) != nil
            othersDone = quickKept && elsewhereKept
            if !othersDone { try await Task.sleep(for: .milliseconds(10)) }
        }
        // Here the others are in the cache while the slow one still hangs.
        client.endHanging(with: nil)
        let outcomes = await load.value

        #expect(outcomes == [
            slow: .failed("connection lost"),
            quick: .loaded(CachedImage(file: cache.file(for: quick), byteCount: 5, wasCached: false)),
            elsewhere: .loaded(CachedImage(file: cache.file(for: elsewhere), byteCount: 1, wasCached: false)),
        ])
    }

    // MARK: Cancellation

    @Test(.timeLimit(.minutes(1)))
    func aCancelledCallerGetsCancelledForEveryImageUnderWay() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = ImageCache(directory: directory.url)
        let client = HeldImageClient()
        let loader = ImageLoader(cache: cache, http: client, maxPerHost: 2, timeout: Self.never)
        let a = Self.url("img.example", "a.png"), b = Self.url("img.example", "b.png"), c = Self.url("other.example", "c.png")
        var started = client.started.makeAsyncIterator()

        let loading = Task { await loader.load([a, b, c]) }
        for _ in 0 ..< 3 { _ = try #require(await started.next()) }
        loading.cancel()

        #expect(await loading.value == [a: .cancelled, b: .cancelled, c: .cancelled])
        client.releaseAll()
    }

    @Test(.timeLimit(.minutes(1)))
    func aCancelledCallerStartsNoMoreRequestsAndTheQueuedImagesAreCancelled() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = ImageCache(directory: directory.url)
        let client = HeldImageClient()
        let loader = ImageLoader(cache: cache, http: client, maxPerHost: 1, timeout: Self.never)
        let a = Self.url("img.example", "a.png"), b = Self.url("img.example", "b.png")
        var started = client.started.makeAsyncIterator()

        let loading = Task { await loader.load([a, b]) }
        let first = try #require(await started.next())
        loading.cancel()

        #expect(await loading.value == [a: .cancelled, b: .cancelled])
        #expect(client.requestedURLs == [first])
        client.releaseAll()
    }

    @Test(.timeLimit(.minutes(1)))
    func downloadsACancelledCallerLeftFinishAndAreKept() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = ImageCache(directory: directory.url)
        let client = HeldImageClient()
        let loader = ImageLoader(cache: cache, http: client, maxPerHost: 2, timeout: Self.never)
        let a = Self.url("img.example", "a.png"), b = Self.url("img.example", "b.png")
        var started = client.started.makeAsyncIterator()

        let loading = Task { await loader.load([a, b]) }
        for _ in 0 ..< 2 { _ = try #require(await started.next()) }
        loading.cancel()
        #expect(await loading.value == [a: .cancelled, b: .cancelled])

        client.releaseAll()
        // Waits for each download still under way (or finds what it kept).
        for url in [a, b] { _ = try await cache.image(at: url, using: client) }

        #expect(await loader.load([a, b]) == [a: Self.downloaded(a, cache, wasCached: true), b: Self.downloaded(b, cache, wasCached: true)])
        #expect(client.requests.count == 2)
    }

    // MARK: Revalidation

    @Test func revalidatingAsksAgainForCachedImagesWithTheirValidators() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = ImageCache(directory: directory.url)
        let a = Self.url("img.example", "a.png"), b = Self.url("img.example", "b.png")
        let client = ScriptedImageClient([
            a: .answer(Data("image a".utf8), headers: ["etag": "\"a1\""]),
            b: .answer(Data("image b".utf8)),
        ])
        let loader = ImageLoader(cache: cache, http: client, timeout: Self.never)
        _ = await loader.load([a, b])
        #expect(await loader.load([a, b]) == [
            a: .loaded(CachedImage(file: cache.file(for: a), byteCount: 7, wasCached: true)),
            b: .loaded(CachedImage(file: cache.file(for: b), byteCount: 7, wasCached: true)),
        ])
        #expect(client.requests.count == 2)

        let outcomes = await loader.load([a, b], revalidate: true)

        #expect(outcomes == [
            a: .loaded(CachedImage(file: cache.file(for: a), byteCount: 7, wasCached: false)),
            b: .loaded(CachedImage(file: cache.file(for: b), byteCount: 7, wasCached: false)),
        ])
        let again = client.requests.dropFirst(2)
        #expect(Set(again.compactMap(\.absoluteURL)) == [a, b])
        #expect(again.first { $0.absoluteURL == a }?.headers == [.init("If-None-Match", "\"a1\"")])
        #expect(again.first { $0.absoluteURL == b }?.headers == [])
    }
}
