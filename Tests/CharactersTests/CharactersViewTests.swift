@testable import Characters
import ExplorerCore
import ExplorerHTTP
import ExplorerText
import Foundation
import SWAPI
import TestSupport
import Testing

/// The screens the view makes from the view model's state, read as text at a width (as the
/// shell prints them) and as data.
@MainActor
@Suite struct CharactersViewTests {
    let fixture = CharactersFixture()
    let viewModel: CharactersViewModel
    let view: OnScreen<CharactersView>

    init() {
        viewModel = CharactersViewModel(service: fixture.service, favourites: .inMemory())
        view = OnScreen { [viewModel] in CharactersView(viewModel: viewModel, outlet: $0) }
    }

    func text(_ screen: Screen? = nil, width: Int = 80, style: Style = .plain) -> String {
        TextRenderer(width: width, style: style).render(screen ?? view.screen)
    }

    func lines(width: Int = 80) -> [String] {
        text(width: width).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func nothingLoadedSaysSo() {
        #expect(text() == "no characters loaded")
    }

    @Test func listHasTheHeadingTheSegmentBarAndEveryRowWithinTheWidth() async throws {
        try await viewModel.load()
        _ = try viewModel.toggleFavourite("4")

        let lines = self.lines()
        #expect(lines.count == 86)
        #expect(lines[0] == "Characters · 82 in all")
        #expect(lines[1] == "[all (82)]  blue (20)  brown (20)  yellow (12)  black (9)  orange (8)  red (6)")
        #expect(lines[2] == "hazel (2)  unknown (2)  blue-gray (1)  gold (1)  green (1)  pink (1)  white (1)")
        #expect(lines[3] == " #  ★  name                   eye colour     gender         birth year")
        #expect(lines[4] == " 1  ☆  Luke Skywalker         blue           male           19BBY")
        #expect(lines[7] == " 4  ★  Darth Vader            yellow         male           41.9BBY")
        #expect(lines[19] == "16  ☆  Jabba Desilijic Tiure  orange         hermaphrodite  600BBY")
        #expect(lines[85] == "82  ☆  Tion Medon             black          male           unknown")
        #expect(lines.allSatisfy { $0.displayWidth <= 80 })
    }

    @Test func aNarrowTerminalTruncatesNamesButNeverNumbersOrYears() async throws {
        try await viewModel.load()

        let lines = self.lines(width: 60)
        #expect(lines.allSatisfy { $0.displayWidth <= 60 })
        let jabba = try #require(lines.first { $0.hasPrefix("16  ☆  ") })
        #expect(jabba.hasSuffix("600BBY"))
        #expect(jabba.contains("…"))
    }

    @Test func aFilterShowsItselfInTheHeadingAndMarksItsSegment() async throws {
        try await viewModel.load()
        try viewModel.filter(["eye=blue", "gender=female"])

        let lines = self.lines()
        #expect(lines[0] == "Characters · eye=blue gender=female · 7 of 82")
        #expect(lines[1] == "all (82)  [blue (20)]  brown (20)  yellow (12)  black (9)  orange (8)  red (6)")
        #expect(lines.count == 11)
        #expect(lines[4].hasPrefix(" 7  ☆  Beru Whitesun lars"))
        #expect(lines[10].hasPrefix("74  ☆  R4-P17"))
        #expect(lines[10].contains("red, blue"))
    }

    @Test func twoEyeColoursInTheFilterMarkBothSegments() async throws {
        try await viewModel.load()
        try viewModel.filter(["eye=red", "eye=blue"])
        #expect(lines()[1] == "all (82)  [blue (20)]  brown (20)  yellow (12)  black (9)  orange (8)  [red (6)]")
    }

    @Test func aFilterOnAnotherTraitLeavesAllMarkedOnTheEyeBar() async throws {
        try await viewModel.load()
        try viewModel.filter(["hair=blond"])
        #expect(lines()[1].hasPrefix("[all (82)]  blue (20)"), "the eye colours are not narrowed")
    }

    @Test func theListAsDataHasTheSegmentsAndTheFilter() async throws {
        try await viewModel.load()
        try viewModel.filter(["eye=blue", "gender=female"])

        let json = view.screen.json
        #expect(json["screen"] == "list")
        #expect(json["count"] == 82)
        #expect(json["shown"] == 7)
        #expect(json["filter"] == ["eye": ["blue"], "gender": ["female"]])
        guard case .array(let segments)? = json["segments"], case .array(let rows)? = json["rows"] else {
            Issue.record("segments or rows missing: \(json)")
            return
        }
        #expect(segments[0] == ["label": "all", "value": nil, "count": 82, "selected": false])
        #expect(segments[1] == ["label": "blue", "value": "blue", "count": 20, "selected": true])
        #expect(segments.count == 14)
        #expect(rows.count == 7)
        #expect(rows[0]["row"] == 7)
        #expect(rows[0]["name"] == "Beru Whitesun lars")
        #expect(rows[0]["height_cm"] == 165)
        #expect(rows[0]["homeworld"] == ["id": "1", "name": nil, "url": "https://swapi.dev/api/planets/1/"])
    }

    @Test func aSortShowsInTheHeading() async throws {
        try await viewModel.load()
        viewModel.sort(by: CharacterSort(.mass, descending: true))
        #expect(lines()[0] == "Characters · 82 in all · sorted by mass (descending)")
        #expect(lines()[4].hasPrefix("16  ☆  Jabba Desilijic Tiure"))

        try viewModel.filter(["eye=blue"])
        #expect(lines()[0] == "Characters · eye=blue · 20 of 82 · sorted by mass (descending)")
    }

    @Test func aFilterNobodyMatchesSaysHowToSeeEveryone() async throws {
        try await viewModel.load()
        try viewModel.filter(["eye=white", "gender=male"])

        #expect(text(width: 200) == """
            Characters · eye=white gender=male · 0 of 82
            all (82)  blue (20)  brown (20)  yellow (12)  black (9)  orange (8)  red (6)  hazel (2)  unknown (2)  blue-gray (1)  gold (1)  green (1)  pink (1)  [white (1)]
            no characters match eye=white gender=male (`filter clear` shows all)
            """)
    }

    @Test func aFilterNobodyMatchesIsAnEmptyTableAsData() async throws {
        try await viewModel.load()
        try viewModel.filter(["eye=white", "gender=male"])
        #expect(view.screen.table?.rows == [], "its header alone in CSV")
        #expect(view.screen.json["rows"] == [])
    }

    @Test func theListsColumnsAreTheSameWhateverTheSortAndHoldEveryField() async throws {
        try await viewModel.load()
        let unsorted = try #require(view.screen.table)
        viewModel.sort(by: CharacterSort(.mass, descending: true))
        let sorted = try #require(view.screen.table)
        func dataKeys(_ table: ScreenTable) -> [String] { table.columns.filter(\.visibility.inData).map(\.key) }
        #expect(dataKeys(sorted) == dataKeys(unsorted), "the sorted value beside the name is for text only")
        #expect(sorted.textTable.columns.map(\.title).prefix(4) == ["#", "★", "name", "mass"])
        for row in viewModel.state.value.rows {
            let missing = Set(CharactersView.fields(Characters(), row.item).map(\.key)).subtracting(dataKeys(sorted))
            #expect(missing.isEmpty, "\(row.item.name): no column for \(missing)")
        }
    }

    @Test func whatSWAPIDoesNotKnowIsNullAsDataAndUnknownAsText() throws {
        let person = try JSONDecoder().decode(Person.self, from: Data(#"{"name": "Nobody", "eye_color": "unknown", "hair_color": "n/a"}"#.utf8))
        let fields = Dictionary(CharactersView.fields(Characters(), person).map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        for key in ["eyes", "skin", "birth_year", "gender", "height_cm", "mass_kg", "homeworld", "created", "edited", "url"] {
            #expect(fields[key]?.value == .null, "\(key): \(String(describing: fields[key]))")
        }
        #expect(fields["eyes"]?.text == "unknown")
        #expect(fields["hair"]?.value == "n/a", "not applicable is a value, not an unknown one")
    }

    @Test func theHeadingIsEmphasisedWhenStyled() async throws {
        try await viewModel.load()
        #expect(text(style: .colored).hasPrefix("\u{1B}[1mCharacters · 82 in all\u{1B}[0m\n"))
    }

    @Test func detailShowsEveryFieldFormattedForReading() async throws {
        try await viewModel.load()
        try await viewModel.open("1")

        #expect(text(width: 100) == """
            ☆ Luke Skywalker  (row 1)
              height      172 cm
              mass        77 kg
              hair        blond
              skin        fair
              eyes        blue
              birth year  19BBY
              gender      male
              homeworld   planets/1
              films       1 films/1, 2 films/2, 3 films/3, 4 films/6
              species     none
              vehicles    1 vehicles/14, 2 vehicles/30
              starships   1 starships/12, 2 starships/22
              created     2014-12-09
              edited      2014-12-20
              url         https://swapi.dev/api/people/1/
            """)
    }

    @Test func aDetailNamesWhatItLinksToWhereTheDataHasIt() async throws {
        let embedded = CharactersViewModel(service: .http(EmbeddedHTTPClient(responder: SWAPIEmbeddedData.responder), resource: "people"),
                                           favourites: .inMemory())
        let view = OnScreen { CharactersView(viewModel: embedded, outlet: $0) }
        try await embedded.load()
        try await embedded.open("1")

        let luke = TextRenderer(width: 100).render(view.screen)
        #expect(luke.contains("\n  starships   1 X-wing, 2 Imperial shuttle\n"), "starships are in the embedded data, numbered for `follow starships N`")
        #expect(luke.contains("\n  homeworld   Tatooine\n"), "every SWAPI resource is embedded")
        #expect(luke.contains("\n  vehicles    1 Snowspeeder, 2 Imperial Speeder Bike\n"))
        #expect(luke.contains("\n  films       1 A New Hope, 2 The Empire Strikes Back, 3 Return of the Jedi, 4 Revenge of the Sith\n"),
                "films are named by their titles")
    }

    @Test func detailGroupsThousandsAndLeavesUnknownAlone() async throws {
        try await viewModel.load()

        try await viewModel.open("16")
        let jabba = text(width: 100)
        #expect(jabba.hasPrefix("☆ Jabba Desilijic Tiure  (row 16)\n"))
        #expect(jabba.contains("\n  height      175 cm\n"))
        #expect(jabba.contains("\n  mass        1,358 kg\n"))
        #expect(jabba.contains("\n  species     1 species/5\n"))
        #expect(jabba.contains("\n  films       1 films/1, 2 films/3, 3 films/4\n"))
        #expect(view.screen.json["mass_kg"] == 1358)

        try await viewModel.open("28")  // Arvel Crynyd: height and mass unknown
        let arvel = text(width: 100)
        #expect(arvel.contains("\n  height      unknown\n"))
        #expect(arvel.contains("\n  mass        unknown\n"))
        #expect(arvel.contains("\n  birth year  unknown\n"))
        #expect(view.screen.json["mass_kg"] == .null)
    }

    @Test func aFavouriteShowsAsAStarOnTheDetailAndOnTheListAfterBack() async throws {
        try await viewModel.load()
        try await viewModel.open("19")
        _ = try viewModel.toggleFavourite(nil)
        #expect(lines()[0] == "★ Yoda  (row 19)")

        #expect(viewModel.back())
        let lines = self.lines()
        #expect(lines[0] == "Characters · 82 in all")
        #expect(lines[22].hasPrefix("19  ★  Yoda"))
        #expect(lines.filter { $0.contains("★  ") }.count == 2, "the header's column and Yoda")
    }

    @Test func aFailedRefreshLeavesTheScreenAsItWas() async throws {
        try await viewModel.load()
        try viewModel.filter(["eye=blue"])
        let before = view.screen

        fixture.fail(page: 2, status: 500)
        await #expect(throws: PageLoadError.self) { try await viewModel.refresh() }
        #expect(view.screen == before)
    }

    @Test func segmentsWrapToTheWidth() async throws {
        try await viewModel.load()
        let screen = CharactersView.segments(.eye, of: viewModel.state.value)

        #expect(text(screen, width: 80) == """
            eye segments
            [all (82)]  blue (20)  brown (20)  yellow (12)  black (9)  orange (8)  red (6)
            hazel (2)  unknown (2)  blue-gray (1)  gold (1)  green (1)  pink (1)  white (1)
            """)
        #expect(text(screen, width: 40) == """
            eye segments
            [all (82)]  blue (20)  brown (20)
            yellow (12)  black (9)  orange (8)
            red (6)  hazel (2)  unknown (2)
            blue-gray (1)  gold (1)  green (1)
            pink (1)  white (1)
            """)
    }

    @Test func segmentsNameAFilterInForceAndMarkItsValues() async throws {
        try await viewModel.load()
        try viewModel.filter(["eye=blue", "gender=female"])
        let screen = CharactersView.segments(.gender, of: viewModel.state.value)
        #expect(text(screen) == """
            gender segments · filter in force: eye=blue gender=female
            all (82)  male (60)  [female (17)]  n/a (3)  hermaphrodite (1)  none (1)
            """)
        #expect(screen.json["trait"] == "gender")
        #expect(screen.json["filter"] == ["eye": ["blue"], "gender": ["female"]])
    }
}
