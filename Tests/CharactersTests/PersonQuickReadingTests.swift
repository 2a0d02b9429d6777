import Characters
import SWAPI
import Testing
import TestSupport

/// People's pages and people are read quickly, and as `JSONDecoder` reads them.
@Suite struct PersonQuickReadingTests {
    @Test func everyEmbeddedPageAndPersonIsReadQuicklyAndAlike() {
        let odd = [#"{"name": "Rey"}"#, #"{"name": "Rey", "homeworld": null, "species": null}"#, #"{"name": "Rey", "homeworld": 4}"#,
                   #"{"name": "Rey", "species": ["a", null]}"#, #"{"name": "Rey", "eye_color": "hazel", "birth_year": null}"#]
        #expect(SWAPIQuickReading.differences(Person.self, resource: "people", oddItems: odd) == [])
        #expect(SWAPIQuickReading.pageDifferences(Person.self) == [])
    }
}
