import ExplorerCore
import Testing
@testable import Characters

/// The text the view renders from the view model's state.
@MainActor
@Suite struct CharactersViewTests {
    let fixture = CharactersFixture()
    let viewModel: CharactersViewModel

    init() {
        viewModel = CharactersViewModel(service: fixture.service, favourites: CharactersFixture.temporaryStore())
    }

    func view(width: Int = 80, style: Style = .plain) -> CharactersView {
        CharactersView(viewModel: viewModel, terminal: TerminalSettings(width: width, style: style))
    }

    func lines(_ view: CharactersView) -> [String] {
        view.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func nothingLoadedSaysSo() {
        #expect(view().screen == "no characters loaded")
    }

    @Test func listHasTheHeadingAndEveryRowWithinTheWidth() async throws {
        let view = self.view()
        try await viewModel.load()
        _ = try viewModel.toggleFavourite("4")

        let lines = self.lines(view)
        #expect(lines.count == 84)
        #expect(lines[0] == "Characters · 82 in all")
        #expect(lines[1] == " #  ★  name                   eye colour     gender         birth year")
        #expect(lines[2] == " 1  ☆  Luke Skywalker         blue           male           19BBY")
        #expect(lines[5] == " 4  ★  Darth Vader            yellow         male           41.9BBY")
        #expect(lines[17] == "16  ☆  Jabba Desilijic Tiure  orange         hermaphrodite  600BBY")
        #expect(lines[83] == "82  ☆  Tion Medon             black          male           unknown")
        #expect(lines.allSatisfy { $0.displayWidth <= 80 })
    }

    @Test func aNarrowTerminalTruncatesNamesButNeverNumbersOrYears() async throws {
        let view = self.view(width: 60)
        try await viewModel.load()

        let lines = self.lines(view)
        #expect(lines.allSatisfy { $0.displayWidth <= 60 })
        #expect(lines[17].hasPrefix("16  ☆  "))
        #expect(lines[17].hasSuffix("600BBY"))
        #expect(lines[17].contains("…"))
    }

    @Test func aFilterShowsItselfAndTheCountInTheHeading() async throws {
        let view = self.view()
        try await viewModel.load()
        try viewModel.filter(["eye=blue", "gender=female"])

        let lines = self.lines(view)
        #expect(lines[0] == "Characters · eye=blue gender=female · 7 of 82")
        #expect(lines.count == 9)
        #expect(lines[2].hasPrefix(" 7  ☆  Beru Whitesun lars"))
        #expect(lines[8].hasPrefix("74  ☆  R4-P17"))
        #expect(lines[8].contains("red, blue"))
    }

    @Test func aSortShowsInTheHeading() async throws {
        let view = self.view()
        try await viewModel.load()
        viewModel.sort(by: CharacterSort(.mass, descending: true))
        #expect(lines(view)[0] == "Characters · 82 in all · sorted by mass (descending)")
        #expect(lines(view)[2].hasPrefix("16  ☆  Jabba Desilijic Tiure"))

        try viewModel.filter(["eye=blue"])
        #expect(lines(view)[0] == "Characters · eye=blue · 20 of 82 · sorted by mass (descending)")
    }

    @Test func aFilterNobodyMatchesSaysHowToSeeEveryone() async throws {
        let view = self.view()
        try await viewModel.load()
        try viewModel.filter(["eye=white", "gender=male"])

        #expect(view.screen == """
            Characters · eye=white gender=male · 0 of 82
            no characters match eye=white gender=male (`filter clear` shows all)
            """)
    }

    @Test func theHeadingIsEmphasisedWhenStyled() async throws {
        let view = self.view(style: .colored)
        try await viewModel.load()
        #expect(lines(view)[0] == "\u{1B}[1mCharacters · 82 in all\u{1B}[0m")
    }

    @Test func detailShowsEveryFieldFormattedForReading() async throws {
        let view = self.view(width: 100)
        try await viewModel.load()
        try viewModel.open("1")

        #expect(view.screen == """
            ☆ Luke Skywalker  (row 1)
              height      172 cm
              mass        77 kg
              hair        blond
              skin        fair
              eyes        blue
              birth year  19BBY
              gender      male
              homeworld   planet 1
              films       A New Hope, The Empire Strikes Back, Return of the Jedi, Revenge of the Sith
              species     none
              vehicles    2 (vehicles 14, 30)
              starships   2 (starships 12, 22)
              created     2014-12-09
              edited      2014-12-20
              url         https://swapi.dev/api/people/1/
            """)
    }

    @Test func detailGroupsThousandsAndLeavesUnknownAlone() async throws {
        let view = self.view(width: 100)
        try await viewModel.load()

        try viewModel.open("16")
        #expect(view.screen.hasPrefix("☆ Jabba Desilijic Tiure  (row 16)\n"))
        #expect(view.screen.contains("\n  height      175 cm\n"))
        #expect(view.screen.contains("\n  mass        1,358 kg\n"))
        #expect(view.screen.contains("\n  species     1 (species 5)\n"))
        #expect(view.screen.contains("\n  films       A New Hope, Return of the Jedi, The Phantom Menace\n"))

        try viewModel.open("28")  // Arvel Crynyd: height and mass unknown
        #expect(view.screen.contains("\n  height      unknown\n"))
        #expect(view.screen.contains("\n  mass        unknown\n"))
        #expect(view.screen.contains("\n  birth year  unknown\n"))
    }

    @Test func aFavouriteShowsAsAStarOnTheDetailAndOnTheListAfterBack() async throws {
        let view = self.view()
        try await viewModel.load()
        try viewModel.open("19")
        _ = try viewModel.toggleFavourite(nil)
        #expect(lines(view)[0] == "★ Yoda  (row 19)")

        #expect(viewModel.back())
        #expect(lines(view)[0] == "Characters · 82 in all")
        #expect(lines(view)[20].hasPrefix("19  ★  Yoda"))
        #expect(lines(view).filter { $0.contains("★  ") }.count == 2, "the header's column and Yoda")
    }

    @Test func aFailedRefreshLeavesTheScreenAsItWas() async throws {
        let view = self.view()
        try await viewModel.load()
        try viewModel.filter(["eye=blue"])
        let before = view.screen

        fixture.fail(page: 2, status: 500)
        await #expect(throws: PageLoadError.self) { try await viewModel.refresh() }
        #expect(view.screen == before)
    }

    @Test func segmentsWrapToTheWidth() async throws {
        try await viewModel.load()
        let segments = viewModel.segments(of: .eye)

        #expect(CharactersView.segments(segments, total: 82, trait: .eye, filter: CharacterFilter(), terminal: TerminalSettings(width: 80)) == """
            eye segments
            all (82)  blue (20)  brown (20)  yellow (12)  black (9)  orange (8)  red (6)
            hazel (2)  unknown (2)  blue-gray (1)  gold (1)  green (1)  pink (1)  white (1)
            """)
        #expect(CharactersView.segments(segments, total: 82, trait: .eye, filter: CharacterFilter(), terminal: TerminalSettings(width: 40)) == """
            eye segments
            all (82)  blue (20)  brown (20)
            yellow (12)  black (9)  orange (8)
            red (6)  hazel (2)  unknown (2)
            blue-gray (1)  gold (1)  green (1)
            pink (1)  white (1)
            """)
    }

    @Test func segmentsNameAFilterInForce() async throws {
        try await viewModel.load()
        let filter = CharacterFilter([.eye: "blue", .gender: "female"])
        let text = CharactersView.segments(viewModel.segments(of: .gender), total: 82, trait: .gender, filter: filter,
                                           terminal: TerminalSettings(width: 80))
        #expect(text == """
            gender segments · filter in force: eye=blue gender=female
            all (82)  male (60)  female (17)  n/a (3)  hermaphrodite (1)  none (1)
            """)
    }
}
