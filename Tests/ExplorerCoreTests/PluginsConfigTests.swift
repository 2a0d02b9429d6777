@testable import ExplorerCore
import ExplorerText
import Foundation
import TestSupport
import Testing

@Suite("PluginsConfig.parse")
struct PluginsConfigTests {
    static let known: Set<String> = ["starships", "films"]

    private func parse(_ json: String, known: Set<String> = PluginsConfigTests.known) throws(ConfigError) -> PluginsConfig {
        try PluginsConfig.parse(Data(json.utf8), file: "Plugins.json", knownIDs: known)
    }

    /// The error parsing `json` gives, or a recorded issue when it parses.
    private func error(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> ConfigError? {
        do {
            let config = try parse(json)
            Issue.record("expected an error, parsed \(config)", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    /// A features list with one entry made of `fields`.
    private func oneFeature(_ fields: String) -> String {
        #"{"source": "embedded", "features": [{\#(fields)}]}"#
    }

    // MARK: Valid files

    @Test func parsesAValidFile() throws {
        let config = try parse("""
            {
              "source": "embedded",
              "features": [
                { "id": "starships", "enabled": true, "baseURL": "https://swapi.dev/api",
                  "settings": { "pageSize": 10, "title": "Ships", "strict": true, "ratio": 1.5,
                                "tags": ["a", null], "nested": { "k": "v" } } },
                { "id": "films", "enabled": false, "baseURL": "http://example.com/v1/" }
              ]
            }
            """)
        #expect(config.source == .embedded)
        #expect(config.features.map(\.id) == ["starships", "films"])
        #expect(config.features.map(\.isEnabled) == [true, false])
        #expect(config.features[0].baseURL == URL(string: "https://swapi.dev/api"))
        #expect(config.features[1].baseURL.absoluteString == "http://example.com/v1/")
        #expect(config.features[0].settings == .object([
            "pageSize": .number(10), "title": .string("Ships"), "strict": .bool(true), "ratio": .number(1.5),
            "tags": .array([.string("a"), .null]), "nested": .object(["k": .string("v")]),
        ]))
        #expect(config.features[0].settings["pageSize"]?.intValue == 10)
        #expect(config.features[0].settings["title"]?.stringValue == "Ships")
        #expect(config.features[1].settings == .object([:]))
    }

    @Test func parsesLiveSourceAndAnEmptyFeatureList() throws {
        let config = try parse(#"{"source": "live", "features": []}"#)
        #expect(config == PluginsConfig(source: .live, features: []))
    }

    @Test func keepsTheOrderOfTheFile() throws {
        let config = try parse("""
            {"source": "embedded", "features": [
              {"id": "films", "enabled": true, "baseURL": "https://a.example"},
              {"id": "starships", "enabled": true, "baseURL": "https://b.example"}]}
            """)
        #expect(config.features.map(\.id) == ["films", "starships"])
    }

    @Test func acceptsAnUppercaseScheme() throws {
        let config = try parse(oneFeature(#""id": "starships", "enabled": true, "baseURL": "HTTPS://swapi.dev/api""#))
        #expect(config.features[0].baseURL.absoluteString == "HTTPS://swapi.dev/api")
    }

    // MARK: Errors

    @Test func malformedJSONNamesLineAndColumn() {
        let error = error("{\"source\": \"embedded\",\n  \"features\": [}")
        #expect(error == ConfigError(file: "Plugins.json", path: "$", message: "malformed JSON (line 2, column 16)"))
    }

    @Test func malformedJSONOnTheFirstLine() {
        let error = error(#"{"source":"embedded" "features":[]}"#)
        #expect(error == ConfigError(file: "Plugins.json", path: "$", message: "malformed JSON (line 1, column 22)"))
    }

    @Test func malformedJSONDeeperInTheFile() {
        // The parser stops at the `}` after `tru`.
        let error = error("{\"source\":\"embedded\",\n\"features\":[\n{\"id\": tru}]}")
        #expect(error == ConfigError(file: "Plugins.json", path: "$", message: "malformed JSON (line 3, column 11)"))
    }

    @Test func nestingDeeperThanExplorerReadsIsNamedWhereItGoesTooDeep() {
        // Well-formed (JSONSerialization reads 512 levels), but deeper than JSONReader reads.
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        let error = error(#"{"source": "embedded", "features": \#(deep)}"#)
        #expect(error == ConfigError(file: "Plugins.json", path: "$",
                                     message: "malformed JSON (arrays and objects nested more than 256 deep at line 1, column 292)"))
    }

    @Test(arguments: ["", "   ", "\n\n  \t\n"])
    func emptyFile(text: String) {
        #expect(error(text) == ConfigError(file: "Plugins.json", path: "$", message: "malformed JSON (the file is empty)"))
    }

    @Test(arguments: [#"[1, 2]"#, #""embedded""#, "42", "null"])
    func rootMustBeAnObject(text: String) {
        #expect(error(text) == ConfigError(file: "Plugins.json", path: "$", message: "expected an object"))
    }

    @Test func missingSource() {
        #expect(error(#"{"features": []}"#) == ConfigError(file: "Plugins.json", path: "$.source", message: "missing field"))
    }

    @Test func sourceMustBeAString() {
        #expect(error(#"{"source": 1, "features": []}"#) == ConfigError(file: "Plugins.json", path: "$.source", message: "expected a string"))
    }

    @Test func badSourceValue() {
        #expect(error(#"{"source": "cloud", "features": []}"#)
            == ConfigError(file: "Plugins.json", path: "$.source", message: #"must be "embedded" or "live", not "cloud""#))
        #expect(error(#"{"source": "Live", "features": []}"#)
            == ConfigError(file: "Plugins.json", path: "$.source", message: #"must be "embedded" or "live", not "Live""#))
    }

    @Test func missingFeatures() {
        #expect(error(#"{"source": "live"}"#) == ConfigError(file: "Plugins.json", path: "$.features", message: "missing field"))
    }

    @Test(arguments: [#"{}"#, #""starships""#, "null", "3"])
    func featuresMustBeAnArray(value: String) {
        #expect(error(#"{"source": "live", "features": \#(value)}"#)
            == ConfigError(file: "Plugins.json", path: "$.features", message: "expected an array"))
    }

    @Test func eachFeatureMustBeAnObject() {
        let json = #"{"source": "live", "features": [{"id": "starships", "enabled": true, "baseURL": "https://a.example"}, "films"]}"#
        #expect(error(json) == ConfigError(file: "Plugins.json", path: "$.features[1]", message: "expected an object"))
    }

    @Test func missingID() {
        #expect(error(oneFeature(#""enabled": true, "baseURL": "https://swapi.dev/api""#))
            == ConfigError(file: "Plugins.json", path: "$.features[0].id", message: "missing field"))
    }

    @Test func idMustBeAString() {
        #expect(error(oneFeature(#""id": 7, "enabled": true, "baseURL": "https://swapi.dev/api""#))
            == ConfigError(file: "Plugins.json", path: "$.features[0].id", message: "expected a string"))
    }

    @Test func missingEnabled() {
        #expect(error(oneFeature(#""id": "starships", "baseURL": "https://swapi.dev/api""#))
            == ConfigError(file: "Plugins.json", path: "$.features[0].enabled", message: "missing field"))
    }

    @Test(arguments: ["1", "0", #""true""#, "null", "[]"])
    func enabledMustBeABoolean(value: String) {
        #expect(error(oneFeature(#""id": "starships", "enabled": \#(value), "baseURL": "https://swapi.dev/api""#))
            == ConfigError(file: "Plugins.json", path: "$.features[0].enabled", message: "expected true or false"))
    }

    @Test func missingBaseURL() {
        #expect(error(oneFeature(#""id": "starships", "enabled": true"#))
            == ConfigError(file: "Plugins.json", path: "$.features[0].baseURL", message: "missing field"))
    }

    @Test func baseURLMustBeAString() {
        #expect(error(oneFeature(#""id": "starships", "enabled": true, "baseURL": 5"#))
            == ConfigError(file: "Plugins.json", path: "$.features[0].baseURL", message: "expected a string"))
    }

    @Test(arguments: ["ftp://swapi.dev/api", "swapi.dev/api", "not a url", "https://", "mailto:someone@example.com", "", "file:///etc/passwd"])
    func baseURLMustBeHTTPWithAHost(value: String) {
        #expect(error(oneFeature(#""id": "starships", "enabled": true, "baseURL": "\#(value)""#))
            == ConfigError(file: "Plugins.json", path: "$.features[0].baseURL", message: #"expected an http(s) URL, not "\#(value)""#))
    }

    @Test func unknownFeatureListsTheKnownOnes() {
        #expect(error(oneFeature(#""id": "planets", "enabled": true, "baseURL": "https://swapi.dev/api""#))
            == ConfigError(file: "Plugins.json", path: "$.features[0].id", message: #"unknown feature "planets" (known: films, starships)"#))
    }

    @Test func duplicateID() {
        let json = """
            {"source": "embedded", "features": [
              {"id": "starships", "enabled": true, "baseURL": "https://swapi.dev/api"},
              {"id": "films", "enabled": true, "baseURL": "https://swapi.dev/api"},
              {"id": "starships", "enabled": false, "baseURL": "https://swapi.dev/api"}]}
            """
        #expect(error(json) == ConfigError(file: "Plugins.json", path: "$.features[2].id", message: #"feature "starships" is listed twice"#))
    }

    @Test func unknownTopLevelField() {
        #expect(error(#"{"source": "live", "features": [], "colour": "blue"}"#)
            == ConfigError(file: "Plugins.json", path: "$.colour", message: "unknown field (expected source, features)"))
    }

    @Test func unknownFeatureField() {
        #expect(error(oneFeature(#""id": "starships", "enabled": true, "baseURL": "https://swapi.dev/api", "enable": true"#))
            == ConfigError(file: "Plugins.json", path: "$.features[0].enable", message: "unknown field (expected id, enabled, baseURL, settings, describe)"))
    }

    @Test(arguments: ["[]", #""fast""#, "1", "true", "null", #"[{"a": 1}]"#])
    func settingsMustBeAnObject(value: String) {
        #expect(error(oneFeature(#""id": "starships", "enabled": true, "baseURL": "https://swapi.dev/api", "settings": \#(value)"#))
            == ConfigError(file: "Plugins.json", path: "$.features[0].settings", message: "expected an object"))
    }

    @Test func errorsInALaterFeatureNameItsIndex() {
        let json = """
            {"source": "embedded", "features": [
              {"id": "starships", "enabled": true, "baseURL": "https://swapi.dev/api"},
              {"id": "films", "enabled": true, "baseURL": "gopher://swapi.dev"}]}
            """
        #expect(error(json) == ConfigError(file: "Plugins.json", path: "$.features[1].baseURL", message: #"expected an http(s) URL, not "gopher://swapi.dev""#))
    }

    @Test func theFileNameIsTheOneGiven() throws {
        do {
            _ = try PluginsConfig.parse(Data(#"{"source": "x", "features": []}"#.utf8), file: "/etc/explorer/Plugins.json", knownIDs: [])
            Issue.record("expected an error")
        } catch {
            #expect(error.file == "/etc/explorer/Plugins.json")
            #expect(error.description == #"/etc/explorer/Plugins.json: $.source: must be "embedded" or "live", not "x""#)
        }
    }

    // MARK: ConfigError

    @Test func configErrorDescriptionIsFilePathMessage() {
        let error = ConfigError(file: "Plugins.json", path: "$.features[1].baseURL", message: "expected an http(s) URL, not \"x\"")
        #expect(error.description == #"Plugins.json: $.features[1].baseURL: expected an http(s) URL, not "x""#)
        #expect("\(error)" == #"Plugins.json: $.features[1].baseURL: expected an http(s) URL, not "x""#)
    }

    @Test func parseErrorDescriptionsUseTheSameFormat() {
        #expect(error("")?.description == "Plugins.json: $: malformed JSON (the file is empty)")
        #expect(error(oneFeature(#""id": "starships", "enabled": 1, "baseURL": "https://swapi.dev/api""#))?.description
            == "Plugins.json: $.features[0].enabled: expected true or false")
    }

    // MARK: JSONValue

    @Test func jsonValueAccessors() {
        let value = JSONValue.object(["n": .number(3), "f": .number(2.5), "s": .string("x"), "b": .bool(true)])
        #expect(value["n"]?.intValue == 3)
        #expect(value["f"]?.intValue == nil)
        #expect(value["s"]?.stringValue == "x")
        #expect(value["s"]?.intValue == nil)
        #expect(value["b"]?.stringValue == nil)
        #expect(value["missing"] == nil)
        #expect(JSONValue.array([.number(1)])["n"] == nil)
        #expect(JSONValue.number(1e300).intValue == nil)
    }
}
