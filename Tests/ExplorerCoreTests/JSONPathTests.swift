@testable import ExplorerCore
import ExplorerText
import Foundation
import Testing

/// The dotted paths of a described feature: how they are written, and what they find in an
/// answer.
@Suite("JSONPath")
struct JSONPathTests {
    static let film: JSONValue = [
        "title": "A New Hope", "episode_id": 4, "rating": 8.6, "canon": true, "note": nil,
        "director": ["name": "George Lucas", "born": 1944],
        "characters": ["https://swapi.dev/api/people/1/", "https://swapi.dev/api/people/2/"],
        "crew": [["name": "Lucas", "role": ["title": "director"]], ["name": "Kurtz"], "not an object", ["name": "Williams", "role": ["title": "composer"]]],
    ]

    private func path(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONPath {
        try #require(JSONPath.parse(text), "\(text) should parse", sourceLocation: sourceLocation)
    }

    // MARK: Parsing

    @Test func keysJoinedByDots() throws {
        #expect(try path("results").segments == [.key("results")])
        #expect(try path("user.login").segments == [.key("user"), .key("login")])
        #expect(try path("user.login").description == "user.login")
    }

    @Test func emptyBracketsAfterAKeyMapOverItsArray() throws {
        #expect(try path("types[].type.name").segments == [.key("types"), .each, .key("type"), .key("name")])
        #expect(try path("a[]").segments == [.key("a"), .each])
    }

    @Test func dollarIsTheValueItselfAndMayStartAPath() throws {
        #expect(try path("$") == .root)
        #expect(try path("$").segments.isEmpty)
        #expect(try path("$.a.b").segments == path("a.b").segments)
        #expect(try path("$.a.b").description == "$.a.b", "kept as written, for messages")
    }

    @Test func aKeyMayHoldAnyOtherCharacter() throws {
        #expect(try path("$ref").segments == [.key("$ref")])
        #expect(try path("release date.année").segments == [.key("release date"), .key("année")])
        #expect(try path("a-b:c/d").segments == [.key("a-b:c/d")])
    }

    @Test(arguments: ["", ".", "a..b", "a.", ".a", "$.", "$..a", "[]", "$.[]", "a.[]", "a[][]", "a[]b", "a[0]", "a[*]",
                      "a[", "a]", "a[b]", "[a]", "a.b[].", "a\u{1B}b", "a\nb"])
    func malformedPathsAreRefused(text: String) {
        #expect(JSONPath.parse(text) == nil)
    }

    // MARK: Evaluation

    @Test func aKeyReadsAnObjectsMember() throws {
        #expect(try path("title").value(in: Self.film) == "A New Hope")
        #expect(try path("director.name").value(in: Self.film) == "George Lucas")
        #expect(try path("director").value(in: Self.film) == ["name": "George Lucas", "born": 1944])
        #expect(try path("note").value(in: Self.film) == .null, "a null is a value found")
    }

    @Test func theRootIsTheValueItself() {
        #expect(JSONPath.root.value(in: Self.film) == Self.film)
        #expect(JSONPath.root.value(in: [1, 2]) == [1, 2])
        #expect(JSONPath.root.value(in: "text") == "text")
    }

    @Test func aMissingMemberOrAValueThatIsNoObjectFindsNothing() throws {
        #expect(try path("budget").value(in: Self.film) == nil)
        #expect(try path("director.died").value(in: Self.film) == nil)
        #expect(try path("title.length").value(in: Self.film) == nil, "a string has no members")
        #expect(try path("characters.first").value(in: Self.film) == nil, "an array has no members")
        #expect(try path("note.x").value(in: Self.film) == nil)
        #expect(try path("a").value(in: [1, 2]) == nil)
    }

    @Test func eachMapsTheRestOverTheArrayLeavingOutWhatFindsNothing() throws {
        #expect(try path("crew[].name").value(in: Self.film) == ["Lucas", "Kurtz", "Williams"])
        #expect(try path("crew[].role.title").value(in: Self.film) == ["director", "composer"])
        #expect(try path("crew[].salary").value(in: Self.film) == [], "an array, empty: the array was there")
        #expect(try path("characters[]").value(in: Self.film) == Self.film["characters"])
    }

    @Test func eachNeedsAnArray() throws {
        #expect(try path("director[].name").value(in: Self.film) == nil)
        #expect(try path("title[]").value(in: Self.film) == nil)
        #expect(try path("budget[].x").value(in: Self.film) == nil)
    }

    @Test func eachNestsAsTheArraysDo() throws {
        let answer: JSONValue = ["types": [["names": [["n": "a"], ["n": "b"]]], ["names": [["n": "c"]]], ["other": 1]]]
        #expect(try path("types[].names[].n").value(in: answer) == [["a", "b"], ["c"]])
    }

    @Test func stringReadsAScalarAsText() throws {
        #expect(try path("title").string(in: Self.film) == "A New Hope")
        #expect(try path("episode_id").string(in: Self.film) == "4")
        #expect(try path("rating").string(in: Self.film) == "8.6")
        #expect(try path("canon").string(in: Self.film) == "true")
        #expect(try path("n").string(in: ["n": 2.0]) == "2", "a whole number written as JSON writes it")
        #expect(try path("n").string(in: ["n": ""]) == "")
    }

    @Test func stringIsNilForNothingNullAndContainers() throws {
        #expect(try path("budget").string(in: Self.film) == nil)
        #expect(try path("note").string(in: Self.film) == nil)
        #expect(try path("director").string(in: Self.film) == nil)
        #expect(try path("characters").string(in: Self.film) == nil)
        #expect(try path("crew[].name").string(in: Self.film) == nil)
    }
}
