import ExplorerCore
import ExplorerHTTP
import ExplorerShell
import ExplorerStore
import ExplorerTrace
import Foundation
import TestSupport
import Testing

/// A request's secret query items and headers (API keys, tokens) are sent, but never shown:
/// not in traces, retry traces, error messages or JSON output, live or embedded.
@Suite("Secrets")
struct SecretsTests {
    static let key = "k3y-0f-test-4b1d"
    static let token = "t0k3n-s3cr3t-77"

    /// A request for SWAPI's `page` with the key as a query item and the token as a header.
    static func request(page: Int) -> HTTPRequest {
        HTTPRequest(path: "/starships/", query: [.init("page", String(page)), .secret("api_key", key)],
                    headers: [.secret("Authorization", "Bearer \(token)")])
    }

    static func assertNothingSecret(in text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!text.contains(key), "the key shows in: \(text)", sourceLocation: sourceLocation)
        #expect(!text.contains(token), "the token shows in: \(text)", sourceLocation: sourceLocation)
    }

    @Test func theEndpointShowsSecretsAsDotsAndTheURLCarriesThem() throws {
        let request = Self.request(page: 2)
        #expect(request.endpoint == "/starships/?page=2&api_key=•••")
        let url = try #require(request.url(relativeTo: URL(string: "https://api.example/3")!))
        #expect(url.absoluteString == "https://api.example/3/starships/?page=2&api_key=\(Self.key)")
        #expect(request.redacting("GET https://api.example/3/starships/?page=2&api_key=\(Self.key) failed; Bearer \(Self.token)")
                == "GET https://api.example/3/starships/?page=2&api_key=••• failed; •••", "the whole header value is secret")
        let encoded = HTTPRequest(path: "/x", query: [.secret("k", "a b&c")])
        #expect(encoded.endpoint == "/x?k=•••")
        #expect(encoded.redacting("…?k=a%20b%26c and a b&c") == "…?k=••• and •••", "sent or percent-encoded")
    }

    @Test("a key a server echoes back, as sent, percent-encoded or JSON-escaped, is in no output, trace, raw, cache or recording")
    func keysAServerEchoesAreNeverShownOrKept() async throws {
        let sandbox = try Sandbox("secrets-echoed")
        let folder = try MovieDBLiveTests.answers(in: sandbox)
        let server = try await FakeSWAPI(FakeTMDB.arguments(data: folder) + ["--echo-key", "api_key"], sandbox: sandbox)
        // A key in imageBaseURL's query, as some image hosts take one.
        try sandbox.write(FakeTMDB.pluginsJSON(baseURL: server.baseURL, imageBaseURL: "http://127.0.0.1:\(server.port)/t/p/w500?api_key=\(FakeTMDB.key)"),
                          to: "Plugins.json")
        let rejected = try await MovieDBLiveTests.run("use moviedb\n", environment: ["TMDB_API_KEY": "wrong-key-\(FakeTMDB.key)"], in: sandbox)
        #expect(rejected.status == 1)
        #expect(rejected.stderrText.hasPrefix("error: line 1: moviedb did not load: TMDB rejected the API key (status 7: Invalid API key: ••• / ••• / •••)"),
                "\(rejected.stderrText)")

        let file = sandbox.file("demo.rec")
        // `raw` whole and in its sections (`raw headers`, `raw body`), as text and as JSON.
        let script = "trace on\nuse moviedb\nraw\nraw headers\nraw body\nopen 1\nformat json\nraw\nraw headers\nraw body\n"
        let live = try await MovieDBLiveTests.run(script, arguments: ["--record", file.path], in: sandbox)
        #expect(live.status == 0, "\(live.stderrText)")
        #expect(live.stdoutText.components(separatedBy: #""echo":"••• / ••• / •••""#).count == 3,
                "raw's JSON and raw body's show the echo redacted: \(live.stdoutText.suffix(300))")
        #expect(live.stdoutText.contains("api_key=•••"), "imageBaseURL's key is •••")
        for text in [rejected.stdoutText, rejected.stderrText, live.stdoutText, live.stderrText] {
            for form in [FakeTMDB.key, HTTPRequest.encode(FakeTMDB.key), FakeTMDB.key.unicodeScalars.map { String(format: "\\u%04x", $0.value) }.joined()] {
                #expect(!text.contains(form), "\(form) shows in: \(text.prefix(400))")
            }
        }
        // Nothing kept holds it: the recording, the database (the response cache, the offline index).
        let kept = try FileManager.default.contentsOfDirectory(atPath: sandbox.dataDirectory).map { sandbox.dataDirectory + "/" + $0 } + [file.path]
        for path in kept {
            guard let bytes = FileManager.default.contents(atPath: path) else { continue }
            #expect(bytes.range(of: Data(FakeTMDB.key.utf8)) == nil, "the key is in \(path)")
            #expect(bytes.range(of: Data(FakeTMDB.key.unicodeScalars.map { String(format: "\\u%04x", $0.value) }.joined().utf8)) == nil,
                    "the escaped key is in \(path)")
        }
    }

    @Test("live: the server gets the key and the token; traces, retries and errors show •••")
    func liveRequestsCarryTheSecretsButNeverShowThem() async throws {
        let sandbox = try Sandbox("secrets-live")
        let server = try await FakeSWAPI(["--require", "api_key=\(Self.key)", "--require", "header:Authorization=Bearer \(Self.token)",
                                    "--retry-after", "0", "--fail", "3=500"], sandbox: sandbox)
        let lines = LockedValue<[String]>([])
        let tracer = Tracer(enabled: true, write: { line in lines.withLock { $0.append(line) } })
        // The timeout bounds the request, the retry's wait included: generous, so that a test run
        // that keeps every core busy cannot turn the retry asked for into a timeout.
        let client = await MainActor.run {
            AppEnvironment(selection: SourceSelection(.live), tracer: tracer, favourites: .inMemory(),
                           dataDirectory: sandbox.directory, timeout: 60)
                .httpClient(featureID: "starships", baseURL: URL(string: server.baseURL)!, embedded: { _ in nil })
        }

        let answer = try await client.send(Self.request(page: 1))
        #expect(answer.status == 200, "the key and the token reached the server (else 401)")
        let failure = await #expect(throws: HTTPError.self) { try await client.send(Self.request(page: 3)) }
        #expect(failure?.description == "HTTP 500 from 127.0.0.1:\(server.port) for /api/starships/?page=3&api_key=•••")
        let refusing = try RefusingPort()
        defer { withExtendedLifetime(refusing) {} }
        let refused = LiveHTTPClient(baseURL: URL(string: "http://127.0.0.1:\(refusing.port)/api")!, timeout: 5)
        let unreachable = await #expect(throws: HTTPError.self) { try await refused.send(Self.request(page: 1)) }

        let traced = lines.value
        #expect(traced.contains("trace: GET /starships/?page=1&api_key=••• → 429, retrying in 0 ms"))
        #expect(traced.contains { $0.hasPrefix("trace: GET /starships/?page=1&api_key=••• → 200 (") })
        #expect(traced.contains { $0.hasPrefix("trace: GET /starships/?page=3&api_key=••• → 500 (") })
        for text in traced + [failure?.description ?? "", unreachable?.description ?? ""] {
            Self.assertNothingSecret(in: text)
        }
        #expect(server.requests().contains("/api/starships/?page=1&api_key=\(Self.key)"), "sent as it is")
    }

    @Test("a shell in JSON mode with tracing on: no output names the secrets")
    @MainActor
    func noShellOutputNamesTheSecrets() async throws {
        let h = ShellHarnessForSecrets()
        defer { h.directory.remove() }
        for line in ["trace on", "use fake", "fetch 1", "fetch 2", "format json", "fetch 1", "fetch 2"] {
            await h.shell.execute(line)
        }
        let (out, errors) = h.outputs
        let everything = (out + errors).joined()
        Self.assertNothingSecret(in: everything)
        #expect(everything.contains("api_key=•••"))
        #expect(errors.contains("error: HTTP 404 from the embedded data for /starships/?page=2&api_key=•••\n"))
        #expect(out.contains(#"{"feature":"fake","screen":"fetched","body":"{\"ok\": true}"}"# + "\n"))
    }
}

