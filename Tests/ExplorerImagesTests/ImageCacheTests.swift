import ExplorerImages
import Foundation
import Testing
import TestSupport
@testable import ExplorerCore
@testable import ExplorerHTTP
@testable import ExplorerImages

/// Answers each absolute request with the body given for its URL (404 for any other), recording
/// the requests.
private final class ImageHostClient: HTTPClient {
    private let bodies: [URL: Data]
    private let requests = LockedValue<[HTTPRequest]>([])

    init(_ bodies: [URL: Data]) {
        self.bodies = bodies
    }

    var sent: [HTTPRequest] { requests.value }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        requests.withLock { $0.append(request) }
        guard let url = request.absoluteURL, let body = bodies[url] else {
            throw HTTPError(.status(404), endpoint: request.endpoint)
        }
        return HTTPResponse(status: 200, headers: ["content-type": "image/jpeg"], body: body)
    }
}

/// Counts its calls, says when one has started, and answers (or fails) only once released.
private final class GatedImageClient: HTTPClient {
    private struct State: Sendable {
        var calls = 0
        var released = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = LockedValue(State())
    private let body: Data
    private let failure: HTTPError.Kind?
    /// One element each time a call starts.
    let started: AsyncStream<Void>
    private let startedContinuation: AsyncStream<Void>.Continuation

    init(body: Data, failure: HTTPError.Kind? = nil) {
        self.body = body
        self.failure = failure
        (started, startedContinuation) = AsyncStream.makeStream()
    }

    var calls: Int { state.value.calls }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        state.withLock { $0.calls += 1 }
        startedContinuation.yield()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state -> Bool in
                if state.released { return true }
                state.waiting.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
        if let failure { throw HTTPError(failure, endpoint: request.endpoint) }
        return HTTPResponse(status: 200, body: body)
    }

    /// Lets every call waiting (and every later one) answer.
    func release() {
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.released = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}

/// Downloaded images kept as files: fetched once, written atomically, one download per URL at a
/// time, the folder kept under its capacity.
@Suite("ImageCache")
struct ImageCacheTests {
    private static let poster = URL(string: "https://image.tmdb.org/t/p/w500/poster.jpg")!
    private static let posterBytes = Data("JPEG poster bytes".utf8)

    private static func url(_ name: String) -> URL {
        URL(string: "https://image.tmdb.org/t/p/w500/\(name)")!
    }

    /// Everything in `directory`, hidden files included, sorted; empty if it does not exist.
    private static func listing(_ directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    private static func setLastUse(_ file: URL, _ date: Date) throws {
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: file.path)
    }

    private static let longAgo = Date(timeIntervalSince1970: 1_577_836_800)  // 2020-01-01

    // MARK: Files

    @Test func aFileIsNamedAfterTheHashOfItsURLWithItsExtension() {
        let cache = ImageCache(directory: URL(fileURLWithPath: "/tmp/images"))
        #expect(cache.file(for: Self.poster).path == "/tmp/images/c6b64cfeb41e6724.jpg")
        #expect(cache.file(for: Self.url("poster")).path == "/tmp/images/6b4fff54c86d109d.img")
    }

    @Test func theFileForAURLIsStable() {
        let one = ImageCache(directory: URL(fileURLWithPath: "/tmp/images"))
        let other = ImageCache(directory: URL(fileURLWithPath: "/tmp/images"))
        #expect(one.file(for: Self.poster) == one.file(for: Self.poster))
        #expect(one.file(for: Self.poster) == other.file(for: Self.poster))
        #expect(one.file(for: Self.poster) != one.file(for: Self.url("other.jpg")))
        #expect(one.file(for: Self.poster) != one.file(for: URL(string: "https://image.tmdb.org/t/p/w185/poster.jpg")!))
    }

