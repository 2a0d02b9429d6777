import ExplorerCore
import Foundation
import Testing
@testable import Races

/// Neds' `nextraces` answer read into races: in the order of `next_to_go_ids`, categories by
/// their ids, a race without an id or a start skipped, a field of the wrong type left out,
/// `race_form.additional_data` (a JSON string) giving the class, prize money, surface and
/// direction; and a venue with its repeated parts said once.
@Suite("RacesAnswer")
struct RacesAnswerTests {
    static func decode(_ json: String) throws -> RacesAnswer {
        try JSONDecoder().decode(RacesAnswer.self, from: Data(json.utf8))
    }

    /// An answer of these summaries (JSON objects by key) in this `next_to_go_ids` order.
    static func answer(ids: [String], _ summaries: [String: String]) throws -> RacesAnswer {
        let ids = ids.map { "\"\($0)\"" }.joined(separator: ",")
        let members = summaries.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ",")
        return try decode(#"{"status": 200, "data": {"next_to_go_ids": [\#(ids)], "race_summaries": {\#(members)}}, "message": "x"}"#)
    }

    /// A summary with what a race needs (its id, meeting and start) and `extra` members.
    static func summary(_ id: String, start: Int = 1_710_489_900, _ extra: String = "") -> String {
        #"{"race_id": "\#(id)", "meeting_name": "Meeting \#(id)", "advertised_start": {"seconds": \#(start)}\#(extra.isEmpty ? "" : ", " + extra)}"#
    }

    // MARK: The embedded answer

