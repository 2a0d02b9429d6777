@testable import ExplorerCore
import ExplorerText
import Foundation
import Testing

/// Plugins.json entries with a `describe` object: a feature made of data, beside those written
/// in Swift. Its id is its own, its settings those of any paged list, its links name features
/// that exist, and its description is read as FeatureDescriptionParsingTests specify.
@Suite("PluginsConfig described entries")
struct PluginsConfigDescribedTests {
    static let schemas: [String: [SettingSpec]] = [
        "starships": PagedListSettings.all, "characters": [SettingSpec("maxConcurrentPages", .integer(1...32))], "planets": [],
    ]

    /// A small description whose one link goes to `to`.
    static func describe(to: String = "characters", params: String = #"{"format": "json"}"#) -> String {
        """
        {"title": "Films", "list": {"path": "/films/", "params": \(params), "items": "results", "paging": {"type": "next", "next": "next"}},
         "id": {"field": "url", "take": "lastPathSegment"}, "name": "title",
         "fields": [{"name": "title", "path": "title"}, {"name": "people", "path": "characters", "type": "link", "to": "\(to)"}]}
        """
    }

    static func entry(_ id: String, describe: String = describe(), settings: String = "{}") -> String {
        #"{"id": "\#(id)", "enabled": true, "baseURL": "https://swapi.dev/api", "settings": \#(settings), "describe": \#(describe)}"#
    }

    static func file(_ entries: String...) -> String {
        #"{"source": "embedded", "features": [{"id": "starships", "enabled": true, "baseURL": "https://swapi.dev/api"}, \#(entries.joined(separator: ", "))]}"#
    }

    private func parse(_ json: String) throws(ConfigError) -> PluginsConfig {
        try PluginsConfig.parse(Data(json.utf8), file: "my.json", knownIDs: Set(Self.schemas.keys), settings: Self.schemas)
    }

    /// `path: message` of the error `json` gives.
    private func error(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        do {
            let config = try parse(json)
            Issue.record("expected an error, parsed \(config)", sourceLocation: sourceLocation)
            return nil
        } catch {
            return "\(error.path): \(error.message)"
        }
    }

    @Test func aDescribedEntryCarriesItsDescriptionAndTheObjectAsWritten() throws {
        let config = try parse(Self.file(Self.entry("films", settings: #"{"maxConcurrentRequests": 4}"#)))
        let films = config.features[1]
        let raw = try #require(JSONReader.value(Data(Self.describe().utf8)))
        #expect(films.id == "films")
        #expect(films.isDescribed)
        #expect(films.settings == ["maxConcurrentRequests": 4])
        #expect(films.description == (try FeatureDescription.parse(raw, path: "$", file: "x")))
        #expect(config.features[0].description == nil && !config.features[0].isDescribed)
    }

    @Test func fixedParametersKeepTheOrderOfTheFile() throws {
        let config = try parse(Self.file(Self.entry("films", describe: Self.describe(params: #"{"z": "1", "a": 2, "m": true}"#))))
        #expect(config.features[1].description?.list.params == [.init("z", "1"), .init("a", "2"), .init("m", "true")])
    }

    @Test func anErrorInADescriptionNamesItsPathInTheFile() {
        #expect(error(Self.file(Self.entry("films", describe: #"{"title": "Films"}"#))) == "$.features[1].describe.list: missing field")
        #expect(error(Self.file(Self.entry("films", describe: "[]"))) == "$.features[1].describe: expected an object")
        #expect(error(Self.file(Self.entry("films", describe: Self.describe().replacingOccurrences(of: "\"to\"", with: "\"too\""))))
            == "$.features[1].describe.fields[1].too: unknown field (expected name, path, type, unknown, filter, detailOnly, to)")
    }

    @Test func aDescribedIDCannotBeABuiltInOne() {
        #expect(error(Self.file(Self.entry("starships")))
            == #"$.features[1].id: "starships" is a built-in feature: a described feature needs an id of its own"#)
        #expect(error(Self.file(Self.entry("planets")))
            == #"$.features[1].id: "planets" is a built-in feature: a described feature needs an id of its own"#)
    }

    @Test(arguments: ["Films", "my films", "1films", "-films", "films_2", "", String(repeating: "f", count: 31), "fïlms"])
    func aDescribedIDIsLowercaseLettersDigitsAndDashes(id: String) {
        #expect(error(Self.file(Self.entry(id)))
            == #"$.features[1].id: expected a feature id (lowercase letters, digits and "-", starting with a letter, at most 30), not \#(JSONWriter.string(.string(id)))"#)
    }

    @Test func describedIDsAreOthersOwnAndListedOnce() throws {
        let config = try parse(Self.file(Self.entry("films"), Self.entry("star-wars-2")))
        #expect(config.features.map(\.id) == ["starships", "films", "star-wars-2"])
        #expect(error(Self.file(Self.entry("films"), Self.entry("films"))) == #"$.features[2].id: feature "films" is listed twice"#)
    }

    @Test func anEntryWithoutDescribeMustStillBeABuiltInFeature() {
        #expect(error(Self.file(#"{"id": "films", "enabled": true, "baseURL": "https://swapi.dev/api"}"#))
            == #"$.features[1].id: unknown feature "films" (known: characters, planets, starships)"#)
    }

    @Test func aDescribedFeatureTakesThePagedListSettings() {
        #expect(error(Self.file(Self.entry("films", settings: #"{"pageSize": 10}"#)))
            == "$.features[1].settings.pageSize: unknown setting (films takes maxConcurrentRequests)")
        #expect(error(Self.file(Self.entry("films", settings: #"{"maxConcurrentRequests": 33}"#)))
            == "$.features[1].settings.maxConcurrentRequests: expected an integer from 1 to 32, got 33")
        #expect(error(Self.file(Self.entry("films", settings: "[]"))) == "$.features[1].settings: expected an object")
    }

    @Test func linksNameAFeatureBuiltInOrDescribed() throws {
        _ = try parse(Self.file(Self.entry("films", describe: Self.describe(to: "planets"))))
        _ = try parse(Self.file(Self.entry("films", describe: Self.describe(to: "films"))))
        let both = try parse(Self.file(Self.entry("films", describe: Self.describe(to: "species")), Self.entry("species")))
        #expect(both.features[1].description?.fields[1].to == "species", "a feature described later in the file")
        #expect(error(Self.file(Self.entry("films", describe: Self.describe(to: "charactres"))))
            == #"$.features[1].describe.fields[1].to: unknown feature "charactres" (known: characters, films, planets, starships)"#)
    }

    @Test func theUnknownFieldMessageOfAnEntryNamesDescribe() {
        #expect(error(#"{"source": "embedded", "features": [{"id": "films", "description": {}}]}"#)
            == "$.features[0].description: unknown field (expected id, enabled, baseURL, settings, describe)")
    }
}
