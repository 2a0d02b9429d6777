import ExplorerClock
@testable import ExplorerCore
@testable import ExplorerHTTP
import ExplorerTrace
import Foundation
import TestSupport
import Testing

/// `net`: what `net fail` and `net latency` accept, which requests a fault meets and how often,
/// and what the injecting client does to a request (fail it as the fault says, cut its answer,
/// wait, or be interrupted while waiting).
@Suite("Network conditions")
struct NetworkConditionsTests {
    // MARK: Reading `net fail …`

    @Test(arguments: [
        ("500", NetworkFault(.status(500))),
        ("404 times 2", NetworkFault(.status(404), remaining: 2)),
        ("429 match people", NetworkFault(.status(429), match: "people")),
        ("timeout match page=2 times 1", NetworkFault(.timeout, remaining: 1, match: "page=2")),
        ("OFFLINE", NetworkFault(.offline)),
        ("malformed times 3", NetworkFault(.malformed, remaining: 3)),
        ("599", NetworkFault(.status(599))),
    ])
    func faultsAsTyped(text: String, fault: NetworkFault) throws {
        #expect(try NetworkFault.parse(text.split(separator: " ").map(String.init)) == fault)
    }

    @Test(arguments: [
        ([], "usage: net fail 500|404|429|timeout|offline|malformed [times N] [match TEXT]"),
        (["200"], "'200' is not a fault: an HTTP status from 400 to 599, timeout, offline or malformed"),
        (["600"], "'600' is not a fault: an HTTP status from 400 to 599, timeout, offline or malformed"),
        (["slow"], "'slow' is not a fault: an HTTP status from 400 to 599, timeout, offline or malformed"),
        (["500", "times"], "`times` needs a value (net fail 500|404|429|timeout|offline|malformed [times N] [match TEXT])"),
        (["500", "times", "0"], "times takes a count from 1 to 1000000, once (not '0')"),
        (["500", "times", "x"], "times takes a count from 1 to 1000000, once (not 'x')"),
        (["500", "times", "1", "times", "2"], "times takes a count from 1 to 1000000, once (not '2')"),
        (["500", "match", "a", "match", "b"], "match takes some text, once"),
        (["500", "often", "2"], "usage: net fail 500|404|429|timeout|offline|malformed [times N] [match TEXT]"),
    ])
    func whatIsNotAFault(words: [String], message: String) {
        #expect(throws: CommandError(message)) { try NetworkFault.parse(words) }
    }

    @Test func aFaultSaysTheWordsThatMakeIt() throws {
        for text in ["500", "404 times 2", "timeout match people", "offline times 1 match \"a b\""] {
            let words = try CommandTokenizer.commands(in: text)[0]
            #expect(try NetworkFault.parse(words).words == text)
        }
    }

    // MARK: Reading `net latency …`

    @Test(arguments: [
        ("800ms", 800, 0), ("1.5s", 1500, 0), ("800ms jitter 200ms", 800, 200), ("1m", 60_000, 0), ("0ms jitter 50ms", 0, 50),
    ])
    func latenciesAsTyped(text: String, milliseconds: Int, jitter: Int) throws {
        let latency = try NetworkConditions.Latency.parse(text.split(separator: " ").map(String.init))
        #expect(latency == NetworkConditions.Latency(milliseconds: milliseconds, jitter: jitter))
    }

    @Test func offOrNothingIsNoLatency() throws {
        #expect(try NetworkConditions.Latency.parse(["off"]) == nil)
        #expect(try NetworkConditions.Latency.parse(["0ms"]) == nil)
        #expect(try NetworkConditions.Latency.parse(["0s", "jitter", "0ms"]) == nil)
    }

    @Test(arguments: [
        (["800"], "'800' needs a unit: 800ms or 0.8s"),
        (["2m"], "'2m' is not a delay up to a minute (800ms, 1.5s)"),
        (["fast"], "'fast' is not a delay up to a minute (800ms, 1.5s)"),
        (["-5ms"], "'-5ms' is not a delay up to a minute (800ms, 1.5s)"),
        (["800ms", "jitter"], "usage: net latency 800ms [jitter 200ms] | net latency off"),
        (["800ms", "plus", "1ms"], "usage: net latency 800ms [jitter 200ms] | net latency off"),
        ([], "usage: net latency 800ms [jitter 200ms] | net latency off"),
    ])
    func whatIsNotALatency(words: [String], message: String) {
        #expect(throws: CommandError(message)) { try NetworkConditions.Latency.parse(words) }
    }

    // MARK: Which requests a fault meets

