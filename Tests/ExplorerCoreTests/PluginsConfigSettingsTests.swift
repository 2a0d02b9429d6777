import Foundation
import Testing
@testable import ExplorerCore

/// Settings are checked against what each feature declares, duplicate keys and impossible
/// base URLs are refused: all at start-up, with the JSON path, rather than silently ignored or
/// left for the first request to trip over.
@Suite("PluginsConfig settings and hostile files")
struct PluginsConfigSettingsTests {
    static let schemas: [String: [SettingSpec]] = [
        "itunes": [SettingSpec("country", .string), SettingSpec("limit", .integer(1...200))],
        "characters": [SettingSpec("maxConcurrentPages", .integer(1...32))],
        "facts": [SettingSpec("imageTimeout", .number(0.1...120)), SettingSpec("path", .string)],
        "moviedb": [SettingSpec("imageBaseURL", .url), SettingSpec("apiKeyFile", .path)],
        "starships": [],
    ]

    private func parse(_ json: String) throws(ConfigError) -> PluginsConfig {
        try PluginsConfig.parse(Data(json.utf8), file: "my.json", knownIDs: Set(Self.schemas.keys), settings: Self.schemas)
    }

    private func error(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> ConfigError? {
        do {
            let config = try parse(json)
            Issue.record("expected an error, parsed \(config)", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    /// A file whose features list holds starships, characters, then `id` with `settings`.
    private func third(_ id: String, settings: String, baseURL: String = "https://example.com") -> String {
        """
        {"source": "embedded", "features": [
          {"id": "starships", "enabled": true, "baseURL": "https://swapi.dev/api"},
          {"id": "characters", "enabled": true, "baseURL": "https://swapi.dev/api", "settings": {"maxConcurrentPages": 8}},
          {"id": "\(id)", "enabled": true, "baseURL": "\(baseURL)", "settings": \(settings)}]}
        """
    }

    @Test func acceptsDeclaredSettingsWithGoodValues() throws {
        let config = try parse(third("itunes", settings: #"{"country": "JP", "limit": 200}"#))
        #expect(config.features[2].settings == ["country": "JP", "limit": 200])
        _ = try parse(third("facts", settings: #"{"imageTimeout": 2.5, "path": "/facts.json"}"#))
        _ = try parse(third("facts", settings: #"{"imageTimeout": 5}"#))
        _ = try parse(third("moviedb", settings: #"{"imageBaseURL": "http://127.0.0.1:8080/t/p", "apiKeyFile": "~/key"}"#))
    }

    /// A whole number is an integer however it is written; a fraction is kept as one.
    @Test func wholeNumbersWrittenWithAFractionAreIntegers() throws {
        let config = try parse(third("itunes", settings: #"{"limit": 50.0}"#))
        #expect(config.features[2].settings == ["limit": 50])
        #expect(try parse(third("itunes", settings: #"{"limit": 5e1}"#)).features[2].settings == ["limit": 50])
        #expect(try parse(third("facts", settings: #"{"imageTimeout": 2.5}"#)).features[2].settings == ["imageTimeout": 2.5])
        #expect(error(third("itunes", settings: #"{"limit": 50.5}"#)) != nil)
    }

    @Test func aStringWhereAnIntegerIsExpected() {
        #expect(error(third("itunes", settings: #"{"limit": "abc"}"#))?.description
            == #"my.json: $.features[2].settings.limit: expected an integer from 1 to 200, got "abc""#)
    }

    @Test(arguments: [
        (#"{"maxConcurrentPages": "x"}"#, #"expected an integer from 1 to 32, got "x""#),
        (#"{"maxConcurrentPages": 0}"#, "expected an integer from 1 to 32, got 0"),
        (#"{"maxConcurrentPages": 2.5}"#, "expected an integer from 1 to 32, got 2.5"),
        (#"{"maxConcurrentPages": true}"#, "expected an integer from 1 to 32, got true"),
        (#"{"maxConcurrentPages": null}"#, "expected an integer from 1 to 32, got null"),
        (#"{"maxConcurrentPages": [8]}"#, "expected an integer from 1 to 32, got an array"),
    ])
    func wrongIntegers(settings: String, message: String) {
        let json = """
            {"source": "embedded", "features": [
              {"id": "characters", "enabled": true, "baseURL": "https://swapi.dev/api", "settings": \(settings)}]}
            """
        #expect(error(json) == ConfigError(file: "my.json", path: "$.features[0].settings.maxConcurrentPages", message: message))
    }

    @Test func numbersStringsURLsAndPaths() {
        #expect(error(third("facts", settings: #"{"imageTimeout": 0}"#))?.message == "expected a number from 0.1 to 120, got 0")
        #expect(error(third("facts", settings: #"{"path": ""}"#))?.message == #"expected a non-empty string, got """#)
        #expect(error(third("moviedb", settings: #"{"imageBaseURL": "ftp://x"}"#))?.message == #"expected an http(s) URL, got "ftp://x""#)
        #expect(error(third("moviedb", settings: #"{"apiKeyFile": 3}"#))?.message == "expected a file path (a non-empty string), got 3")
    }

    @Test func anUnknownSettingNamesTheOnesTaken() {
        #expect(error(third("itunes", settings: #"{"limt": 5}"#))
            == ConfigError(file: "my.json", path: "$.features[2].settings.limt", message: "unknown setting (itunes takes country, limit)"))
        let json = #"{"source": "embedded", "features": [{"id": "starships", "enabled": true, "baseURL": "https://a.example", "settings": {"pageSize": 5}}]}"#
        #expect(error(json)
            == ConfigError(file: "my.json", path: "$.features[0].settings.pageSize", message: "unknown setting (starships takes none)"))
    }

    @Test func withoutSchemasAnyObjectIsTaken() throws {
        let config = try PluginsConfig.parse(Data(third("itunes", settings: #"{"anything": [1]}"#).utf8), file: "my.json",
                                             knownIDs: Set(Self.schemas.keys))
        #expect(config.features[2].settings == ["anything": [1]])
    }

    @Test(arguments: ["http://127.0.0.1:99999", "https://h:65536/api", "http://h:0", "http://:80/x"])
    func aBaseURLWithAnImpossiblePort(url: String) {
        #expect(error(third("itunes", settings: "{}", baseURL: url))
            == ConfigError(file: "my.json", path: "$.features[2].baseURL", message: "expected an http(s) URL, not \"\(url)\""))
    }

    // MARK: Duplicate keys

    @Test func aDuplicateSettingIsAnError() {
        #expect(error(third("itunes", settings: #"{"limit": 10, "country": "US", "limit": 500}"#))
            == ConfigError(file: "my.json", path: "$.features[2].settings.limit", message: "duplicate key (each key may appear once in an object)"))
    }

    @Test func duplicatesAnywhereAreFound() {
        #expect(error(#"{"source": "embedded", "source": "live", "features": []}"#)?.path == "$.source")
        #expect(error(third("itunes", settings: "{}").replacingOccurrences(of: #""enabled": true, "baseURL": "https://swapi.dev/api"}"#,
                                                                          with: #""enabled": true, "enabled": false, "baseURL": "https://swapi.dev/api"}"#))?.path
            == "$.features[0].enabled")
        // The same key spelled with an escape is the same key.
        #expect(error(third("itunes", settings: #"{"limit": 10, "\u006cimit": 5}"#))?.path == "$.features[2].settings.limit")
    }

    @Test func sameKeysInDifferentObjectsAreFine() throws {
        _ = try parse(third("itunes", settings: #"{"limit": 10}"#))
    }

    @Test func duplicateScannerPaths() {
        #expect(StrictJSON.firstProblem(in: Data(#"{"a": [1, {"b": 1, "c": {"d": 1}, "b": 2}]}"#.utf8)) == .duplicateKey(path: "$.a[1].b"))
        #expect(StrictJSON.firstProblem(in: Data(#"{"odd key": {"x\"y": 1, "x\"y": 2}}"#.utf8)) == .duplicateKey(path: #"$["odd key"]["x\"y"]"#))
        #expect(StrictJSON.firstProblem(in: Data(#"[{"a": "}", "b": "{\"a\": 1, \"a\": 2}"}]"#.utf8)) == nil)
        #expect(StrictJSON.firstProblem(in: Data("\u{FEFF}{\"a\": 1, \"a\": 1}".utf8)) == .duplicateKey(path: "$.a"))
    }

    /// What JSONSerialization lets through and RFC 8259 (and jq) do not.
    @Test(arguments: [
        (#"{"a": 1,}"#, StrictJSON.Problem.malformed("a comma before '}'", offset: 7)),
        (#"[1, 2 , ]"#, .malformed("a comma before ']'", offset: 6)),
        (#"{"f": [{}],}"#, .malformed("a comma before '}'", offset: 10)),
        ("[01]", .malformed("a malformed number", offset: 1)),
        ("[1.]", .malformed("a number without digits after its '.'", offset: 1)),
        ("[+1]", .malformed("unexpected character", offset: 1)),
        ("[tru]", .malformed("unexpected character", offset: 1)),
        ("[\"a\u{09}b\"]", .malformed("a control character in a string", offset: 3)),
        (#"["\x"]"#, .malformed("an unknown escape", offset: 2)),
        ("{} {}", .malformed("text after the end of the JSON value", offset: 3)),
    ])
    func strictJSONRejectsWhatTheStandardDoes(text: String, problem: StrictJSON.Problem) {
        #expect(StrictJSON.firstProblem(in: Data(text.utf8)) == problem)
    }

    @Test func strictJSONTakesWhatTheStandardTakes() {
        for text in [#"{"a": [1, -0.5e+3, 2E7, 0, true, false, null, "\u00e9\n\/"], "b": {}}"#, "[]", " \n{ } \n", "\"x\"", "-12"] {
            #expect(StrictJSON.firstProblem(in: Data(text.utf8)) == nil, "\(text)")
        }
    }
}
