import Planets
import SWAPI
import Testing
import TestSupport

/// Planets' pages and planets are read quickly, and as `JSONDecoder` reads them.
@Suite struct PlanetQuickReadingTests {
    @Test func everyEmbeddedPageAndPlanetIsReadQuicklyAndAlike() {
        let odd = [#"{"name": "Jakku"}"#, #"{"name": "Jakku", "residents": null, "surface_water": null}"#,
                   #"{"name": "Jakku", "residents": [1]}"#, #"{"name": "Jakku", "diameter": 0}"#]
        #expect(SWAPIQuickReading.differences(Planet.self, resource: "planets", oddItems: odd) == [])
        #expect(SWAPIQuickReading.pageDifferences(Planet.self) == [])
    }
}