    @Test func theEmbeddedAnswerHasTenRacesInTheOrderOfNextToGo() throws {
        let races = try RacesFixture.embeddedAnswer().races
        #expect(races.map(\.id) == [
            "aa4c1dce-2bd9-498e-b329-bb8c20567a06", "0e585683-ec46-4caa-b45c-0682a5f4bba9", "97804701-78c1-45c6-a8e1-e748412b99e5",
            "b6e71bf0-52d6-4986-aee1-26bd1191c1fd", "f6591aae-19cb-475d-a414-dcd4912efcdb", "3467c00b-256f-4555-88ea-b34efe77e01f",
            "cf923440-c20f-41cd-bc45-a5da45f1f1f5", "d8b9c8f7-79cb-4583-b2e1-0a3cb21707bd", "7b4ea0dd-0bc5-4d61-b4ed-d97be3ecd24a",
            "11243bec-634b-4f7c-9feb-dde5005b09db",
        ])
        #expect(races.map(\.favouriteTitle) == [
            "Addington R10", "Launceston R4", "Newcastle R3", "Kawasaki R12", "Hobart R4", "Geelong R1", "Pakenham R4",
            "Alexandra Park R8", "Wagga R2", "Albion Park R1",
        ])
        #expect(races.map(\.category) == [.harness, .horse, .harness, .horse, .harness, .greyhound, .horse, .harness, .greyhound, .harness])
    }

    @Test func aRaceOfTheEmbeddedAnswerInFull() throws {
        let races = try RacesFixture.embeddedAnswer().races
        #expect(races[1] == Race(
            id: "0e585683-ec46-4caa-b45c-0682a5f4bba9", name: "Tasbreeders Night 5Th April Plate (C1)", number: 4,
            meetingName: "Launceston", category: .horse, advertisedStart: Date(timeIntervalSince1970: 1_710_489_900),
            venueName: "Launceston", venueState: "TAS", venueCountry: "AUS",
            form: RaceForm(distance: 1600, distanceUnit: "m", trackCondition: "Soft5", weather: "FINE", raceClass: "CL1 SW",
                           prizeMoney: 25000, trackSurface: "Turf", trackDirection: "Left")))
        #expect(races[1].venue == "Launceston, TAS, AUS")

        let addington = races[0]
        #expect(addington.venue == "Addington, NZ", "state and country both NZ: said once")
        #expect(addington.form?.raceClass == "UP TO & INCLUDING R54", "\\u0026 in the string of JSON")
        #expect(addington.form?.weather == "SHWRY")

        let kawasaki = races[3]
        #expect(kawasaki.venue == "Kawasaki, JPN")
        #expect(kawasaki.form?.weather == nil, "no weather given")
        #expect(kawasaki.form?.trackSurface == "Dirt")
    }

    // MARK: Order

    @Test func racesOutsideNextToGoFollowByKeyAndAnIDIsTakenOnce() throws {
        let answer = try Self.answer(ids: ["b", "missing", "a", "b"], [
            "c": Self.summary("c"), "a": Self.summary("a"), "b": Self.summary("b"), "0": Self.summary("zero"),
        ])
        #expect(answer.races.map(\.id) == ["b", "a", "zero", "c"])
    }

    @Test func anAnswerWithoutNextToGoKeepsEveryRaceByKey() throws {
        let answer = try Self.decode(#"{"data": {"race_summaries": {"y": \#(Self.summary("y")), "x": \#(Self.summary("x"))}}}"#)
        #expect(answer.races.map(\.id) == ["x", "y"])
    }

    @Test(arguments: [#"{"status": 200}"#, #"{"data": {"next_to_go_ids": []}}"#, #"{"data": {"race_summaries": []}}"#, "[]"])
    func anAnswerWithoutSummariesIsNotRead(json: String) {
        #expect(throws: DecodingError.self) { try Self.decode(json) }
    }

    // MARK: Skipped races and lenient fields

    @Test func aRaceWithoutAnIDOrAStartIsSkipped() throws {
        let answer = try Self.answer(ids: ["kept", "no-id", "no-start", "bad-start", "far", "text-start"], [
            "kept": Self.summary("kept"),
            "no-id": #"{"meeting_name": "Ascot", "advertised_start": {"seconds": 1710489900}}"#,
            "no-start": #"{"race_id": "no-start", "meeting_name": "Ascot"}"#,
            "bad-start": #"{"race_id": "bad-start", "advertised_start": 1710489900}"#,
            "far": Self.summary("far", start: 200_000_000_000),
            "text-start": #"{"race_id": "text-start", "advertised_start": {"seconds": "soon"}}"#,
        ])
        #expect(answer.races.map(\.id) == ["kept"])
    }

    @Test func fieldsOfTheWrongTypeAreLeftOut() throws {
        let answer = try Self.answer(ids: ["r"], [
            "r": #"""
            {"race_id": "r", "race_name": 7, "race_number": "four", "meeting_name": 12, "category_id": 3,
             "advertised_start": {"seconds": 1710489900.5}, "venue_name": ["x"], "venue_state": "  ", "venue_country": "AUS",
             "race_form": {"distance": "far", "distance_type": "metres", "track_condition": {"name": 5}, "weather": [],
                           "additional_data": {"revealed_race_info": {"class": "Maiden"}}}}
            """#,
        ])
        #expect(answer.races == [Race(id: "r", meetingName: "unnamed meeting", category: nil,
                                      advertisedStart: Date(timeIntervalSince1970: 1_710_489_900.5), venueCountry: "AUS",
                                      form: RaceForm())])
        #expect(answer.races[0].venue == "AUS")
        #expect(answer.races[0].favouriteTitle == "unnamed meeting R?")
    }

    @Test func aFormThatIsNotAnObjectIsLeftOut() throws {
        let answer = try Self.answer(ids: ["r"], ["r": Self.summary("r", #""race_form": "none""#)])
        #expect(answer.races.first?.form == nil)
    }

    @Test func categoriesAreKnownByTheirIDsWhateverTheCase() throws {
        let answer = try Self.answer(ids: ["h", "n", "g", "G", "x"], [
            "h": Self.summary("h", #""category_id": "4a2788f8-e825-4d36-9894-efd4baf1cfae""#),
            "n": Self.summary("n", #""category_id": "161d9be2-e909-4326-8c2c-35ed71fb460b""#),
            "g": Self.summary("g", #""category_id": "9daef0d7-bf3c-4f50-921d-8e818c60fe61""#),
            "G": Self.summary("G", #""category_id": "9DAEF0D7-BF3C-4F50-921D-8E818C60FE61""#),
            "x": Self.summary("x", #""category_id": "00000000-0000-0000-0000-000000000000""#),
        ])
        #expect(answer.races.map(\.category) == [.horse, .harness, .greyhound, .greyhound, nil])
        #expect(RaceCategory.allCases.map { RaceCategory(id: $0.id) } == [.horse, .harness, .greyhound])
    }

    // MARK: additional_data

    @Test func additionalDataIsAStringOfJSONGivingClassPrizeSurfaceAndDirection() throws {
        let additional = #"{\"revealed_race_info\":{\"class\":\"BM64\",\"prizemonies\":{\"1st\":1000,\"total_value\":50000},"#
            + #"\"track_surface\":\"Synthetic\",\"track_direction\":\"Right\"}}"#
        let answer = try Self.answer(ids: ["r"], ["r": Self.summary("r", #"""
            "race_form": {"distance": 1200, "distance_type": {"name": "Metres", "short_name": "m"},
                          "track_condition": {"name": "Good4", "short_name": "good4"},
                          "weather": {"name": "OCAST", "short_name": "ocast"}, "additional_data": "\#(additional)"}
            """#)])
        #expect(answer.races.first?.form == RaceForm(distance: 1200, distanceUnit: "m", trackCondition: "Good4", weather: "OCAST",
                                                     raceClass: "BM64", prizeMoney: 50000, trackSurface: "Synthetic",
                                                     trackDirection: "Right"))
    }

    @Test(arguments: [
        #""not json""#, #""[1, 2]""#, #""{\"revealed_race_info\": 5}""#, #""{}""#,
        #""{\"revealed_race_info\": {\"class\": \"\", \"track_surface\": \"\", \"prizemonies\": {}}}""#,
    ])
    func additionalDataThatSaysNothingLeavesThoseOut(additional: String) throws {
        let answer = try Self.answer(ids: ["r"], ["r": Self.summary("r", #""race_form": {"distance": 1000, "additional_data": \#(additional)}"#)])
        #expect(answer.races.first?.form == RaceForm(distance: 1000))
    }

    @Test func aRaceWrittenAndReadAgainIsTheSame() throws {
        let race = try #require(RacesFixture.embeddedAnswer().races.first)
        let again = try JSONDecoder().decode(Race.self, from: JSONEncoder().encode(race))
        #expect(again == race)

        let bare = Race(id: "b", meetingName: "Ascot", category: nil, advertisedStart: RacesFixture.start)
        #expect(try JSONDecoder().decode(Race.self, from: JSONEncoder().encode(bare)) == bare)
    }

    // MARK: Venue

    @Test(arguments: [
        (("Launceston", "TAS", "AUS"), "Launceston, TAS, AUS"),
        (("Addington", "NZ", "NZ"), "Addington, NZ"),
        (("Kawasaki", "JPN", "JPN"), "Kawasaki, JPN"),
        (("Sha Tin", "", "HK"), "Sha Tin, HK"),
        (("NZ", "NZ", "NZ"), "NZ"),
        ((nil, "VIC", "AUS"), "VIC, AUS"),
        (("Ascot", "GB", "UK"), "Ascot, GB, UK"),
        ((nil, nil, nil), ""),
    ] as [((String?, String?, String?), String)])
    func theVenueSaysARepeatedPartOnce(parts: (String?, String?, String?), venue: String) {
        let race = Race(id: "r", meetingName: "M", category: nil, advertisedStart: RacesFixture.start,
                        venueName: parts.0, venueState: parts.1, venueCountry: parts.2)
        #expect(race.venue == venue)
    }
}
