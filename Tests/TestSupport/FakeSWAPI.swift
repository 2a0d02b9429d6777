import Foundation

/// Support/fake_swapi.py running on a loopback port for one test: started with extra
/// arguments (`--fail 2=500`, `--hang`, …; see the top of the script), stopped when the test
/// is done (``stop()``, or at the latest when this object goes away; the script also exits by
/// itself if the test runner dies). Once stopped, its port refuses connections until this object
/// goes away (``RefusingPort``): no other test's server is given it meanwhile.
public final class FakeSWAPI: Sendable {
    /// The path the API lives under: `/api` unless the arguments give `--prefix`.
    public let prefix: String
    /// The file the server appends each request target to.
    public let logFile: URL
    private let server: LoopbackScript
    public var port: Int { server.port }

    /// Starts the server, serving `data` (default: the repository's data/swapi; a `--data DIR`
    /// among `arguments` serves DIR instead), and waits until it announces its port.
    public init(_ arguments: [String] = [], data: URL = TestPaths.swapiData, sandbox: Sandbox) async throws {
        logFile = sandbox.file("fake_swapi-requests.log")
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        var all = ["--log", logFile.path, "--max-seconds", "600"]
        if !arguments.contains(where: { $0 == "--data" || $0.hasPrefix("--data=") }) {
            all += ["--data", data.path]
        }
        server = try await LoopbackScript(TestPaths.fakeSWAPI, all + arguments, name: "fake_swapi.py", sandbox: sandbox)
        prefix = Self.prefix(in: arguments)
    }

    /// The value of `--prefix P` / `--prefix=P` in `arguments` (the last one wins, as in the
    /// script), without a trailing slash; `/api` when there is none.
    public static func prefix(in arguments: [String]) -> String {
        var prefix = "/api"
        for (index, argument) in arguments.enumerated() {
            if argument == "--prefix", index + 1 < arguments.count {
                prefix = arguments[index + 1]
            } else if argument.hasPrefix("--prefix=") {
                prefix = String(argument.dropFirst("--prefix=".count))
            }
        }
        while prefix.hasSuffix("/") { prefix.removeLast() }
        return prefix
    }

    /// `http://127.0.0.1:PORT/api` (or whatever `--prefix` said), for Plugins.json's `baseURL`.
    public var baseURL: String { "http://127.0.0.1:\(port)\(prefix)" }

    /// The request targets received so far, in order (`/api/starships/?page=1`).
    public func requests() -> [String] {
        let text = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// Ends the server; its port then refuses connections for as long as this object lives
    /// (``LoopbackScript/stop()``).
    public func stop() {
        server.stop()
    }

    /// A Plugins.json enabling starships with its live data at `baseURL`.
    public static func pluginsJSON(baseURL: String) -> String {
        """
        {
          "source": "embedded",
          "features": [
            { "id": "starships", "enabled": true, "baseURL": "\(baseURL)", "settings": { } }
          ]
        }

        """
    }
}
