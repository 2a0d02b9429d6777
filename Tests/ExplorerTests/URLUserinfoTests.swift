import ExplorerText
import Foundation
import TestSupport
@testable import explorer
import Testing

/// A user and password in Plugins.json's URLs (`http://user:password@host/…`, which libcurl
/// sends as credentials) are used but never shown: every URL reads `•••@host` in `arch`,
/// traces, errors and JSON.
@Suite("Secrets in a URL")
struct URLUserinfoTests {
    static let password = "pa55-w0rd-in-url"
    static let features = (BuiltinFeatures.all + DescribedFeatures.builtIn).map(\.id)

    /// A Plugins.json whose every URL carries `user:password@` and points at `port`.
    static func pluginsJSON(port: Int) -> String {
        let base = "http://explorer-user:\(password)@127.0.0.1:\(port)"
        let entries = features.map { id in
            if let described = JSONReader.value(Data(DefaultPlugins.json.utf8))?["features"]
                .flatMap({ features -> JSONValue? in
                    guard case .array(let entries) = features else { return nil }
                    return entries.first { $0["id"] == .string(id) }?["describe"]
                }) {
                return #"{ "id": "\#(id)", "enabled": true, "baseURL": "\#(base)/\#(id)", "describe": \#(JSONWriter.string(described)) }"#
            }
            let settings = id == "moviedb" ? #"{ "imageBaseURL": "\#(base)/t/p/w500" }"# : "{ }"
            return #"{ "id": "\#(id)", "enabled": true, "baseURL": "\#(base)/\#(id)", "settings": \#(settings) }"#
        }
        return #"{ "source": "live", "features": [ \#(entries.joined(separator: ", ")) ] }"#
    }

    static func assertNoPassword(in output: ProcessOutput, sourceLocation: SourceLocation = #_sourceLocation) {
        for (name, text) in [("stdout", output.stdoutText), ("stderr", output.stderrText)] {
            #expect(!text.contains(password), "the password shows on \(name):\n\(text)", sourceLocation: sourceLocation)
            #expect(!text.contains("explorer-user"), "the user name shows on \(name)", sourceLocation: sourceLocation)
        }
    }

    @Test("arch, traces, errors against a refused port, text and JSON: the URLs read •••@127.0.0.1")
    func neverShownAgainstARefusedPort() async throws {
        let sandbox = try Sandbox("secrets-userinfo")
        let refusing = try RefusingPort()
        defer { withExtendedLifetime(refusing) {} }
        let port = refusing.port
        try sandbox.write(Self.pluginsJSON(port: port), to: "Plugins.json")
        var script = "arch\ntrace on\n"
        for format in ["text", "json"] {
            script += "format \(format)\narch\n" + Self.features.map { "use \($0)\narch\nrefresh\n" }.joined()
        }
        let output = try await Explorer.run(["--config", sandbox.file("Plugins.json").path, "--timeout", "2"], script: script,
                                            environment: ["TMDB_API_KEY": FakeTMDB.key], in: sandbox)

        Self.assertNoPassword(in: output)
        #expect(output.stdoutText.contains("http://•••@127.0.0.1:\(port)/starships"), "arch names the base URL, redacted")
        #expect(output.stdoutText.contains("libcurl to http://•••@127.0.0.1:\(port)/starships"), "and the client stack")
        #expect(output.stdoutText.contains(#""does":"libcurl to http://•••@127.0.0.1:\#(port)/itunes"#), "and JSON")
        #expect(output.stderrText.contains("refused the connection"), "the requests were made:\n\(output.stderrText)")
        #expect(!output.stderrText.contains(FakeTMDB.key))
    }

    @Test("a poster fetched from an imageBaseURL with a password: its URL shows •••, the server gets the credentials")
    func posterURL() async throws {
        let sandbox = try Sandbox("secrets-userinfo-poster")
        let server = try await MovieDBLiveTests.start(sandbox)
        let imageBase = "http://explorer-user:\(Self.password)@127.0.0.1:\(server.port)/t/p/w500"
        try sandbox.write(FakeTMDB.pluginsJSON(baseURL: server.baseURL, imageBaseURL: imageBase), to: "Plugins.json")
        let script = "trace on\nuse moviedb\nopen 2\nposter\nformat json\nopen 2\nposter\n"
        let output = try await MovieDBLiveTests.run(script, environment: ["TMDB_API_KEY": FakeTMDB.key, "PATH": "/nonexistent"], in: sandbox)

        Self.assertNoPassword(in: output)
        #expect(output.status == 0, "\(output.stderrText)")
        #expect(output.stdoutText.contains("http://•••@127.0.0.1:\(server.port)/t/p/w500/7gKI9hpEMcZUQpNgKrkDzJpbnNS.jpg"))
        #expect(server.requests().contains("/t/p/w500/7gKI9hpEMcZUQpNgKrkDzJpbnNS.jpg"), "fetched with the URL as written")
    }

    @Test("a Plugins.json URL that is refused is quoted without its password")
    func configErrors() async throws {
        let sandbox = try Sandbox("secrets-userinfo-config")
        try sandbox.write(#"{ "source": "live", "features": [ { "id": "starships", "enabled": true, "baseURL": "ftp://explorer-user:\#(Self.password)@127.0.0.1/api" } ] }"#,
                          to: "Plugins.json")
        let output = try await Explorer.run(["--config", sandbox.file("Plugins.json").path], script: "features\n", in: sandbox)

        Self.assertNoPassword(in: output)
        #expect(output.stderrText.contains("expected an http(s) URL, not \"ftp://•••@127.0.0.1/api\""), "\(output.stderrText)")
    }
}
