import ExplorerCore
import Testing
@testable import Characters

/// Parsing `key=value` words against the data, and matching people.
@Suite struct CharacterFilterTests {
    let people = CharactersFixture().people

    func names(_ filter: CharacterFilter) -> [String] {
        people.filter(filter.matches).map(\.name)
    }

    @Test func parsesKeysAndValues() throws {
        let filter = try CharacterFilter.parse(["eye=blue"], segments: Segment.all(in: people))
        #expect(filter == CharacterFilter([.eye: "blue"]))
        #expect(filter.description == "eye=blue")
        #expect(!filter.isEmpty)
        #expect(names(filter).count == 20)
        #expect(names(filter).first == "Luke Skywalker")
    }

    @Test func conditionsCombineAndDescribeInAFixedOrder() throws {
        let filter = try CharacterFilter.parse(["gender=female", "eye=blue"], segments: Segment.all(in: people))
        #expect(filter == CharacterFilter([.eye: "blue", .gender: "female"]))
        #expect(filter.description == "eye=blue gender=female")
        #expect(names(filter) == [
            "Beru Whitesun lars", "Mon Mothma", "Adi Gallia", "Luminara Unduli", "Barriss Offee", "Jocasta Nu", "R4-P17",
        ])
        let all = try CharacterFilter.parse(["skin=fair", "gender=male", "hair=brown", "eye=blue"], segments: Segment.all(in: people))
        #expect(all.description == "eye=blue hair=brown skin=fair gender=male")
        #expect(names(all) == ["Jek Tono Porkins", "Qui-Gon Jinn", "Ric Olié", "Cliegg Lars"])
    }

    @Test func keysAndValuesAreCaseInsensitive() throws {
        let filter = try CharacterFilter.parse(["EYE=Blue", "Gender=FEMALE"], segments: Segment.all(in: people))
        #expect(filter == CharacterFilter([.eye: "blue", .gender: "female"]))
    }

    @Test func aTwoColourPersonMatchesEitherColour() throws {
        let r4 = people[73]
        #expect(r4.eyeColor == "red, blue")
        #expect(CharacterFilter([.eye: "red"]).matches(r4))
        #expect(CharacterFilter([.eye: "blue"]).matches(r4))
        #expect(!CharacterFilter([.eye: "green"]).matches(r4))
        #expect(!CharacterFilter([.eye: "red, blue"]).matches(r4))
        #expect(names(try CharacterFilter.parse(["eye=green"], segments: Segment.all(in: people))) == ["Grievous"])
    }

    @Test func theEmptyFilterMatchesEveryone() throws {
        let filter = CharacterFilter()
        #expect(filter.isEmpty)
        #expect(filter.description == "")
        #expect(names(filter).count == 82)
        #expect(try CharacterFilter.parse([], segments: Segment.all(in: people)) == CharacterFilter())
    }

    /// Two values of one key must both hold: only R4-P17 has red and blue eyes.
    @Test func twoConditionsOnTheSameKeyMustBothHold() throws {
        let filter = try CharacterFilter.parse(["eye=red", "eye=blue"], segments: Segment.all(in: people))
        #expect(filter.description == "eye=red eye=blue")
        #expect(names(filter) == ["R4-P17"])
        #expect(try CharacterFilter.parse(["eye=blue", "eye=blue"], segments: Segment.all(in: people)).description == "eye=blue")
    }

    @Test func anUnknownKeyIsAnErrorWithAHint() {
        expectError("unknown filter key 'ey' (did you mean 'eye'? keys: eye, hair, skin, gender)") {
            try CharacterFilter.parse(["ey=blue"], segments: Segment.all(in: people))
        }
        expectError("unknown filter key 'hairs' (did you mean 'hair'? keys: eye, hair, skin, gender)") {
            try CharacterFilter.parse(["HAIRS=brown"], segments: Segment.all(in: people))
        }
        expectError("unknown filter key 'colour' (keys: eye, hair, skin, gender)") {
            try CharacterFilter.parse(["colour=blue"], segments: Segment.all(in: people))
        }
        expectError("unknown filter key '' (keys: eye, hair, skin, gender)") {
            try CharacterFilter.parse(["=blue"], segments: Segment.all(in: people))
        }
    }

    @Test func anUnknownValueIsAnErrorListingTheValidValues() {
        expectError("no character has eye=purple (values: black, blue, blue-gray, brown, gold, green, hazel, orange, pink, red, unknown, white, yellow)") {
            try CharacterFilter.parse(["eye=purple"], segments: Segment.all(in: people))
        }
        expectError("no character has hair=purple (values: auburn, black, blond, blonde, brown, grey, n/a, none, white)") {
            try CharacterFilter.parse(["hair=Purple"], segments: Segment.all(in: people))
        }
        expectError("expected gender=VALUE, not 'gender='") {
            try CharacterFilter.parse(["gender="], segments: Segment.all(in: people))
        }
    }

    @Test func aKeyWithoutAValueIsAnError() {
        expectError("expected eye=VALUE, not 'eye'") {
            try CharacterFilter.parse(["eye"], segments: Segment.all(in: people))
        }
        expectError("expected gender=VALUE, not 'GENDER'") {
            try CharacterFilter.parse(["eye=blue", "GENDER"], segments: Segment.all(in: people))
        }
    }

    @Test func valuesAreCheckedAgainstTheDataGiven() throws {
        let violet = SegmentTests.people(eyes: ["violet", "brown"])
        #expect(try CharacterFilter.parse(["eye=violet"], segments: Segment.all(in: violet)) == CharacterFilter([.eye: "violet"]))
        expectError("no character has eye=violet (values: black, blue, blue-gray, brown, gold, green, hazel, orange, pink, red, unknown, white, yellow)") {
            try CharacterFilter.parse(["eye=violet"], segments: Segment.all(in: people))
        }
    }

    @Test func unknownAndNotApplicableAreValues() throws {
        #expect(names(try CharacterFilter.parse(["eye=unknown"], segments: Segment.all(in: people))) == ["Ratts Tyerel", "Wat Tambor"])
        #expect(names(try CharacterFilter.parse(["gender=n/a"], segments: Segment.all(in: people))) == ["C-3PO", "R2-D2", "R5-D4"])
    }

    /// Expects `body` to throw a filter error whose description, the line the user reads, is `message`.
    func expectError<T>(_ message: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> T) {
        let error = #expect(throws: CharacterFilterError.self, sourceLocation: sourceLocation) { _ = try body() }
        #expect(error?.description == message, sourceLocation: sourceLocation)
    }
}
