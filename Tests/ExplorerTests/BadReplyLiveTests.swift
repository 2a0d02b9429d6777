import Foundation
import TestSupport
import Testing

/// A server that was reached and answered badly is the server's failure, named as it happened,
/// an error (exit 1): never "network unavailable", which is for a connection that could not be
/// made, and so never a reason to show a cached copy as if offline (issue 19 §7).
@Suite("A server that answers badly is named, not called the network")
struct BadReplyLiveTests {
    /// Each way of answering that no HTTP client can take (fake_swapi.py's `--broken`), and what
    /// explorer says of it after `error: line N: `, PATH standing for the path asked for.
    static let replies: [(kind: String, message: String)] = [
        ("huge-headers", "the headers from SERVER for PATH are over 64 KB, so the answer was stopped"),
        ("bad-gzip", "the answer from SERVER for PATH is not in the Content-Encoding it names, so it cannot be decompressed"),
        ("negative-length", "SERVER did not answer PATH in HTTP (another protocol, HTTP/0.9 or broken HTTP)"),
        ("redirect-loop", "SERVER redirected PATH more than 5 times (a redirect loop?)"),
        ("https-redirect", "no secure (TLS) connection could be made to SERVER for PATH: SSL connect error"),
        ("redirect-file", "SERVER redirected PATH to file:…; only http and https redirects are followed"),
        ("redirect-ftp", "SERVER redirected PATH to ftp:…; only http and https redirects are followed"),
        ("redirect-javascript", "SERVER redirected PATH to javascript:…; only http and https redirects are followed"),
        ("redirect-malformed", "SERVER redirected PATH to a URL that cannot be read; only http and https redirects are followed"),
        ("not-http", "SERVER did not answer PATH in HTTP (another protocol, HTTP/0.9 or broken HTTP)"),
        ("http09", "SERVER did not answer PATH in HTTP (another protocol, HTTP/0.9 or broken HTTP)"),
    ]

    static func message(_ kind: String, server: FakeSWAPI, path: String) -> String {
        replies.first { $0.kind == kind }!.message
            .replacingOccurrences(of: "SERVER", with: "127.0.0.1:\(server.port)")
            .replacingOccurrences(of: "PATH", with: path)
    }

    @Test("starships: the cause in one line, exit 1", arguments: replies.map(\.kind))
    func starships(kind: String) async throws {
        let sandbox = try Sandbox("bad-reply-starships-\(kind)")
        let server = try await FakeSWAPI(["--broken", "*=\(kind)"], sandbox: sandbox)
        let output = try await HostileServerTests.run("use starships\nfeatures\n", server: server, feature: "starships", sandbox: sandbox)
        #expect(output.stderrText == "error: line 1: starships did not load: \(Self.message(kind, server: server, path: "/api/starships/?page=1")); no feature is in use\n")
        #expect(output.stdoutText.contains("starships"), "the next line ran: \(output.stdoutText)")
        #expect(output.status == 1)
    }

    @Test("facts: refresh fails in one line, exit 1, and the document kept is not shown as offline", arguments: replies.map(\.kind))
    func facts(kind: String) async throws {
        let sandbox = try Sandbox("bad-reply-facts-\(kind)")
        let server = try await FactsLiveTests.start(sandbox, hrefs: [], server: ["--broken", "*=\(kind),after=1"])
        let output = try await FactsLiveTests.run("use facts\nrefresh\n", in: sandbox)
        #expect(output.stdoutText.hasPrefix("About Canada · 13 facts"), "the first answer is good: \(output.stdoutText)")
        #expect(output.stderrText == "error: line 2: \(Self.message(kind, server: server, path: "/s/facts.json"))\n")
        #expect(output.stdoutText.contains("network unavailable") == false)
        #expect(output.status == 1)
    }

    @Test("moviedb: refresh fails in one line, exit 1, the key never shown", arguments: replies.map(\.kind))
    func movieDB(kind: String) async throws {
        let sandbox = try Sandbox("bad-reply-moviedb-\(kind)")
        let server = try await MovieDBLiveTests.start(sandbox, extra: ["--broken", "*=\(kind),after=1"])
        let output = try await MovieDBLiveTests.run("use moviedb\nrefresh\n", in: sandbox)
        #expect(output.stdoutText.hasPrefix("Movies · Popular · page 1 of 500 · 779,157 movies\n"), "\(output.stdoutText)")
        #expect(output.stderrText == "error: line 2: \(Self.message(kind, server: server, path: "/3/movie/popular?page=1&api_key=•••"))\n")
        #expect(output.stdoutText.contains("offline") == false)
        #expect(output.status == 1)
    }

    @Test("characters, iTunes and races name the same causes", arguments: ["redirect-loop", "not-http", "bad-gzip"])
    func theOtherFeatures(kind: String) async throws {
        let sandbox = try Sandbox("bad-reply-others-\(kind)")
        let swapi = try await FakeSWAPI(["--broken", "*=\(kind)"], sandbox: sandbox)
        let characters = try await HostileServerTests.run("use characters\n", server: swapi, feature: "characters", sandbox: sandbox)
        // A load of many pages names the page that failed first.
        #expect(characters.stderrText == "error: line 1: characters did not load: page 1 failed: \(Self.message(kind, server: swapi, path: "/api/people/?page=1")); no feature is in use\n")
        #expect(characters.status == 1)

        let itunes = try await HostileServerTests.run("use itunes\nsearch jack johnson\n", server: swapi, feature: "itunes", sandbox: sandbox)
        let searched = swapi.requests().last ?? "?"
        #expect(searched.hasPrefix("/api/search?term=jack%20johnson"), "\(swapi.requests())")
        #expect(itunes.stderrText == "error: line 2: \(Self.message(kind, server: swapi, path: searched))\n")
        #expect(itunes.stderrText.contains("network unavailable") == false)
        #expect(itunes.status == 1)
        swapi.stop()

        let races = try await RacesLiveTests.start(sandbox, offsets: [600, 900], extra: ["--broken", "*=\(kind)"])
        let output = try await RacesLiveTests.run("use races\n", in: sandbox)
        #expect(output.stderrText == "error: line 1: races did not load: \(Self.message(kind, server: races, path: "/rest/v1/racing/?method=nextraces&count=10")); no feature is in use\n")
        #expect(output.status == 1)
    }
}
