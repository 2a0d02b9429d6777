import ExplorerCore
import ExplorerText
import SWAPI
import TestSupport
import Testing

@Suite("SWAPIResource")
struct SWAPIResourceTests {
    @Test func idFromURL() {
        #expect(SWAPIResource.id(fromURL: "https://swapi.dev/api/starships/10/") == "10")
        #expect(SWAPIResource.id(fromURL: "https://swapi.dev/api/people/1") == "1")
        #expect(SWAPIResource.id(fromURL: "https://swapi.dev/api/starships/") == nil)
        #expect(SWAPIResource.id(fromURL: "") == nil)
        #expect(SWAPIResource.id(fromURL: "https://swapi.dev/api/starships/x1/") == nil)
    }

    @Test(arguments: [
        ("https://swapi.dev/api/people/13/", "people", "13"), ("https://swapi.dev/api/people/13", "people", "13"),
        ("people/13", "people", "13"), ("https://swapi.dev/api/star-ships_x/7//", "star-ships_x", "7"),
        ("https://swapi.dev/api/planètes/13/", "planètes", "13"),
        ("13", nil, nil), ("", nil, nil), ("///", nil, nil), ("https://swapi.dev/api/peo ple/13/", nil, nil),
        ("https://swapi.dev/api/people/abc/", nil, nil), ("https://swapi.dev/api/4/13/", nil, nil),
    ] as [(String, String?, String?)])
    func recordFromURL(url: String, kind: String?, id: String?) {
        let record = SWAPIResource.record(fromURL: url)
        #expect(record?.kind == kind && record?.id == id, "\(url)")
    }

    /// An item with one link of each kind, as a feature declares them.
    struct Linked: Sendable {
        var pilots: [String] = []
        var homeworld = ""

        static let links: [ItemLink<Linked>] = [.many("pilots", \.pilots), .one("homeworld", \.homeworld)]

        func fields(_ names: [String: String]) -> LinkedFields<Linked> {
            LinkedFields(item: self, links: Self.links, names: names, record: SWAPIResource.record(fromURL:))
        }
    }

    @Test("links are numbered from 1 in the API's order; a URL that names no record is not a link and not counted")
    func linksAreNumbered() {
        let urls = ["https://swapi.dev/api/people/13/", "javascript:alert(1)", "http://127.0.0.1:8080/api/people/14/",
                    "https://swapi.dev/api/people/x/"]
        let linked = Linked(pilots: urls).fields(["https://swapi.dev/api/people/13/": "Chewbacca"])
        #expect(linked.followable == [
            FeatureLink(field: "pilots", number: 1, kind: "people", id: "13", name: "Chewbacca"),
            FeatureLink(field: "pilots", number: 2, kind: "people", id: "14", name: nil),
        ])
        #expect(linked.followable.map(\.title) == ["Chewbacca", "people/14"])

        let field = linked["pilots"]
        #expect(field.text == "1\u{A0}Chewbacca, javascript:alert(1), 2\u{A0}people/14, https://swapi.dev/api/people/x/",
                "each number kept with its name; what is not a link shown as it is, unnumbered")
        #expect(field.value == .array([
            ["number": 1, "id": "13", "name": "Chewbacca", "url": "https://swapi.dev/api/people/13/"],
            ["id": .null, "name": .null, "url": "javascript:alert(1)"],
            ["number": 2, "id": "14", "name": .null, "url": "http://127.0.0.1:8080/api/people/14/"],
            ["id": .null, "name": .null, "url": "https://swapi.dev/api/people/x/"],
        ]))
        #expect(Linked().fields([:])["pilots"].text == "none")
    }

    @Test("a link to one record is followed without a number and shown by name")
    func one() {
        let tatooine = "https://swapi.dev/api/planets/1/"
        let linked = Linked(homeworld: tatooine).fields([tatooine: "Tatooine"])
        #expect(linked.followable == [FeatureLink(field: "homeworld", number: 1, kind: "planets", id: "1", name: "Tatooine")])
        #expect(linked["homeworld"].text == "Tatooine")
        #expect(linked["homeworld"].value == ["id": "1", "name": "Tatooine", "url": .string(tatooine)])
        #expect(Linked().fields([:])["homeworld"].text == "unknown")
        #expect(Linked().fields([:])["homeworld"].value == .null)
        #expect(Linked(homeworld: tatooine).fields([:])["homeworld"].text == "planets/1", "unnamed: its reference")
    }

    @Test func dayOfATimestamp() {
        #expect(SWAPIResource.day("2014-12-10T14:20:33.369000Z") == "2014-12-10")
        #expect(SWAPIResource.day("2014-12-10") == "2014-12-10")
        #expect(SWAPIResource.day("unknown") == "unknown")
        #expect(SWAPIResource.day("12/10/2014 14:20") == "12/10/2014 14:20")
    }
}
