import ExplorerCore
import ExplorerHTTP
import Foundation
import TestSupport
import Testing

/// The live transport holds its limits against a hostile server: a body that never ends is
/// stopped at the size limit, a body that drips is stopped at the deadline, and cancelled
/// requests stop their transfers underneath (the server sees them hang up), so the next
/// request to that host is answered at once.
@Suite("Live transport limits")
struct LiveTransportTests {
    /// The number the server wrote to `file` (`--current`), once it is `expected`, or the last
    /// one seen when `deadline` passes (generous: a loaded machine running every suite at
    /// once can keep the tasks that send the requests waiting for a thread).
    static func wait(for expected: Int, in file: URL, deadline: Duration = .seconds(90)) async -> Int? {
        let clock = ContinuousClock()
        let end = clock.now + deadline
        var last: Int?
        while clock.now < end {
            last = (try? String(contentsOf: file, encoding: .utf8)).flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            if last == expected { return last }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return last
    }

    @Test("a body that never ends is stopped at the size limit, and the server sees the client hang up")
    func endlessBodyStopsAtTheLimit() async throws {
        let sandbox = try Sandbox("transport-endless")
        let current = sandbox.file("current")
        let server = try await FakeSWAPI(["--endless", "--current", current.path], sandbox: sandbox)
        let client = LiveHTTPClient(baseURL: URL(string: server.baseURL)!, timeout: 30)
        var request = HTTPRequest(path: "/starships/", query: [.init("page", "1")])
        request.maxBytes = 1 << 20
        let error = await #expect(throws: HTTPError.self) { try await client.send(request) }
        #expect(error?.kind == .tooLarge(limit: 1 << 20))
        #expect(error?.description == "the answer from 127.0.0.1:\(server.port) for /api/starships/?page=1 is over the 1 MB limit, so it was stopped")
        #expect(await Self.wait(for: 0, in: current) == 0, "the transfer was stopped, not left running")
    }

    @Test("a child started during a request does not hold its connection open after it is stopped")
    func aChildDoesNotInheritTheConnection() async throws {
        let sandbox = try Sandbox("transport-child")
        let current = sandbox.file("current")
        let server = try await FakeSWAPI(["--hang", "starships:2", "--current", current.path], sandbox: sandbox)
        let client = LiveHTTPClient(baseURL: URL(string: server.baseURL)!, timeout: 60)
        let hung = Task { try await client.send(HTTPRequest(path: "/starships/", query: [.init("page", "2")])) }
        #expect(await Self.wait(for: 1, in: current) == 1, "the request reached the server")
        // A process started now gets every descriptor that is not closed on exec.
        let child = try Self.spawnInheritingEverything("/bin/sleep", "60")
        defer {
            kill(child, SIGKILL)
            waitpid(child, nil, 0)
        }
        hung.cancel()
        _ = try? await hung.value
        #expect(await Self.wait(for: 0, in: current, deadline: .seconds(20)) == 0, "the server saw the request hang up while the child lives")
    }

    /// Starts a program with plain `posix_spawn`, which hands it every descriptor of this process
    /// not marked close-on-exec — as any careless spawn would. (Not through swift-subprocess,
    /// as the tests' other children are: it closes every other descriptor in the child, so the
    /// test above would pass with or without the transport's close-on-exec sockets.)
    static func spawnInheritingEverything(_ program: String, _ arguments: String...) throws -> pid_t {
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, program, nil, nil, argv, environ)
        guard result == 0 else { throw SetupError("cannot start \(program): \(String(cString: strerror(result)))") }
        return pid
    }

    @Test("explorer: an endless answer is one error at the 32 MB limit, and nothing is cached")
    func endlessAnswerInTheBinary() async throws {
        let sandbox = try Sandbox("transport-endless-binary")
        let server = try await FakeSWAPI(["--endless"], sandbox: sandbox)
        try sandbox.write(FakeSWAPI.pluginsJSON(baseURL: server.baseURL), to: "Plugins.json")
        let output = try await Explorer.run(["--source", "live", "--config", sandbox.file("Plugins.json").path, "--timeout", "30"],
                                            script: "use starships\nfeatures\n", in: sandbox)
        #expect(output.stderrText == "error: line 1: starships did not load: the answer from 127.0.0.1:\(server.port) for /api/starships/?page=1 is over the 32 MB limit, so it was stopped; no feature is in use\n")
        #expect(output.stdoutText.contains("starships"), "the next line ran")
        #expect(output.status == 1)
    }

    // The whole answer would take 1,000 s: the time limit is a guard, the timeout error the proof.
    @Test("a body that drips a byte a second fails at the deadline, not when it ends", .timeLimit(.minutes(3)))
    func drippingBodyStopsAtTheDeadline() async throws {
        let sandbox = try Sandbox("transport-drip")
        let server = try await FakeSWAPI(["--drip"], sandbox: sandbox)
        let client = LiveHTTPClient(baseURL: URL(string: server.baseURL)!, timeout: 2)
        let error = await #expect(throws: HTTPError.self) {
            try await client.send(HTTPRequest(path: "/starships/", query: [.init("page", "1")]))
        }
        #expect(error?.description == "timed out: no answer in 2 s from 127.0.0.1:\(server.port) for /api/starships/?page=1")
    }

    @Test("eight cancelled requests to a hanging server are hung up; a ninth to that host answers")
    func cancelledRequestsStopTheirTransfers() async throws {
        let sandbox = try Sandbox("transport-cancel")
        let current = sandbox.file("current")
        let server = try await FakeSWAPI(["--hang", "starships:2", "--current", current.path], sandbox: sandbox)
        let client = LiveHTTPClient(baseURL: URL(string: server.baseURL)!, timeout: 60)
        let hung = (0..<8).map { _ in
            Task { try await client.send(HTTPRequest(path: "/starships/", query: [.init("page", "2")])) }
        }
        #expect(await Self.wait(for: 8, in: current) == 8, "all eight reached the server")
        hung.forEach { $0.cancel() }
        for task in hung {
            let error = await #expect(throws: HTTPError.self) { try await task.value }
            #expect(error?.kind == .cancelled)
        }
        #expect(await Self.wait(for: 0, in: current) == 0, "the server saw every cancelled request hang up")
        let answer = try await client.send(HTTPRequest(path: "/starships/", query: [.init("page", "1")]))
        #expect(answer.status == 200)
        #expect(answer.body.count > 1000)
    }
}
