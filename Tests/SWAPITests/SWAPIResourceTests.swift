import Testing
import TestSupport
import SWAPI

@Suite("SWAPIResource")
struct SWAPIResourceTests {
    @Test func idFromURL() {
        #expect(SWAPIResource.id(fromURL: "https://swapi.dev/api/starships/10/") == "10")
        #expect(SWAPIResource.id(fromURL: "https://swapi.dev/api/people/1") == "1")
        #expect(SWAPIResource.id(fromURL: "https://swapi.dev/api/starships/") == nil)
        #expect(SWAPIResource.id(fromURL: "") == nil)
        #expect(SWAPIResource.id(fromURL: "https://swapi.dev/api/starships/x1/") == nil)
    }

    @Test func filmTitleFromURL() {
        #expect(SWAPIResource.filmTitle(fromURL: "https://swapi.dev/api/films/1/") == "A New Hope")
        #expect(SWAPIResource.filmTitle(fromURL: "https://swapi.dev/api/films/2/") == "The Empire Strikes Back")
        #expect(SWAPIResource.filmTitle(fromURL: "https://swapi.dev/api/films/7/") == "The Force Awakens")
        #expect(SWAPIResource.filmTitle(fromURL: "https://swapi.dev/api/films/9/") == "film 9")
        #expect(SWAPIResource.filmTitle(fromURL: "not a url") == "not a url")
    }

    @Test func dayOfATimestamp() {
        #expect(SWAPIResource.day("2014-12-10T14:20:33.369000Z") == "2014-12-10")
        #expect(SWAPIResource.day("2014-12-10") == "2014-12-10")
        #expect(SWAPIResource.day("unknown") == "unknown")
        #expect(SWAPIResource.day("12/10/2014 14:20") == "12/10/2014 14:20")
    }
}
