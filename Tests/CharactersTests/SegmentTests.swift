import Foundation
import SWAPI
import Testing
@testable import Characters

/// Segments: every value of a trait with its count, most common first, then by name.
@Suite struct SegmentTests {
    let people = CharactersFixture().people

    /// People with just these eye colours (and genders), decoded as the service decodes them.
    static func people(eyes: [String], genders: [String]? = nil) -> [Person] {
        let synthetic = eyes.enumerated().map { index, eye in
            CharactersFixture.SyntheticPerson(number: index + 1, eye: eye, gender: genders?[index] ?? "male")
        }
        return CharactersFixture.pagesJSON(people: synthetic, pageSize: 100).flatMap { body in
            (try? JSONDecoder().decode(SWAPIPage<Person>.self, from: Data(body.utf8)).results) ?? []
        }
    }

    @Test func eyeSegmentsOfTheRealData() {
        #expect(people.count == 82)
        #expect(Segment.segments(of: .eye, in: people) == [
            Segment("blue", 20), Segment("brown", 20), Segment("yellow", 12), Segment("black", 9),
            Segment("orange", 8), Segment("red", 6), Segment("hazel", 2), Segment("unknown", 2),
            Segment("blue-gray", 1), Segment("gold", 1), Segment("green", 1), Segment("pink", 1), Segment("white", 1),
        ])
        let total = Segment.segments(of: .eye, in: people).map(\.count).reduce(0, +)
        #expect(total == 84, "82 people, two of them with two colours")
    }

    /// The trait values a list's filter matches are those ``CharacterTrait/values(of:)`` gives,
    /// worked out once a load.
    @Test func personTraitsAreEachTraitsValues() {
        for person in people + Self.people(eyes: ["red, blue", " Blue ,blue", "", "n/a"]) {
            let traits = PersonTraits(person)
            for trait in CharacterTrait.allCases {
                #expect(traits[trait] == trait.values(of: person), "\(person.name) \(trait)")
            }
        }
    }

    @Test func otherTraitsOfTheRealData() {
        #expect(Segment.segments(of: .gender, in: people) == [
            Segment("male", 60), Segment("female", 17), Segment("n/a", 3), Segment("hermaphrodite", 1), Segment("none", 1),
        ])
        #expect(Segment.segments(of: .hair, in: people) == [
            Segment("none", 36), Segment("brown", 17), Segment("black", 12), Segment("n/a", 5), Segment("white", 5),
            Segment("auburn", 3), Segment("blond", 3), Segment("grey", 3), Segment("blonde", 1),
        ])
        #expect(Array(Segment.segments(of: .skin, in: people).prefix(4)) == [
            Segment("fair", 18), Segment("grey", 12), Segment("green", 9), Segment("light", 9),
        ])
        #expect(Segment.segments(of: .skin, in: people).count == 20)
    }

    @Test func aTwoColourValueCountsUnderEachColour() {
        let people = Self.people(eyes: ["red, blue", "blue", "Green , RED"])
        #expect(Segment.segments(of: .eye, in: people) == [Segment("blue", 2), Segment("red", 2), Segment("green", 1)])
    }

    @Test func aColourNamedTwiceByOnePersonCountsOnce() {
        let people = Self.people(eyes: ["blue, Blue", "brown"])
        #expect(Segment.segments(of: .eye, in: people) == [Segment("blue", 1), Segment("brown", 1)])
    }

    @Test func unknownAndNotApplicableAreTheirOwnSegments() {
        let people = Self.people(eyes: ["unknown", "n/a", "n/a", "", "blue"])
        #expect(Segment.segments(of: .eye, in: people) == [Segment("n/a", 2), Segment("unknown", 2), Segment("blue", 1)],
                "an empty value counts as unknown")
    }

    @Test func aNewColourInTheDataBecomesANewSegment() {
        var people = self.people
        people += Self.people(eyes: ["violet"])
        let segments = Segment.segments(of: .eye, in: people)
        #expect(segments.count == 14)
        #expect(Array(segments.suffix(6)) == [
            Segment("blue-gray", 1), Segment("gold", 1), Segment("green", 1), Segment("pink", 1), Segment("violet", 1), Segment("white", 1),
        ], "among the ones, by name")
        #expect(segments.first == Segment("blue", 20))
    }

    @Test func valuesAreLowerCasedAndTrimmed() {
        let people = Self.people(eyes: ["Blue", " BLUE ", "blue"])
        #expect(Segment.segments(of: .eye, in: people) == [Segment("blue", 3)])
    }

    @Test func nobodyHasNoSegments() {
        #expect(Segment.segments(of: .eye, in: []) == [])
    }

    @Test func traitValuesOfOnePerson() {
        let r4 = people[73]
        #expect(r4.name == "R4-P17")
        #expect(CharacterTrait.eye.values(of: r4) == ["red", "blue"])
        #expect(CharacterTrait.skin.values(of: r4) == ["silver", "red"])
        #expect(CharacterTrait.gender.values(of: r4) == ["female"])
        #expect(CharacterTrait.hair.values(of: r4) == ["none"])
    }
}
