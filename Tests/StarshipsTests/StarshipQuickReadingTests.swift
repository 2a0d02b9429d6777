import Foundation
import Starships
import SWAPI
import Testing
import TestSupport

/// Starships' pages and starships are read quickly, and as `JSONDecoder` reads them.
@Suite struct StarshipQuickReadingTests {
    static let oddStarships = [
        #"{"name": "X-wing"}"#, #"{"name": "X-wing", "model": null, "pilots": null, "url": null}"#,
        #"{"name": null}"#, #"{"model": "T-65"}"#, #"{"name": 5}"#, #"{"name": "X", "crew": 1}"#, #"{"name": "X", "crew": "1", "crew": "2"}"#,
        #"{"name": "X", "pilots": ["a", "b"]}"#, #"{"name": "X", "pilots": ["a", 1]}"#, #"{"name": "X", "pilots": "a"}"#,
        #"{"name": "X", "films": []}"#, #"{"name": "X", "url": 3}"#, #"{"name": "X", "extra": {"deep": [1, {"a": null}]}}"#,
        #"{"name": "X\u00e9\"", "MGLT": "100"}"#, #"{"name": "\ud800"}"#, #"{"name": "\#(String(repeating: "long ", count: 1_000))"}"#,
        #"{"n\u0061me": "X"}"#, #"{"name": "X"} x"#, #"[{"name": "X"}]"#,
    ]

    @Test func everyEmbeddedPageAndStarshipIsReadQuicklyAndAlike() {
        #expect(SWAPIQuickReading.differences(Starship.self, resource: "starships", oddItems: Self.oddStarships) == [])
        #expect(SWAPIQuickReading.pageDifferences(Starship.self) == [])
    }

    @Test func theUsualShapesAreReadQuickly() {
        #expect(Starship.quicklyDecoded(Data(Self.oddStarships[1].utf8))?.model == "unknown")
        #expect(Starship.quicklyDecoded(Data(Self.oddStarships[1].utf8))?.pilots == [])
        #expect(Starship.quicklyDecoded(Data(#"{"name": "X", "pilots": ["a", 1]}"#.utf8)) == nil, "left to JSONDecoder, which fails it")
        #expect(SWAPIPage<Starship>.quicklyDecoded(Data(SWAPIQuickReading.oddPages[0].utf8)) == SWAPIPage(count: 0, results: []))
    }
}