    @Test(arguments: [
        ("poster.jpg", "jpg"),
        ("poster.JPG", "jpg"),
        ("poster.jpeg", "jpeg"),
        ("poster.webp", "webp"),
        ("poster.png?w=500", "png"),
        ("poster.gif#top", "gif"),
        ("archive.tar.gz", "gz"),
        ("poster.mp4v2", "mp4v2"),
        ("poster.backup", "img"),
        ("poster", "img"),
        ("poster.b_c", "img"),
        ("poster.jp-g", "img"),
        ("folder/", "img"),
    ])
    func aShortAlphanumericExtensionIsKept(name: String, suffix: String) {
        let cache = ImageCache(directory: URL(fileURLWithPath: "/tmp/images"))
        let file = cache.file(for: Self.url(name))
        #expect(file.pathExtension == suffix)
        #expect(file.deletingLastPathComponent().path == "/tmp/images")
        #expect(file.deletingPathExtension().lastPathComponent.wholeMatch(of: #/[0-9a-f]{16}/#) != nil, "\(file.lastPathComponent)")
    }

    @Test func theDefaultCapacityIs200MiB() {
        #expect(ImageCache(directory: URL(fileURLWithPath: "/tmp/images")).capacity == 200 * 1024 * 1024)
    }

    // MARK: Hits and misses

    @Test func aMissDownloadsTheImageAndAHitMakesNoRequest() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let images = directory.url.appendingPathComponent("images")
        let cache = ImageCache(directory: images)
        let host = ImageHostClient([Self.poster: Self.posterBytes])
        let file = cache.file(for: Self.poster)

        let first = try await cache.image(at: Self.poster, using: host)
        #expect(first == CachedImage(file: file, byteCount: Self.posterBytes.count, wasCached: false))
        #expect(try Data(contentsOf: file) == Self.posterBytes)
        #expect(host.sent.count == 1)

        let second = try await cache.image(at: Self.poster, using: host)
        #expect(second == CachedImage(file: file, byteCount: Self.posterBytes.count, wasCached: true))
        #expect(host.sent.count == 1)
    }

    @Test func theDownloadIsAnAbsoluteRequestWithoutCredentials() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let host = ImageHostClient([Self.poster: Self.posterBytes])
        _ = try await ImageCache(directory: directory.url).image(at: Self.poster, using: host)

