import ExplorerClock
import Foundation
import Testing
import TestSupport
@testable import ExplorerHTTP

/// Recording what the live transport answers and replaying it: the file's lines, matching,
/// order, failures, damage, secrets and the lock.
@Suite("Recording and replaying")
struct TapeHTTPClientTests {
    /// A transport that answers from a table of targets and counts what it is asked.
    final class Transport: HTTPClient, Sendable {
        let answers: [String: HTTPResponse]
        let asked = LockedValue<[String]>([])

        init(_ answers: [String: HTTPResponse]) {
            self.answers = answers
        }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            let target = request.absoluteURL?.absoluteString ?? request.cacheKey
            asked.withLock { $0.append(target) }
            guard let answer = answers[target] else { throw HTTPError(.networkUnavailable(.refused), endpoint: request.endpoint) }
            guard (200..<300).contains(answer.status) else {
                throw HTTPError(.status(answer.status), request: request, at: HTTPLocation(server: "api.test", path: request.endpoint),
                                body: answer.body)
            }
            return answer
        }
    }

    static let base = URL(string: "https://user:secret@api.test/v1")!
    static let clock = VirtualClock(Date(timeIntervalSince1970: 1_795_000_000))
    static let header = TapeHeader(explorer: "0.1.0", recordedAt: clock.now,
                                   features: [TapeHeader.Feature(id: "starships", baseURL: base)])
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0xFF, 0x00, 0xC3])
    static let transport = Transport([
        "/starships/?page=1": HTTPResponse(status: 200, headers: ["content-type": "application/json", "etag": "\"v1\"", "set-cookie": "s=1"],
                                           body: Data(#"{"count": 1, "results": [{"name": "X-wing"}]}"#.utf8)),
        "/starships/?page=2": HTTPResponse(status: 404, body: Data(#"{"detail": "Not found"}"#.utf8)),
        "https://img.test/a.png": HTTPResponse(status: 200, headers: ["content-type": "image/png"], body: png),
    ])

    private func client(_ tape: SessionTape, _ transport: any HTTPClient = Self.transport) -> TapeHTTPClient {
        TapeHTTPClient(transport, tape: tape, feature: "starships", baseURL: Self.base, clock: Self.clock)
    }

    private func record(to file: URL, from transport: any HTTPClient = Self.transport,
                        _ body: (TapeHTTPClient) async throws -> Void) async throws {
        let tape = SessionTape()
        tape.set(.recording(try TapeRecorder(path: file.path, name: "demo.rec", header: Self.header)))
        try await body(client(tape, transport))
        tape.set(.off)
    }

    @Test func whatIsRecordedIsReplayedWithoutTheTransport() async throws {
        let directory = TemporaryDirectory("tape")
        defer { directory.remove() }
        let file = directory.file("demo.rec")
        let page = HTTPRequest(path: "/starships/", query: [.init("page", "1")])
        let image = try #require(HTTPRequest(absolute: URL(string: "https://img.test/a.png")!))
        try await record(to: file) { client in
            _ = try await client.send(page)
            _ = try await client.send(image)
            await #expect(throws: HTTPError.self) { try await client.send(HTTPRequest(path: "/starships/", query: [.init("page", "2")])) }
            await #expect(throws: HTTPError.self) { try await client.send(HTTPRequest(path: "/people/")) }
        }
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 4, "the header and three answers: a failure to connect is no answer")

        let recording = try TapeRecording(path: file.path, name: "demo.rec")
        #expect(recording.answerCount == 3)
        #expect(recording.damagedLines == [])
        #expect(recording.recordedAt == Self.clock.now)
        #expect(recording.summary == "demo.rec (3 answers, recorded 2026-11-18 11:06 UTC)")
        let tape = SessionTape()
        tape.set(.replaying(recording))
        let untouched = Transport([:])
        let replaying = client(tape, untouched)

        let answer = try await replaying.send(page)
        #expect(answer.status == 200)
        #expect(answer.body == Data(#"{"count": 1, "results": [{"name": "X-wing"}]}"#.utf8))
        #expect(answer.headers == ["content-type": "application/json", "etag": "\"v1\""], "set-cookie is not kept")
        #expect(try await replaying.send(image).body == Self.png, "a binary body comes back byte for byte")
        let missing = try await #require(throws: HTTPError.self) { try await replaying.send(HTTPRequest(path: "/starships/", query: [.init("page", "2")])) }
        #expect(missing.kind == .status(404))
        #expect(missing.body == Data(#"{"detail": "Not found"}"#.utf8))
        let never = try await #require(throws: HTTPError.self) { try await replaying.send(HTTPRequest(path: "/people/", query: [.init("page", "3")])) }
        #expect(never.kind == .notRecorded(file: "demo.rec", advice: "record it with --record"))
        #expect(never.description == "not in demo.rec: GET /people/?page=3 — record it with --record")
        #expect(untouched.asked.withLock { $0 } == [], "replay never asks the transport")
    }

    @Test func aRequestRecordedTwiceIsAnsweredInOrderThenWithTheLast() async throws {
        let directory = TemporaryDirectory("tape-order")
        defer { directory.remove() }
        let file = directory.file("demo.rec")
        let recorder = try TapeRecorder(path: file.path, header: Self.header)
        let request = HTTPRequest(path: "/starships/", query: [.init("page", "1"), .init("search", "wing")])
        for text in ["first", "second"] {
            recorder.append(TapeAnswer(feature: "starships", request: request, status: 200, headers: [:], body: Data(text.utf8), at: Self.clock.now))
        }
        recorder.stop()
        let tape = SessionTape()
        tape.set(.replaying(try TapeRecording(path: file.path)))
        // The query's order does not count.
        let reordered = HTTPRequest(path: "/starships/", query: [.init("search", "wing"), .init("page", "1")])
        var bodies: [String] = []
        for _ in 0..<4 { bodies.append(String(decoding: try await client(tape, Transport([:])).send(reordered).body, as: UTF8.self)) }
        #expect(bodies == ["first", "second", "second", "second"])
    }

    @Test func noSecretIsWrittenAndNoneIsNeededToMatch() async throws {
        let directory = TemporaryDirectory("tape-secrets")
        defer { directory.remove() }
        let file = directory.file("demo.rec")
        let key = "f00dfeed0123456789abcdefcafebabe", token = "eyJhbGciOiJIUzI1NiJ9.secret-token"
        let signed = HTTPRequest(path: "/movie/popular", query: [.init("page", "1"), .secret("api_key", key)],
                                 headers: [.secret("Authorization", "Bearer \(token)")])
        let transport = Transport([
            "/movie/popular?page=1": HTTPResponse(status: 200, headers: ["content-type": "application/json"],
                                                  body: Data("{\"echo\": \"\(key)\", \"token\": \"\(token)\"}".utf8)),
            "/movie/top_rated?page=1": HTTPResponse(status: 200, body: Data([0xFF, 0xFE]) + Data(key.utf8) + Data([0x00])),
        ])
        let binary = HTTPRequest(path: "/movie/top_rated", query: [.init("page", "1"), .secret("api_key", key)])
        try await record(to: file, from: transport) { client in
            _ = try await client.send(signed)
            _ = try await client.send(binary)
        }
        let written = try Data(contentsOf: file)
        for secret in [key, token, "secret@", "user:"] {
            #expect(written.range(of: Data(secret.utf8)) == nil, "\(secret) is in the recording")
        }
        let tape = SessionTape()
        tape.set(.replaying(try TapeRecording(path: file.path)))
        let unsigned = HTTPRequest(path: "/movie/popular", query: [.init("page", "1")])
        #expect(try await client(tape, Transport([:])).send(unsigned).body == Data("{\"echo\": \"•••\", \"token\": \"•••\"}".utf8))
        #expect(try await client(tape, Transport([:])).send(HTTPRequest(path: "/movie/top_rated", query: [.init("page", "1")])).body
                == Data([0xFF, 0xFE]) + Data("•••".utf8) + Data([0x00]), "a binary body is redacted byte for byte")
        #expect(TapeTarget.absolute(URL(string: "https://u:p@img.test/x.png?b=2&api_key=k&a=1#top")!) == "https://img.test/x.png?a=1&b=2")
    }

    @Test func damagedLinesAreLeftOutAndNamed() async throws {
        let directory = TemporaryDirectory("tape-damage")
        defer { directory.remove() }
        let file = directory.file("demo.rec")
        try await record(to: file) { client in
            _ = try await client.send(HTTPRequest(path: "/starships/", query: [.init("page", "1")]))
            _ = try await client.send(try #require(HTTPRequest(absolute: URL(string: "https://img.test/a.png")!)))
        }
        var text = try String(contentsOf: file, encoding: .utf8)
        // A garbled line in the middle, and the last cut short as a crash leaves it.
        text = text.replacingOccurrences(of: "\n{", with: "\nnot json\n{", options: [], range: text.range(of: "\n{"))
        text.removeLast(40)
        try Data(text.utf8).write(to: file)
        let recording = try TapeRecording(path: file.path, name: "demo.rec")
        #expect(recording.answerCount == 1)
        #expect(recording.damagedLines == [2, 4])
        #expect(recording.damageWarning == "demo.rec: line 2 and 1 more line cannot be read (cut short, or edited?) and were left out")
    }

    @Test func whatIsNotARecordingIsRefused() throws {
        let directory = TemporaryDirectory("tape-refused")
        defer { directory.remove() }
        let file = directory.file("x.rec")
        #expect(throws: TapeError("cannot replay x.rec: no such file")) { try TapeRecording(path: file.path, name: "x.rec") }
        for (text, reason) in [("", "not a recording (its first line is not explorer's recording header)"),
                               ("{\"hello\": 1}\n", "not a recording (its first line is not explorer's recording header)"),
                               (#"{"format":"explorer-recording","version":9,"explorer":"9","recorded_at":"2026-01-01T00:00:00Z","features":[]}"#,
                                "it is a version 9 recording; this explorer reads version 1"),
                               (#"{"format":"explorer-recording","version":1,"explorer":"9","recorded_at":"yesterday","features":[]}"#,
                                "its header's recorded_at is not a time explorer can use")] {
            try Data(text.utf8).write(to: file)
            #expect(throws: TapeError("cannot replay x.rec: \(reason)")) { try TapeRecording(path: file.path, name: "x.rec") }
        }
    }

    @Test func asecondRecorderOfTheSameFileIsRefusedUntilTheFirstStops() throws {
        let directory = TemporaryDirectory("tape-lock")
        defer { directory.remove() }
        let file = directory.file("demo.rec")
        let first = try TapeRecorder(path: file.path, name: "demo.rec", header: Self.header)
        #expect(throws: TapeError("cannot record to demo.rec: another explorer is recording to it")) {
            try TapeRecorder(path: file.path, name: "demo.rec", header: Self.header)
        }
        #expect(first.append(TapeAnswer(feature: "starships", request: HTTPRequest(path: "/x"), status: 200, headers: [:], body: Data(),
                                        at: Self.clock.now)) == 2)
        first.stop()
        let second = try TapeRecorder(path: file.path, name: "demo.rec", header: Self.header)
        #expect(second.answerCount == 0, "a recording starts the file afresh")
        #expect(try String(contentsOf: file, encoding: .utf8).split(separator: "\n").count == 1)
    }

    @Test func onlyANewFileOrARecordingIsRecordedTo() throws {
        let directory = TemporaryDirectory("tape-overwrite")
        defer { directory.remove() }
        let notes = directory.file("notes.md")
        try Data("# my notes\n".utf8).write(to: notes)
        #expect(throws: TapeError("cannot record to notes.md: it is not a recording (explorer records to a new file or over one of its recordings)")) {
            try TapeRecorder(path: notes.path, name: "notes.md", header: Self.header)
        }
        #expect(try String(contentsOf: notes, encoding: .utf8) == "# my notes\n", "left as it was")
        #expect(throws: TapeError("cannot record to here: Is a directory")) { try TapeRecorder(path: directory.url.path, name: "here", header: Self.header) }
        #expect(throws: TapeError("cannot replay here: not a file")) { try TapeRecording(path: directory.url.path, name: "here") }
        let fifo = directory.file("fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(throws: TapeError("cannot replay fifo: not a file")) { try TapeRecording(path: fifo.path, name: "fifo") }
    }

    @Test func offTheTapePassesRequestsOn() async throws {
        let tape = SessionTape()
        let transport = Transport(Self.transport.answers)
        _ = try await client(tape, transport).send(HTTPRequest(path: "/starships/", query: [.init("page", "1")]))
        #expect(transport.asked.withLock { $0 } == ["/starships/?page=1"])
    }
}