    @Test func aFaultWithTimesIsUsedUpByTheRequestsItMeetsAndThenGone() {
        let conditions = NetworkConditions(faults: [NetworkFault(.status(500), remaining: 2)])
        let request = HTTPRequest(path: "/starships/")
        #expect(conditions.plan(for: request).fault == NetworkFault(.status(500), remaining: 1))
        #expect(conditions.faults == [NetworkFault(.status(500), remaining: 1)])
        #expect(conditions.plan(for: request).fault == NetworkFault(.status(500), remaining: 0))
        #expect(conditions.faults.isEmpty)
        #expect(conditions.plan(for: request) == NetworkConditions.Plan(delay: 0, fault: nil))
        #expect(conditions.isEmpty)
    }

    @Test func aFaultWithoutTimesStaysUntilCleared() {
        let conditions = NetworkConditions(faults: [NetworkFault(.offline)])
        for _ in 0..<5 { #expect(conditions.plan(for: HTTPRequest(path: "/x/")).fault == NetworkFault(.offline)) }
        conditions.clear()
        #expect(conditions.plan(for: HTTPRequest(path: "/x/")).fault == nil)
    }

    @Test func matchIsASubstringOfTheEndpointCaseIgnoredAndTheFirstMatchingFaultApplies() {
        let conditions = NetworkConditions(faults: [
            NetworkFault(.status(404), remaining: 1, match: "PAGE=2"),
            NetworkFault(.timeout, match: "people"),
            NetworkFault(.status(500)),
        ])
        let page2 = HTTPRequest(path: "/starships/", query: [.init("page", "2")])
        #expect(conditions.plan(for: HTTPRequest(path: "/people/", query: [.init("page", "2")])).fault?.kind == .status(404))
        #expect(conditions.plan(for: page2).fault?.kind == .status(500), "the 404 was used up; the timeout is for people only")
        #expect(conditions.plan(for: HTTPRequest(path: "/people/3/")).fault?.kind == .timeout)
    }

    @Test func aSecretIsNeverMatched() {
        let conditions = NetworkConditions(faults: [NetworkFault(.offline, match: "hunter2")])
        let request = HTTPRequest(path: "/movie/popular", query: [.secret("api_key", "hunter2")])
        #expect(conditions.plan(for: request).fault == nil, "the endpoint shows the key as •••")
    }

    @Test func jitterKeepsEachDelayWithinItsRange() {
        let conditions = NetworkConditions(latency: .init(milliseconds: 100, jitter: 30))
        let delays = (0..<200).map { _ in conditions.plan(for: HTTPRequest(path: "/x/")).delay }
        #expect(delays.allSatisfy { (70...130).contains($0) }, "\(delays.filter { !(70...130).contains($0) })")
        #expect(Set(delays).count > 1, "the delays vary")
        let wide = NetworkConditions(latency: .init(milliseconds: 10, jitter: 50))
        #expect((0..<200).allSatisfy { _ in wide.plan(for: HTTPRequest(path: "/x/")).delay >= 0 }, "never below zero")
    }

    // MARK: The injecting client

    private static let baseURL = URL(string: "http://127.0.0.1:8080/api")!

    /// A virtual clock: injected waits take no real time.
    private static let virtualClock = SchedulingClock(virtualAt: Date(timeIntervalSince1970: 1_700_000_000))

    private static func client(_ conditions: NetworkConditions, tracer: Tracer = Tracer { _ in },
                               baseURL: URL? = baseURL, timeout: TimeInterval = 15,
                               clock: SchedulingClock = virtualClock) -> FaultInjectingHTTPClient {
        FaultInjectingHTTPClient(EmbeddedHTTPClient { _ in .json(#"{"count": 1, "results": [{"name": "X-wing"}]}"#) },
                                 conditions: conditions, tracer: tracer, baseURL: baseURL, timeout: timeout, clock: clock)
    }

    @Test func faultsFailTheRequestAsTheRealFailureWouldNamingTheServerAndPath() async throws {
        let request = HTTPRequest(path: "/starships/")
        let cases: [(NetworkFault.Kind, String)] = [
            (.status(503), "HTTP 503 from 127.0.0.1:8080 for /api/starships/"),
            (.status(429), "rate limited by 127.0.0.1:8080 (HTTP 429 for /api/starships/)"),
            (.timeout, "timed out: no answer in 15 s from 127.0.0.1:8080 for /api/starships/"),
            (.offline, "network unavailable: not connected to a network, so no answer from 127.0.0.1:8080 for /api/starships/"),
        ]
        for (kind, message) in cases {
            let error = await #expect(throws: HTTPError.self) {
                try await Self.client(NetworkConditions(faults: [NetworkFault(kind)])).send(request)
            }
            #expect(error?.description == message)
        }
        let offline = await #expect(throws: HTTPError.self) {
            try await Self.client(NetworkConditions(faults: [NetworkFault(.offline)]), baseURL: nil).send(request)
        }
        #expect(offline?.isNetworkUnavailable == true)
        #expect(offline?.host == "the embedded data", "embedded data is named as such, not as a server")
    }

    @Test func anInjectedTimeoutWaitsForTheTimeoutInForceByTheClock() async throws {
        let lines = LockedValue<[String]>([])
        let tracer = Tracer(enabled: true) { line in lines.withLock { $0.append(line) } }
        let conditions = NetworkConditions(faults: [NetworkFault(.timeout)])
        var shorter = HTTPRequest(path: "/img/1.png")
        shorter.timeout = 0.3

        // On a live clock it really waits, as a request that gets no answer would.
        let before = ContinuousClock.now
        let error = await #expect(throws: HTTPError.self) {
            try await Self.client(conditions, tracer: tracer, timeout: 60, clock: SchedulingClock()).send(shorter)
        }
        #expect(ContinuousClock.now - before >= .milliseconds(300), "the request's own, shorter timeout")
        #expect(error?.description == "timed out: no answer in 300 ms from 127.0.0.1:8080 for /api/img/1.png")
        #expect(lines.value == ["trace: net: GET /img/1.png gets no answer for 300 ms, then times out (injected)"])

        // Ctrl-C ends the wait.
        let waiting = Task { try await Self.client(conditions, timeout: 3600, clock: SchedulingClock()).send(HTTPRequest(path: "/x/")) }
        waiting.cancel()
        let cancelled = await #expect(throws: HTTPError.self) { try await waiting.value }
        #expect(cancelled?.kind == .cancelled)

        // On a virtual clock it waits no real time: the whole 15 s in an instant (the virtual
        // clock does not move; a real wait would show in the time the suite takes, not here).
        let virtual = await #expect(throws: HTTPError.self) { try await Self.client(conditions).send(HTTPRequest(path: "/x/")) }
        #expect(virtual?.description == "timed out: no answer in 15 s from 127.0.0.1:8080 for /api/x/")
    }