/// A shell over one feature whose `fetch N` asks for page N with the secrets, on embedded data
/// that has page 1 only.
@MainActor
final class ShellHarnessForSecrets {
    let directory = TemporaryDirectory()
    let output = LockedValue<(out: [String], errors: [String])>(([], []))
    let shell: Shell

    init() {
        let output = self.output
        let shellOutput = ShellOutput(out: { text in output.withLock { $0.out.append(text) } },
                                      error: { text in output.withLock { $0.errors.append(text) } })
        let tracer = Tracer(write: { shellOutput.errorLine($0) })
        let descriptor = FeatureDescriptor(
            id: "fake", title: "Fake", summary: "secrets",
            embedded: { request in request.queryValue("page") == "1" ? .json(#"{"ok": true}"#) : nil },
            make: { context in SecretFetcher(context: context) })
        let config = try! PluginsConfig.parse(Data(#"{"source": "embedded", "features": [{"id": "fake", "enabled": true, "baseURL": "https://api.example"}]}"#.utf8),
                                              file: "Plugins.json", knownIDs: ["fake"])
        let selection = SourceSelection(.embedded)
        let favourites = FavouritesStore.inMemory()
        let environment = AppEnvironment(selection: selection, tracer: tracer, favourites: favourites, dataDirectory: directory.url)
        let registry = FeatureRegistry(config: config, available: [descriptor], makeContext: environment.context(for:))
        shell = Shell(registry: registry, output: shellOutput, tracer: tracer, source: selection, favourites: favourites,
                      outlet: environment.outlet)
    }

    var outputs: (out: [String], errors: [String]) { output.value }
}

@MainActor
private final class SecretFetcher: Feature {
    let context: FeatureContext
    init(context: FeatureContext) { self.context = context }
    var location: [String] { [] }
    var commands: [Command] {
        [Command("fetch", summary: "fetch a page with the secrets", run: { [context] arguments in
            let response = try await context.http.send(SecretsTests.request(page: Int(arguments[0]) ?? 0))
            return .reply(.message(String(decoding: response.body, as: UTF8.self), feature: "fake", kind: "fetched",
                                   facts: ["body": .string(String(decoding: response.body, as: UTF8.self))]))
        })]
    }
    func enter() async throws { context.outlet.show(.message("fake", feature: "fake", kind: "list")) }
    func back() async throws -> Bool { false }
    func sourceDidChange(isActive: Bool) async throws {}
}
