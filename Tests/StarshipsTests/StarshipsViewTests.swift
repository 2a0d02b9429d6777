import ExplorerCore
import Testing
@testable import Starships

@MainActor
@Suite struct StarshipsViewTests {
    @Test func listRendersTheHeadingAndAlignedRowsWithinTheWidth() async throws {
        let fixture = StarshipsFixture()
        let viewModel = StarshipsViewModel(service: fixture.service, favourites: StarshipsFixture.temporaryStore())
        let view = StarshipsView(viewModel: viewModel, terminal: TerminalSettings(width: 80))
        try await viewModel.load()
        _ = try viewModel.toggleFavourite("5")

        let lines = view.screen.split(separator: "\n").map(String.init)
        #expect(lines[0] == "Starships · page 1 of 4 · 36 in all")
        #expect(lines[1].hasPrefix(" #  ★  name"))
        #expect(lines[2].hasPrefix(" 1  ☆  CR90 corvette"))
        #expect(lines[6].hasPrefix(" 5  ★  Millennium Falcon"))
        #expect(lines[11].hasPrefix("10  ☆  Rebel transport"))
        #expect(lines.count == 12)
        #expect(lines.allSatisfy { $0.displayWidth <= 80 })
    }

    @Test func detailFormatsNumbersForReadingAndLeavesUnknownAlone() async throws {
        let fixture = StarshipsFixture()
        let viewModel = StarshipsViewModel(service: fixture.service, favourites: StarshipsFixture.temporaryStore())
        let view = StarshipsView(viewModel: viewModel, terminal: TerminalSettings(width: 100))
        try await viewModel.load()
        try viewModel.open("4")  // Death Star

        let screen = view.screen
        #expect(screen.hasPrefix("☆ Death Star  (row 4)\n"))
        #expect(screen.contains("  cost               1,000,000,000,000 credits\n"))
        #expect(screen.contains("  length             120,000 m\n"))
        #expect(screen.contains("  max speed          n/a\n"))
        #expect(screen.contains("  crew               342,953\n"))
        #expect(screen.contains("  films              A New Hope\n"))
        #expect(screen.contains("  created            2014-12-10\n"))

        try viewModel.open("1")  // CR90: crew is a range
        #expect(view.screen.contains("  crew               30–165\n"))
    }
}
