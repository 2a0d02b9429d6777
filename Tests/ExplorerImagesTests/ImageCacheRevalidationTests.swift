import ExplorerImages
import Foundation
import Testing
import TestSupport
@testable import ExplorerCore
@testable import ExplorerHTTP
@testable import ExplorerImages

/// An image server that honours validators: it answers `304 Not Modified` (as a client does,
/// by throwing `HTTPError(.status(304))`) when `If-None-Match` names the current ETag or
/// `If-Modified-Since` the current date, else 200 with the image and its validators. It can
/// hold requests until the test releases them.
private final class ValidatingImageServer: HTTPClient {
    struct Resource: Sendable {
        var body: Data
        var etag: String?
        var lastModified: String?
    }

    private struct State {
        var resources: [URL: Resource] = [:]
        var requests: [HTTPRequest] = []
        var holds = false
        var held: [CheckedContinuation<Void, Never>] = []
    }

    private let state = LockedValue(State())
    /// One element as each request starts.
    let started: AsyncStream<Void>
    private let startedContinuation: AsyncStream<Void>.Continuation

    init(holds: Bool = false) {
        (started, startedContinuation) = AsyncStream.makeStream()
        state.withLock { $0.holds = holds }
    }

    var requests: [HTTPRequest] { state.value.requests }

    func serve(_ url: URL, _ resource: Resource?) {
        state.withLock { $0.resources[url] = resource }
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        state.withLock { $0.requests.append(request) }
        startedContinuation.yield()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                guard state.holds else { return true }
                state.held.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
        guard let url = request.absoluteURL, let resource = state.value.resources[url] else {
            throw HTTPError(.status(404), endpoint: request.endpoint)
        }
        if let tag = request.headerValue("If-None-Match"), tag == resource.etag {
            throw HTTPError(.status(304), endpoint: request.endpoint)
        }
        if let since = request.headerValue("If-Modified-Since"), since == resource.lastModified {
            throw HTTPError(.status(304), endpoint: request.endpoint)
        }
        var headers = ["content-type": "image/png"]
        headers["etag"] = resource.etag
        headers["last-modified"] = resource.lastModified
        return HTTPResponse(status: 200, headers: headers, body: resource.body)
    }

    /// Lets every held request answer, and every later one at once.
    func release() {
        let held = state.withLock { state in
            state.holds = false
            defer { state.held = [] }
            return state.held
        }
        for continuation in held { continuation.resume() }
    }
}

/// Answers every request with the same failure.
private struct FailingImageClient: HTTPClient {
    var kind: HTTPError.Kind

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        throw HTTPError(kind, endpoint: request.endpoint)
    }
}

/// `refresh` for images: asked again with the validators the server gave, a 304 keeping the
/// file, a 200 replacing it; and downloads that a cancelled caller leaves.
@Suite("ImageCache revalidation")
struct ImageCacheRevalidationTests {
    private static let poster = URL(string: "https://images.example/posters/poster.png")!
    private static let etag = "\"5f3a-1c\""
    private static let date = "Wed, 21 Oct 2015 07:28:00 GMT"
    private static let original = ValidatingImageServer.Resource(body: Data("original poster".utf8), etag: etag, lastModified: date)

    private static func listing(_ directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    // MARK: Validators kept

    @Test func theFirstDownloadKeepsTheETagAndLastModifiedBesideTheImage() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = ImageCache(directory: directory.url)
        let server = ValidatingImageServer()
        server.serve(Self.poster, Self.original)

        let image = try await cache.image(at: Self.poster, using: server)

        let file = cache.file(for: Self.poster)
        #expect(image == CachedImage(file: file, byteCount: 15, wasCached: false))
        #expect(Self.listing(directory.url) == [".\(file.lastPathComponent).validators", file.lastPathComponent])
        let validators = try #require(ImageCache.Validators.read(for: file))
        #expect(validators.etag == Self.etag)
        #expect(validators.lastModified == Self.date)
    }

    @Test func anImageServedWithoutValidatorsKeepsNone() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = ImageCache(directory: directory.url)
        let server = ValidatingImageServer()
        server.serve(Self.poster, .init(body: Data("poster".utf8)))