    @Test func malformedCutsTheRealAnswerHalfwaySoItIsNotJSON() async throws {
        let client = Self.client(NetworkConditions(faults: [NetworkFault(.malformed, remaining: 1)]))
        let cut = try await client.send(HTTPRequest(path: "/starships/"))
        #expect(String(decoding: cut.body, as: UTF8.self) == "{\"count\": 1, \"results\"")
        #expect(cut.status == 200)
        #expect((try? JSONSerialization.jsonObject(with: cut.body)) == nil)
        let whole = try await client.send(HTTPRequest(path: "/starships/"))
        #expect(String(decoding: whole.body, as: UTF8.self) == #"{"count": 1, "results": [{"name": "X-wing"}]}"#)
    }

    @Test func eachEffectIsTraced() async throws {
        let lines = LockedValue<[String]>([])
        let tracer = Tracer(enabled: true) { line in lines.withLock { $0.append(line) } }
        let conditions = NetworkConditions(latency: .init(milliseconds: 1), faults: [NetworkFault(.status(500), remaining: 2, match: "page")])
        let client = Self.client(conditions, tracer: tracer)
        _ = try? await client.send(HTTPRequest(path: "/starships/", query: [.init("page", "2")]))
        _ = try? await client.send(HTTPRequest(path: "/starships/", query: [.init("page", "3")]))
        _ = try await client.send(HTTPRequest(path: "/starships/"))
        #expect(lines.value == [
            "trace: net: GET /starships/?page=2 waits 1 ms (latency)",
            "trace: net: GET /starships/?page=2 fails: HTTP 500 (injected, 1 more to come)",
            "trace: net: GET /starships/?page=3 waits 1 ms (latency)",
            "trace: net: GET /starships/?page=3 fails: HTTP 500 (injected, the last time)",
            "trace: net: GET /starships/ waits 1 ms (latency)",
        ])
    }

    @Test func cancellingDuringTheLatencyInterruptsTheWait() async throws {
        let asked = LockedValue(0)
        let client = FaultInjectingHTTPClient(EmbeddedHTTPClient { _ in
            asked.withLock { $0 += 1 }
            return .json("{}")
        }, conditions: NetworkConditions(latency: .init(milliseconds: 60_000)), tracer: Tracer { _ in }, clock: SchedulingClock())
        let task = Task { try await client.send(HTTPRequest(path: "/slow/")) }
        task.cancel()
        await #expect(throws: HTTPError(.cancelled, endpoint: "/slow/", host: HTTPLocation.embeddedServer)) { try await task.value }
        #expect(asked.value == 0, "the request was never passed on")
    }
}
