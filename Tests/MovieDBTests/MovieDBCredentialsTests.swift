import ExplorerCore
import ExplorerHTTP
import ExplorerText
import Foundation
@testable import MovieDB
import TestSupport
import Testing

/// Where TMDB's key comes from (the environment's key, then its token, then the key file), and
/// how the signer sends it without ever showing it.
@Suite("MovieDB credentials")
struct MovieDBCredentialsTests {
    static let key = "0123456789abcdef0123456789abcdef"
    static let token = "eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiJ0ZXN0In0.c2lnbmF0dXJl"

    let directory = TemporaryDirectory("moviedb-credentials")

    func sources(_ environment: [String: String] = [:], settings: JSONValue = [:]) -> RequestSigner.Sources {
        RequestSigner.Sources(environment: environment, settings: settings, configDirectory: directory.url)
    }

    func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    var defaultFile: URL { directory.file("tmdb-key") }

    func missing(_ file: URL) -> TMDBError { .noKey(keyFile: file) }

    /// What the user reads when no key is given.
    func missingText(_ file: URL) -> String {
        "TMDB needs an API key for live data: set TMDB_API_KEY (a v3 key) or TMDB_READ_TOKEN (a v4 read access token), "
            + "or put it in \(file.path) (the apiKeyFile setting); `source embedded` needs none"
    }

    // MARK: Order

    @Test func theEnvironmentsKeyComesBeforeItsTokenWhichComesBeforeTheFile() throws {
        defer { directory.remove() }
        try write("filekey", to: defaultFile)
        #expect(try MovieDBCredentials.credential(sources(["TMDB_API_KEY": Self.key, "TMDB_READ_TOKEN": Self.token])) == .apiKey(Self.key))
        #expect(try MovieDBCredentials.credential(sources(["TMDB_READ_TOKEN": Self.token])) == .readToken(Self.token))
        #expect(try MovieDBCredentials.credential(sources()) == .apiKey("filekey"))
    }

    @Test func emptyOrBlankValuesAreIgnoredAndValuesAreTrimmed() throws {
        defer { directory.remove() }
        #expect(try MovieDBCredentials.credential(sources(["TMDB_API_KEY": "  \t", "TMDB_READ_TOKEN": " \(Self.token)\n"])) == .readToken(Self.token))
        #expect(try MovieDBCredentials.credential(sources(["TMDB_API_KEY": "\n\(Self.key)  "])) == .apiKey(Self.key))

        try write("   \n", to: defaultFile)
        #expect(throws: missing(defaultFile)) { try MovieDBCredentials.credential(sources(["TMDB_API_KEY": "", "TMDB_READ_TOKEN": " "])) }

        try write("\n  filekey \n", to: defaultFile)
        #expect(try MovieDBCredentials.credential(sources(["TMDB_API_KEY": "", "TMDB_READ_TOKEN": " "])) == .apiKey("filekey"))
    }

    // MARK: The key file

    @Test func theDefaultKeyFileIsTmdbKeyInTheConfigDirectory() {
        defer { directory.remove() }
        #expect(MovieDBCredentials.keyFile(sources()) == defaultFile)
        #expect(MovieDBCredentials.keyFile(sources(settings: ["apiKeyFile": ""])) == defaultFile)
        #expect(MovieDBCredentials.keyFile(sources(settings: ["apiKeyFile": 3])) == defaultFile)
    }

    @Test func theApiKeyFileSettingNamesTheFileWithTildeForHome() throws {
        defer { directory.remove() }
        let home = directory.file("home")
        let settings: JSONValue = ["apiKeyFile": "~/secrets/tmdb.txt"]
        let inHome = home.appendingPathComponent("secrets/tmdb.txt")
        #expect(MovieDBCredentials.keyFile(sources(["HOME": home.path], settings: settings)).path == inHome.path)
        #expect(throws: missing(inHome)) { try MovieDBCredentials.credential(sources(["HOME": home.path], settings: settings)) }

        try write("homekey\n", to: inHome)
        try write("defaultkey", to: defaultFile)
        #expect(try MovieDBCredentials.credential(sources(["HOME": home.path], settings: settings)) == .apiKey("homekey"))

        let elsewhere = directory.file("elsewhere/key")
        try write(Self.key, to: elsewhere)
        #expect(try MovieDBCredentials.credential(sources(settings: ["apiKeyFile": .string(elsewhere.path)])) == .apiKey(Self.key))
    }

