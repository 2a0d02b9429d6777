import ExplorerCore
import ExplorerHTTP
import ExplorerImages
@testable import Facts
import Foundation
import TestSupport

/// Image servers and documents for the facts tests.
///
/// ``FakeImageServer`` is an ``HTTPClient`` that answers absolute image URLs with canned bytes
/// (an `ETag` with them, answered `304` when a request names it again) or an ``HTTPError``; it
/// logs every request, and can hold a URL's answer back until it is released (a request under way).
/// The document's own request (a relative path) gets `document`, or a 404.
final class FakeImageServer: HTTPClient {
    enum Answer: Sendable {
        case bytes(Data, etag: String?)
        case failure(HTTPError.Kind)
    }

    private struct Gate: Sendable {
        var held: Set<String> = []
        var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]
    }

    private let answers = LockedValue<[String: Answer]>([:])
    private let gate = LockedValue(Gate())
    private let log = LockedValue<[HTTPRequest]>([])
    let document = LockedValue<HTTPResponse?>(nil)

    init(_ answers: [String: Answer] = [:]) {
        self.answers.withLock { $0 = answers }
    }

    func answer(_ url: String, _ answer: Answer) {
        answers.withLock { $0[url] = answer }
    }

    /// Requests for `url` wait until ``release(_:)``.
    func hold(_ url: String) {
        gate.withLock { _ = $0.held.insert(url) }
    }

    func release(_ url: String) {
        let waiting = gate.withLock { gate in
            gate.held.remove(url)
            return gate.waiting.removeValue(forKey: url) ?? []
        }
        waiting.forEach { $0.resume() }
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        log.withLock { $0.append(request) }
        guard let url = request.absoluteURL?.absoluteString else {
            guard let response = document.value else { throw HTTPError(.status(404), endpoint: request.endpoint) }
            return response
        }
        // The answer is the one in force when the request arrives, even if it is held.
        let answer = answers.withLock { $0[url] }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isHeld = gate.withLock { gate in
                guard gate.held.contains(url) else { return false }
                gate.waiting[url, default: []].append(continuation)
                return true
            }
            if !isHeld { continuation.resume() }
        }
        switch answer {
        case .bytes(let data, let etag)?:
            if let etag, request.headerValue("If-None-Match") == etag {
                throw HTTPError(.status(304), endpoint: request.endpoint)
            }
            return HTTPResponse(status: 200, headers: etag.map { ["etag": $0] } ?? [:], body: data)
        case .failure(let kind)?:
            throw HTTPError(kind, endpoint: request.endpoint)
        case nil:
            throw HTTPError(.status(404), endpoint: request.endpoint)
        }
    }

    /// Every request, in the order they came.
    var requests: [HTTPRequest] { log.value }

    /// The image URLs asked for, sorted (images load concurrently, so their order is not fixed).
    var imageRequests: [String] { requests.compactMap(\.absoluteURL?.absoluteString).sorted() }

    func count(_ url: String) -> Int {
        requests.filter { $0.absoluteURL?.absoluteString == url }.count
    }

    /// Yields until every URL of `urls` has been asked for (at most a bounded number of times);
    /// false if they never were.
    @MainActor
    func waitForRequests(_ urls: [String]) async -> Bool {
        // A generous bound on a loaded machine; the wait ends as soon as the condition holds.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if urls.allSatisfy({ count($0) > 0 }) { return true }
            await Task.yield()
        }
        return urls.allSatisfy { count($0) > 0 }
    }
}