        _ = try await cache.image(at: Self.poster, using: server)

        #expect(Self.listing(directory.url) == [cache.file(for: Self.poster).lastPathComponent])
        #expect(ImageCache.Validators.read(for: cache.file(for: Self.poster)) == nil)
    }

    // MARK: Validators sent

    @Test func revalidatingSendsIfNoneMatchAndIfModifiedSince() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = ImageCache(directory: directory.url)
        let server = ValidatingImageServer()
        server.serve(Self.poster, Self.original)
        _ = try await cache.image(at: Self.poster, using: server)

        _ = try await cache.revalidated(at: Self.poster, using: server)

        #expect(server.requests.count == 2)
        #expect(server.requests.first?.headers == [])
        #expect(server.requests.last?.headers == [.init("If-None-Match", Self.etag), .init("If-Modified-Since", Self.date)])
        #expect(server.requests.last?.absoluteURL == Self.poster)
    }

    @Test func revalidatingSendsOnlyTheValidatorsTheServerGave() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = ImageCache(directory: directory.url)
        let server = ValidatingImageServer()
        let tagged = URL(string: "https://images.example/tagged.png")!
        let dated = URL(string: "https://images.example/dated.png")!
        server.serve(tagged, .init(body: Data("tagged".utf8), etag: "W/\"1\""))
        server.serve(dated, .init(body: Data("dated".utf8), lastModified: Self.date))
        _ = try await cache.image(at: tagged, using: server)
        _ = try await cache.image(at: dated, using: server)

        _ = try await cache.revalidated(at: tagged, using: server)
        _ = try await cache.revalidated(at: dated, using: server)

        #expect(server.requests.map(\.headers) == [[], [], [.init("If-None-Match", "W/\"1\"")], [.init("If-Modified-Since", Self.date)]])
    }

    @Test func revalidatingAnImageNotKeptDownloadsItWithoutValidators() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = ImageCache(directory: directory.url)
        let server = ValidatingImageServer()
        server.serve(Self.poster, Self.original)

        let image = try await cache.revalidated(at: Self.poster, using: server)

        #expect(image == CachedImage(file: cache.file(for: Self.poster), byteCount: 15, wasCached: false))
        #expect(server.requests.map(\.headers) == [[]])
        #expect(try Data(contentsOf: image.file) == Self.original.body)
    }

    @Test func validatorsLeftWithoutTheirImageAreNotSent() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = ImageCache(directory: directory.url)
        let server = ValidatingImageServer()
        server.serve(Self.poster, Self.original)
        _ = try await cache.image(at: Self.poster, using: server)
        try FileManager.default.removeItem(at: cache.file(for: Self.poster))

        let image = try await cache.revalidated(at: Self.poster, using: server)

        #expect(server.requests.last?.headers == [])
        #expect(image == CachedImage(file: cache.file(for: Self.poster), byteCount: 15, wasCached: false))
    }

    // MARK: Answers

    @Test func notModifiedKeepsTheFileAndSaysItWasCached() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = ImageCache(directory: directory.url)
        let server = ValidatingImageServer()
        server.serve(Self.poster, Self.original)
        _ = try await cache.image(at: Self.poster, using: server)

        let image = try await cache.revalidated(at: Self.poster, using: server)

        let file = cache.file(for: Self.poster)
        #expect(image == CachedImage(file: file, byteCount: 15, wasCached: true))
        #expect(try Data(contentsOf: file) == Self.original.body)
        #expect(ImageCache.Validators.read(for: file)?.etag == Self.etag)
        #expect(Self.listing(directory.url) == [".\(file.lastPathComponent).validators", file.lastPathComponent])
    }

    @Test func notModifiedByDateAloneKeepsTheFileToo() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = ImageCache(directory: directory.url)
        let server = ValidatingImageServer()
        server.serve(Self.poster, .init(body: Data("dated poster".utf8), lastModified: Self.date))
        _ = try await cache.image(at: Self.poster, using: server)

        let image = try await cache.revalidated(at: Self.poster, using: server)

        #expect(image == CachedImage(file: cache.file(for: Self.poster), byteCount: 12, wasCached: true))
    }

    @Test func aChangedImageReplacesTheFileAndItsValidators() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = ImageCache(directory: directory.url)
        let server = ValidatingImageServer()
        server.serve(Self.poster, Self.original)
        _ = try await cache.image(at: Self.poster, using: server)
        let newDate = "Thu, 22 Oct 2015 09:00:00 GMT"
        server.serve(Self.poster, .init(body: Data("the new poster".utf8), etag: "\"6a01-2f\"", lastModified: newDate))

        let image = try await cache.revalidated(at: Self.poster, using: server)

        let file = cache.file(for: Self.poster)
        #expect(image == CachedImage(file: file, byteCount: 14, wasCached: false))
        #expect(try Data(contentsOf: file) == Data("the new poster".utf8))
        #expect(Self.listing(directory.url) == [".\(file.lastPathComponent).validators", file.lastPathComponent])

        _ = try await cache.revalidated(at: Self.poster, using: server)
        #expect(server.requests.last?.headers == [.init("If-None-Match", "\"6a01-2f\""), .init("If-Modified-Since", newDate)])
    }

    @Test func aChangedImageServedWithoutValidatorsForgetsTheOldOnes() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = ImageCache(directory: directory.url)
        let server = ValidatingImageServer()
        server.serve(Self.poster, Self.original)
        _ = try await cache.image(at: Self.poster, using: server)
        server.serve(Self.poster, .init(body: Data("plain".utf8)))

        let image = try await cache.revalidated(at: Self.poster, using: server)

        #expect(image == CachedImage(file: cache.file(for: Self.poster), byteCount: 5, wasCached: false))
        #expect(Self.listing(directory.url) == [cache.file(for: Self.poster).lastPathComponent])
        _ = try await cache.revalidated(at: Self.poster, using: server)
        #expect(server.requests.last?.headers == [])
    }

    @Test func aFailedRevalidationLeavesTheKeptImage() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = ImageCache(directory: directory.url)
        let server = ValidatingImageServer()
        server.serve(Self.poster, Self.original)
        _ = try await cache.image(at: Self.poster, using: server)

        await #expect(throws: HTTPError(.networkUnavailable(.offline), endpoint: Self.poster.absoluteString)) {
            try await cache.revalidated(at: Self.poster, using: FailingImageClient(kind: .networkUnavailable(.offline)))
        }

        #expect(await cache.cached(Self.poster) == CachedImage(file: cache.file(for: Self.poster), byteCount: 15, wasCached: true))
        #expect(try Data(contentsOf: cache.file(for: Self.poster)) == Self.original.body)
    }

    @Test func notModifiedToARequestWithoutValidatorsIsAFailure() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = ImageCache(directory: directory.url)

        await #expect(throws: HTTPError(.status(304), endpoint: Self.poster.absoluteString)) {
            try await cache.revalidated(at: Self.poster, using: FailingImageClient(kind: .status(304)))
        }
        #expect(Self.listing(directory.url) == [])
    }

    // MARK: A cancelled caller

    @Test(.timeLimit(.minutes(1)), arguments: [false, true])
    func aCancelledCallerStopsWaitingWhileTheDownloadFinishesAndIsKept(revalidating: Bool) async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = ImageCache(directory: directory.url)
        let server = ValidatingImageServer(holds: true)
        server.serve(Self.poster, Self.original)
        var started = server.started.makeAsyncIterator()

        let caller = Task {
            revalidating ? try await cache.revalidated(at: Self.poster, using: server) : try await cache.image(at: Self.poster, using: server)
        }
        _ = await started.next()
        caller.cancel()

        await #expect(throws: CancellationError.self) { try await caller.value }
        #expect(await cache.cached(Self.poster) == nil, "the download is still held")

        server.release()
        // Waits for the download still under way (or finds what it kept).
        _ = try await cache.image(at: Self.poster, using: server)

        #expect(await cache.cached(Self.poster) == CachedImage(file: cache.file(for: Self.poster), byteCount: 15, wasCached: true))
        #expect(try Data(contentsOf: cache.file(for: Self.poster)) == Self.original.body)
        #expect(server.requests.count == 1)
    }
}