    @Test func aJWTShapedTokenInTheFileIsAReadToken() throws {
        defer { directory.remove() }
        try write(Self.token + "\n", to: defaultFile)
        #expect(try MovieDBCredentials.credential(sources()) == .readToken(Self.token))

        try write("eyJnot.a-token", to: defaultFile)
        #expect(try MovieDBCredentials.credential(sources()) == .apiKey("eyJnot.a-token"), "two parts are not a JWT")
        try write("abc.def.ghi", to: defaultFile)
        #expect(try MovieDBCredentials.credential(sources()) == .apiKey("abc.def.ghi"), "a JWT starts eyJ")
    }

    @Test func withoutAnyKeyTheMessageNamesTheThreeWays() {
        defer { directory.remove() }
        let error = #expect(throws: TMDBError.self) { try MovieDBCredentials.credential(sources()) }
        #expect(error == missing(defaultFile))
        #expect(error?.description == missingText(defaultFile))
        let text = error?.description ?? ""
        #expect(text.contains("TMDB_API_KEY"))
        #expect(text.contains("TMDB_READ_TOKEN"))
        #expect(text.contains(directory.url.path + "/tmdb-key"))
    }

    @Test func aKeyFileThatCannotBeReadSaysSo() throws {
        defer { directory.remove() }
        try FileManager.default.createDirectory(at: defaultFile, withIntermediateDirectories: true)
        let error = #expect(throws: TMDBError.keyUnreadable(keyFile: defaultFile)) { try MovieDBCredentials.credential(sources()) }
        #expect(error?.description == "cannot read TMDB's key from \(defaultFile.path)")
    }

    // MARK: The signer

    @Test func aKeyIsSentAsASecretApiKeyQueryItem() throws {
        defer { directory.remove() }
        let signer = MovieDBCredentials.signer(sources(["TMDB_API_KEY": Self.key]))
        let signed = try signer.sign(HTTPRequest(path: "/movie/popular", query: [.init("page", "2")]))

        #expect(signed.query == [.init("page", "2"), .secret("api_key", Self.key)])
        #expect(signed.headers == [])
        #expect(signed.endpoint == "/movie/popular?page=2&api_key=•••")
        #expect(!signed.endpoint.contains(Self.key))
        #expect(signed.cacheKey == "/movie/popular?page=2")
        #expect(signed.url(relativeTo: URL(string: "https://api.themoviedb.org/3")!)?.absoluteString
            == "https://api.themoviedb.org/3/movie/popular?page=2&api_key=\(Self.key)")
    }

    @Test func aTokenIsSentAsASecretBearerHeader() throws {
        defer { directory.remove() }
        let signer = MovieDBCredentials.signer(sources(["TMDB_READ_TOKEN": Self.token]))
        let signed = try signer.sign(HTTPRequest(path: "/movie/419704", query: [.init("append_to_response", "videos")]))

        #expect(signed.headers == [.secret("Authorization", "Bearer \(Self.token)")])
        #expect(signed.query == [.init("append_to_response", "videos")])
        #expect(signed.endpoint == "/movie/419704?append_to_response=videos")
        #expect(signed.secrets == ["Bearer \(Self.token)", Self.token], "the token alone too")
        #expect(signed.redacting("sent Bearer \(Self.token)") == "sent •••")
    }

    @Test func theSignerLooksForTheKeyWhenARequestIsMade() throws {
        defer { directory.remove() }
        let signer = MovieDBCredentials.signer(sources())
        #expect(throws: missing(defaultFile)) { try signer.sign(HTTPRequest(path: "/movie/popular")) }

        try write(Self.key, to: defaultFile)
        #expect(try signer.sign(HTTPRequest(path: "/movie/popular")).endpoint == "/movie/popular?api_key=•••")
    }
}