/// Tiny image files: the header bytes ``ImageInfo`` reads, padded to `size` bytes.
enum ImageBytes {
    static func png(_ width: Int, _ height: Int, size: Int = 100) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        bytes += u32be(width) + u32be(height) + [8, 6, 0, 0, 0]
        return padded(bytes, to: size)
    }

    static func jpeg(_ width: Int, _ height: Int, size: Int = 100) -> Data {
        // Start of image, an APP0 segment, then a baseline start of frame: height, then width.
        var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x4A, 0x46]
        bytes += [0xFF, 0xC0, 0x00, 0x11, 0x08] + u16be(height) + u16be(width) + [0x03]
        return padded(bytes, to: size)
    }

    static func gif(_ width: Int, _ height: Int, size: Int = 100) -> Data {
        padded(Array("GIF89a".utf8) + [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8)], to: size)
    }

    static let notAnImage = Data("<html><body>moved</body></html>".utf8)

    private static func u32be(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func u16be(_ value: Int) -> [UInt8] {
        [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func padded(_ bytes: [UInt8], to size: Int) -> Data {
        Data(bytes + [UInt8](repeating: 0, count: max(size - bytes.count, 0)))
    }
}

/// A ``FactsService`` of canned answers. Given ``ExpectedCalls`` (the view model's tests), it
/// answers only the calls expected, each taken before it answers; without (the view's tests,
/// which are about screens, not calls), every call.
final class FactsServiceFixture: Sendable {
    private let answer: LockedValue<Result<FactsAnswer, any Error>>
    private let freshAnswer = LockedValue<Result<FactsAnswer, any Error>?>(nil)
    private let calls: ExpectedCalls<FactsCall>?

    init(_ document: FactsDocument, cachedAt: Date? = nil, calls: ExpectedCalls<FactsCall>? = nil) {
        answer = LockedValue(.success(FactsAnswer(document: document, cachedAt: cachedAt)))
        self.calls = calls
    }

    var service: FactsService {
        FactsService { [self] fresh in
            try calls?.take(.document(fresh: fresh))
            if fresh, let result = freshAnswer.value { return try result.get() }
            return try answer.value.get()
        }
    }

    /// What every request gets from now on.
    func answer(_ document: FactsDocument, cachedAt: Date? = nil) {
        answer.withLock { $0 = .success(FactsAnswer(document: document, cachedAt: cachedAt)) }
    }

    func fail(_ error: any Error) {
        answer.withLock { $0 = .failure(error) }
    }

    /// What a fresh request (`refresh`) gets from now on.
    func answerFresh(_ result: Result<FactsAnswer, any Error>) {
        freshAnswer.withLock { $0 = result }
    }
}

/// The embedded document and its facts.
enum Canada {
    static let document = try! FactsDocument.decode(Data(EmbeddedFactsDocument.text.utf8))
    /// The 13 rows that say something (the empty eighth row left out).
    static let facts = document.rows.filter { !$0.isEmpty }

    static func fact(_ title: String) -> Fact {
        facts.first { $0.title == title }!
    }

    static let beavers = "http://upload.wikimedia.org/wikipedia/commons/thumb/6/6b/American_Beaver.jpg/220px-American_Beaver.jpg"
    static let flag = "http://images.findicons.com/files/icons/662/world_flag/128/flag_of_canada.png"
    static let transportation = "http://1.bp.blogspot.com/_VZVOmYVm68Q/SMkzZzkGXKI/AAAAAAAAADQ/U89miaCkcyo/s400/the_golden_compass_still.jpg"
    static let hockey = "http://fyimusic.ca/wp-content/uploads/2008/06/hockey-night-in-canada.thumbnail.jpg"
    static let housing = "http://icons.iconarchive.com/icons/iconshock/alaska/256/Igloo-icon.png"
    static let shame = "http://static.guim.co.uk/sys-images/Music/Pix/site_furniture/2007/04/19/avril_lavigne.jpg"
    static let space = "http://files.turbosquid.com/Preview/Content_2009_07_14__10_25_15/trebucheta.jpgdf3f3bf4-935d-40ff-84b2-6ce718a327a9Larger.jpg"
    static let meese = "http://caroldeckerwildlifeartstudio.net/wp-content/uploads/2011/04/IMG_2418%20majestic%20moose%201%20copy%20(Small)-96x96.jpg"
    static let kittens = "http://www.donegalhimalayans.com/images/That%20fish%20was%20this%20big.jpg"
    static let mounties = "http://3.bp.blogspot.com/__mokxbTmuJM/RnWuJ6cE9cI/AAAAAAAAATw/6z3m3w9JDiU/s400/019843_31.jpg"

    /// Page 1 (of 5 rows), 2 and 3's image addresses.
    static let page1 = [beavers, flag, transportation, hockey]
    static let page2 = [housing, shame, space, meese]
    static let page3 = [kittens, mounties]
    static let all = page1 + page2 + page3

    /// Every image answered, each of its own kind and size.
    static func server() -> FakeImageServer {
        FakeImageServer([
            beavers: .bytes(ImageBytes.jpeg(220, 165, size: 2048), etag: "\"beaver-1\""),
            flag: .bytes(ImageBytes.png(128, 64), etag: nil),
            transportation: .bytes(ImageBytes.jpeg(400, 300, size: 3000), etag: nil),
            hockey: .bytes(ImageBytes.gif(150, 100), etag: nil),
            housing: .bytes(ImageBytes.png(256, 256, size: 5000), etag: nil),
            shame: .bytes(ImageBytes.jpeg(300, 200), etag: nil),
            space: .bytes(ImageBytes.jpeg(640, 480, size: 34 * 1024), etag: nil),
            meese: .bytes(ImageBytes.jpeg(96, 96), etag: nil),
            kittens: .bytes(ImageBytes.jpeg(500, 375), etag: nil),
            mounties: .bytes(ImageBytes.png(400, 533), etag: nil),
        ])
    }
}