        let request = try #require(host.sent.first)
        #expect(request.absoluteURL == Self.poster)
        #expect(request.headers == [])
        #expect(request.secrets == [])
    }

    @Test func cachedMakesNoRequestAndFindsOnlyWhatIsKept() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = ImageCache(directory: directory.url)
        #expect(await cache.cached(Self.poster) == nil)

        _ = try await cache.image(at: Self.poster, using: ImageHostClient([Self.poster: Self.posterBytes]))
        #expect(await cache.cached(Self.poster) == CachedImage(file: cache.file(for: Self.poster), byteCount: Self.posterBytes.count, wasCached: true))
        #expect(await cache.cached(Self.url("other.jpg")) == nil)
    }

    @Test func anotherCacheOnTheSameFolderFindsTheImage() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        _ = try await ImageCache(directory: directory.url).image(at: Self.poster, using: ImageHostClient([Self.poster: Self.posterBytes]))

        let host = ImageHostClient([:])
        let image = try await ImageCache(directory: directory.url).image(at: Self.poster, using: host)
        #expect(image.wasCached)
        #expect(image.byteCount == Self.posterBytes.count)
        #expect(host.sent == [])
    }

    // MARK: One download at a time

    /// Starts a request for `url`, waits until its download is under way, starts a second one
    /// and lets the actor run it until it waits too; then releases the download.
    private static func twoRequestsAtOnce(_ cache: isolated ImageCache, for url: URL, using client: GatedImageClient)
        async -> (Result<CachedImage, any Error>, Result<CachedImage, any Error>)
    {
        var started = client.started.makeAsyncIterator()
        let first = Task { _ = cache; return try await cache.image(at: url, using: client) }
        _ = await started.next()
        let second = Task { _ = cache; return try await cache.image(at: url, using: client) }
        // Jobs on the actor run in order: when this one has, `second` has run until it waits.
        await Task { _ = cache }.value
        client.release()
        return (await first.result, await second.result)
    }

    @Test func aSecondRequestForTheSameURLWaitsForTheFirstDownload() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = ImageCache(directory: directory.url)
        let client = GatedImageClient(body: Self.posterBytes)

        let (first, second) = await Self.twoRequestsAtOnce(cache, for: Self.poster, using: client)

        let expected = CachedImage(file: cache.file(for: Self.poster), byteCount: Self.posterBytes.count, wasCached: false)
        #expect(try first.get() == expected)
        #expect(try second.get() == expected, "the second got the first download's image, not a file it found")
        #expect(client.calls == 1)
        #expect(Self.listing(directory.url) == [cache.file(for: Self.poster).lastPathComponent])
    }

    @Test func aFailedDownloadFailsEveryoneWaitingAndIsTriedAgainLater() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = ImageCache(directory: directory.url.appendingPathComponent("images"))
        let client = GatedImageClient(body: Data(), failure: .networkUnavailable(.offline))

        let (first, second) = await Self.twoRequestsAtOnce(cache, for: Self.poster, using: client)

        let error = HTTPError(.networkUnavailable(.offline), endpoint: Self.poster.absoluteString)
        #expect(throws: error) { try first.get() }
        #expect(throws: error) { try second.get() }
        #expect(client.calls == 1)

        let image = try await cache.image(at: Self.poster, using: ImageHostClient([Self.poster: Self.posterBytes]))
        #expect(image.wasCached == false, "a new download, not the failed one again")
        #expect(try Data(contentsOf: image.file) == Self.posterBytes)
    }

    @Test func differentURLsDownloadAtTheSameTime() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = ImageCache(directory: directory.url)
        let client = GatedImageClient(body: Self.posterBytes)
        var started = client.started.makeAsyncIterator()

        let first = Task { try await cache.image(at: Self.url("a.jpg"), using: client) }
        _ = await started.next()
        let second = Task { try await cache.image(at: Self.url("b.jpg"), using: client) }
        _ = await started.next()  // both downloads are under way together
        client.release()

        #expect(try await first.value.file == cache.file(for: Self.url("a.jpg")))
        #expect(try await second.value.file == cache.file(for: Self.url("b.jpg")))
        #expect(client.calls == 2)
    }

    // MARK: Writing

    @Test func aDownloadLeavesOnlyTheImageBehind() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = ImageCache(directory: directory.url)
        let urls = (1 ... 5).map { Self.url("\($0).jpg") }
        let host = ImageHostClient(Dictionary(uniqueKeysWithValues: urls.map { ($0, Data("image \($0.lastPathComponent)".utf8)) }))

        try await withThrowingTaskGroup(of: Void.self) { group in
            for url in urls {
                group.addTask { _ = try await cache.image(at: url, using: host) }
            }
            try await group.waitForAll()
        }

        #expect(Self.listing(directory.url) == urls.map { cache.file(for: $0).lastPathComponent }.sorted())
        #expect(Self.listing(directory.url).allSatisfy { !$0.hasPrefix(".") && !$0.hasSuffix(".partial") })
        for url in urls {
            #expect(try Data(contentsOf: cache.file(for: url)) == Data("image \(url.lastPathComponent)".utf8))
        }
    }

    @Test func aFailedDownloadLeavesNoFile() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let images = directory.url.appendingPathComponent("images")
        let cache = ImageCache(directory: images)
        let missing = Self.url("missing.jpg")

        await #expect(throws: HTTPError(.status(404), endpoint: missing.absoluteString)) {
            try await cache.image(at: missing, using: ImageHostClient([:]))
        }
        #expect(Self.listing(images) == [])
        #expect(await cache.cached(missing) == nil)
    }

    @Test func aURLThatIsNotHTTPIsNeverFetched() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = ImageCache(directory: directory.url)
        let host = ImageHostClient([:])
        let local = URL(fileURLWithPath: "/etc/passwd")

        await #expect(throws: HTTPError(.invalidURL, endpoint: "file:///etc/passwd")) {
            try await cache.image(at: local, using: host)
        }
        #expect(host.sent == [])
        #expect(Self.listing(directory.url) == [])
    }

    // MARK: Capacity

    /// A cache of `capacity` bytes in `directory` holding `names` (each `size` bytes), used in
    /// that order long ago, a minute apart.
    private static func filled(_ directory: URL, capacity: Int, names: [String], size: Int) async throws -> ImageCache {
        let cache = ImageCache(directory: directory, capacity: capacity)
        let host = ImageHostClient(Dictionary(uniqueKeysWithValues: names.map { (url($0), Data(repeating: 0x41, count: size)) }))
        for (index, name) in names.enumerated() {
            _ = try await cache.image(at: url(name), using: host)
            try setLastUse(cache.file(for: url(name)), longAgo.addingTimeInterval(Double(index) * 60))
        }
        return cache
    }

    private static func kept(_ cache: ImageCache, _ names: [String]) -> [String] {
        names.filter { FileManager.default.fileExists(atPath: cache.file(for: url($0)).path) }
    }

    @Test func theLeastRecentlyUsedImagesGoWhenTheFolderIsFull() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = try await Self.filled(directory.url, capacity: 100, names: ["a.jpg", "b.jpg"], size: 40)
        #expect(Self.kept(cache, ["a.jpg", "b.jpg"]) == ["a.jpg", "b.jpg"], "80 bytes fit in 100")

        let host = ImageHostClient([Self.url("c.jpg"): Data(repeating: 0x42, count: 40)])
        _ = try await cache.image(at: Self.url("c.jpg"), using: host)

        #expect(Self.kept(cache, ["a.jpg", "b.jpg", "c.jpg"]) == ["b.jpg", "c.jpg"])
        #expect(Self.listing(directory.url).count == 2)
    }

    @Test func aHitMarksTheImageAsRecentlyUsed() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = try await Self.filled(directory.url, capacity: 100, names: ["a.jpg", "b.jpg"], size: 40)
        let hit = try await cache.image(at: Self.url("a.jpg"), using: ImageHostClient([:]))
        #expect(hit.wasCached)

        _ = try await cache.image(at: Self.url("c.jpg"), using: ImageHostClient([Self.url("c.jpg"): Data(repeating: 0x42, count: 40)]))

        #expect(Self.kept(cache, ["a.jpg", "b.jpg", "c.jpg"]) == ["a.jpg", "c.jpg"])
    }

    @Test func cachedAlsoMarksTheImageAsRecentlyUsed() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = try await Self.filled(directory.url, capacity: 100, names: ["a.jpg", "b.jpg"], size: 40)
        #expect(await cache.cached(Self.url("a.jpg")) != nil)

        _ = try await cache.image(at: Self.url("c.jpg"), using: ImageHostClient([Self.url("c.jpg"): Data(repeating: 0x42, count: 40)]))

        #expect(Self.kept(cache, ["a.jpg", "b.jpg", "c.jpg"]) == ["a.jpg", "c.jpg"])
    }

    @Test func evictionGoesDownToNinetyPercentOfTheCapacity() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let names = ["a.jpg", "b.jpg", "c.jpg", "d.jpg", "e.jpg"]
        let cache = try await Self.filled(directory.url, capacity: 100, names: names, size: 20)
        #expect(Self.kept(cache, names) == names, "exactly at the capacity: nothing goes")

        _ = try await cache.image(at: Self.url("f.jpg"), using: ImageHostClient([Self.url("f.jpg"): Data(repeating: 0x42, count: 20)]))

        // 120 bytes: a (→ 100) and b (→ 80) go.
        #expect(Self.kept(cache, names + ["f.jpg"]) == ["c.jpg", "d.jpg", "e.jpg", "f.jpg"])
    }

    @Test func theImageJustWrittenIsKeptEvenAboveTheCapacity() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = try await Self.filled(directory.url, capacity: 30, names: ["a.jpg"], size: 20)

        let big = try await cache.image(at: Self.url("big.jpg"), using: ImageHostClient([Self.url("big.jpg"): Data(repeating: 0x42, count: 40)]))

        #expect(big == CachedImage(file: cache.file(for: Self.url("big.jpg")), byteCount: 40, wasCached: false))
        #expect(Self.kept(cache, ["a.jpg", "big.jpg"]) == ["big.jpg"])
        #expect(await cache.cached(Self.url("big.jpg"))?.byteCount == 40)
    }

    @Test func hiddenFilesAreNeitherCountedNorEvicted() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let hidden = directory.file(".0123456789abcdef.jpg.validators")
        try Data(repeating: 0, count: 500).write(to: hidden)
        try Self.setLastUse(hidden, Self.longAgo)

        let cache = try await Self.filled(directory.url, capacity: 100, names: ["a.jpg", "b.jpg"], size: 40)

        #expect(Self.kept(cache, ["a.jpg", "b.jpg"]) == ["a.jpg", "b.jpg"])
        #expect(FileManager.default.fileExists(atPath: hidden.path))
    }

    // MARK: What runs leave behind

    /// A process id no process has (above the kernel's largest).
    private static let deadPID = Int32.max - 1

    @Test func theFirstDownloadRemovesWhatDownloadsThatNeverFinishedLeft() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let alive = getpid()
        let left = [".0123456789abcdef.png.\(Self.deadPID).7.partial", ".0123456789abcdef.png.\(alive).8.partial",
                    ".fedcba9876543210.jpg.\(Self.deadPID).9.partial"]
        let underWay = ".0123456789abcdef.png.\(alive).10.partial"
        for name in left + [underWay] { try Data().write(to: directory.file(name)) }
        try Self.setLastUse(directory.file(left[1]), Date().addingTimeInterval(-2 * ImageCache.stalePartialAge))
        let cache = ImageCache(directory: directory.url)

        _ = try await cache.image(at: Self.poster, using: ImageHostClient([Self.poster: Self.posterBytes]))

        #expect(Self.listing(directory.url) == [underWay, cache.file(for: Self.poster).lastPathComponent].sorted(),
                "a dead process's, and a live one's from over an hour ago, go; one under way now stays")
    }

    // MARK: Damage

    enum Intruder: String, CaseIterable, Sendable {
        case directory, fifo, symlink, socket
    }

    /// Puts `intruder` where the image of `url` goes.
    private static func put(_ intruder: Intruder, at file: URL, beside directory: TemporaryDirectory) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        switch intruder {
        case .directory:
            try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
            try Data("inside".utf8).write(to: file.appendingPathComponent("note"))
        case .fifo:
            #expect(mkfifo(file.path, 0o644) == 0)
        case .symlink:
            let fifo = directory.file("elsewhere.fifo")
            #expect(mkfifo(fifo.path, 0o644) == 0)
            try FileManager.default.createSymbolicLink(at: file, withDestinationURL: fifo)
        case .socket:
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { buffer in
                for (index, byte) in file.path.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            #expect(bound == 0)
        }
    }

    /// Whether a regular file (not a link) is at `file`.
    private static func isRegularFile(_ file: URL) -> Bool {
        var info = stat()
        return lstat(file.path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    @Test("anything but a file where an image should be is removed, never opened, and the image fetched again",
          .timeLimit(.minutes(1)), arguments: Intruder.allCases)
    func somethingElseWhereTheImageShouldBeIsReplaced(_ intruder: Intruder) async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = ImageCache(directory: directory.url.appendingPathComponent("images"))
        let file = cache.file(for: Self.poster)
        try Self.put(intruder, at: file, beside: directory)
        let validators = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).validators")
        try Data(#"{"etag":"\"v1\""}"#.utf8).write(to: validators)

        #expect(ImageState.of(file: file) == .unavailableOffline, "read without opening it")
        #expect(await cache.cached(Self.poster) == nil, "not an image in the cache")
        #expect(!FileManager.default.fileExists(atPath: file.path) && !FileManager.default.fileExists(atPath: validators.path),
                "removed, with what was kept beside it")
        let host = ImageHostClient([Self.poster: Self.posterBytes])
        let image = try await cache.image(at: Self.poster, using: host)

        #expect(image == CachedImage(file: file, byteCount: Self.posterBytes.count, wasCached: false))
        #expect(Self.isRegularFile(file))
        #expect(try Data(contentsOf: file) == Self.posterBytes)
        #expect(host.sent.count == 1)
    }

    @Test("revalidating (refresh) replaces anything but a file too", .timeLimit(.minutes(1)), arguments: Intruder.allCases)
    func revalidatingReplacesSomethingElse(_ intruder: Intruder) async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = ImageCache(directory: directory.url.appendingPathComponent("images"))
        let file = cache.file(for: Self.poster)
        try Self.put(intruder, at: file, beside: directory)
        try Data(#"{"etag":"\"v1\""}"#.utf8).write(to: file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).validators"))
        let host = ImageHostClient([Self.poster: Self.posterBytes])

        let image = try await cache.revalidated(at: Self.poster, using: host)

        #expect(host.sent.map(\.headers) == [[]], "no If-None-Match for what was not an image")
        #expect(image.wasCached == false)
        #expect(Self.isRegularFile(file))
        #expect(try Data(contentsOf: file) == Self.posterBytes)
    }
}
