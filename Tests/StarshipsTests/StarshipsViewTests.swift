import ExplorerCore
import ExplorerHTTP
import ExplorerText
import Foundation
import SWAPI
@testable import Starships
import TestSupport
import Testing

@MainActor
@Suite struct StarshipsViewTests {
    let fixture = StarshipsFixture()
    let viewModel: StarshipsViewModel
    let view: OnScreen<StarshipsView>

    init() {
        viewModel = StarshipsViewModel(service: fixture.service, favourites: .inMemory())
        view = OnScreen { [viewModel] in StarshipsView(viewModel: viewModel, outlet: $0) }
    }

    func text(width: Int) -> String {
        TextRenderer(width: width).render(view.screen)
    }

    @Test func listRendersTheHeadingAndAlignedRowsWithinTheWidth() async throws {
        try await viewModel.load()
        _ = try viewModel.toggleFavourite("5")

        let lines = text(width: 80).split(separator: "\n").map(String.init)
        #expect(lines[0] == "Starships · page 1 of 4 · 36 in all")
        #expect(lines[1].hasPrefix(" #  ★  name"))
        #expect(lines[2].hasPrefix(" 1  ☆  CR90 corvette"))
        #expect(lines[6].hasPrefix(" 5  ★  Millennium Falcon"))
        #expect(lines[11].hasPrefix("10  ☆  Rebel transport"))
        #expect(lines.count == 12)
        #expect(lines.allSatisfy { $0.displayWidth <= 80 })
    }

    @Test func pageAllListsEveryLoadedRowUnderOneHeadingAndSaysWhereTheBoundStoppedIt() async throws {
        try await viewModel.load()
        let onePage = view.screen.json

        try await viewModel.showPage(.all(limit: 2))
        let lines = text(width: 80).split(separator: "\n").map(String.init)
        #expect(lines[0] == "Starships · all 20 loaded (2 pages) · 36 in all")
        #expect(lines[2].hasPrefix(" 1  ☆  CR90 corvette"))
        #expect(lines[21].hasPrefix("20  ☆  Naboo Royal Starship"))
        #expect(lines.count == 22)
        #expect(view.screen.warnings == ["stopped after 2 pages (the API has 4 pages): `page all 4` loads more"])

        let json = view.screen.json
        #expect(json["all"] == true)
        #expect(json["stopped_after"] == 2)
        #expect(json["page"] == 1)
        #expect(json["loaded"] == 20)
        guard case .array(let rows)? = json["rows"], case .array(let firstPage)? = onePage["rows"] else {
            Issue.record("no rows in \(json)")
            return
        }
        #expect(rows.count == 20)
        #expect(Array(rows.prefix(10)) == firstPage, "the same rows, in the same shape, as on page 1")
        #expect(rows[19]["row"] == 20)

        try await viewModel.showPage(.all(limit: nil))
        #expect(text(width: 80).hasPrefix("Starships · all 36 loaded (4 pages)\n"))
        #expect(view.screen.warnings.isEmpty)
        #expect(view.screen.json["stopped_after"] == nil, "only when the bound stopped it")

        try await viewModel.showPage(.number(2))
        #expect(text(width: 80).hasPrefix("Starships · page 2 of 4 · 36 in all\n"))
        #expect(view.screen.json["all"] == nil)
    }

    @Test func detailFormatsNumbersForReadingAndLeavesUnknownAlone() async throws {
        try await viewModel.load()
        try await viewModel.open("4")  // Death Star

        let screen = text(width: 100)
        #expect(screen.hasPrefix("☆ Death Star  (row 4)\n"))
        #expect(screen.contains("  cost               1,000,000,000,000 credits\n"))
        #expect(screen.contains("  length             120,000 m\n"))
        #expect(screen.contains("  max speed          n/a\n"))
        #expect(screen.contains("  crew               342,953\n"))
        #expect(screen.contains("  films              1 films/1\n"), "a link, numbered for `follow films 1`; the fixture names nobody")
        #expect(screen.contains("  created            2014-12-10\n"))

        try await viewModel.open("1")  // CR90: crew is a range
        #expect(text(width: 100).contains("  crew               30–165\n"))
    }

    @Test func listAsDataGivesRawValuesForEveryField() async throws {
        try await viewModel.load()
        _ = try viewModel.toggleFavourite("5")

        let json = view.screen.json
        #expect(json["feature"] == "starships")
        #expect(json["screen"] == "list")
        #expect(json["page"] == 1)
        #expect(json["pages"] == 4)
        #expect(json["count"] == 36)
        #expect(json["sort"] == .null)
        guard case .array(let rows)? = json["rows"] else {
            Issue.record("no rows in \(json)")
            return
        }
        #expect(rows.count == 10)
        let falcon = rows[4]
        #expect(falcon["row"] == 5)
        #expect(falcon["favourite"] == true)
        #expect(falcon["id"] == "10")
        #expect(falcon["name"] == "Millennium Falcon")
        #expect(falcon["length_m"] == .double(34.37))
        #expect(falcon["cost_credits"] == 100_000)
        #expect(falcon["url"] == "https://swapi.dev/api/starships/10/")
        #expect(rows[0]["crew"] == ["min": 30, "max": 165], "a range is both its ends")
        #expect(rows[1]["passengers"] == .null, "n/a is null")
        #expect(rows[7]["cost_credits"] == .null, "unknown is null")
    }

    @Test func detailAsDataHasTheRowTheStarAndEveryField() async throws {
        try await viewModel.load()
        try await viewModel.open("5")

        let json = view.screen.json
        #expect(json["screen"] == "detail")
        #expect(json["row"] == 5)
        #expect(json["favourite"] == false)
        #expect(json["id"] == "10")
        #expect(json["name"] == "Millennium Falcon")
        #expect(json["max_speed_kmh"] == 1050)
        #expect(json["pilots"] == [
            ["number": 1, "id": "13", "name": nil, "url": "https://swapi.dev/api/people/13/"],
            ["number": 2, "id": "14", "name": nil, "url": "https://swapi.dev/api/people/14/"],
            ["number": 3, "id": "25", "name": nil, "url": "https://swapi.dev/api/people/25/"],
            ["number": 4, "id": "31", "name": nil, "url": "https://swapi.dev/api/people/31/"],
        ], "this fixture's service names nobody; each pilot is numbered for `follow pilots N`")
        #expect(json["created"] == "2014-12-10T16:59:45.094000Z")
        #expect(text(width: 100).contains("  pilots             1 people/13, 2 people/14, 3 people/25, 4 people/31\n"),
                "unnamed links say what they are ids of, beside the number `follow` takes")
    }

    @Test func aDetailNamesItsPilotsWhereTheDataHasThem() async throws {
        let embedded = StarshipsViewModel(service: .http(EmbeddedHTTPClient(responder: SWAPIEmbeddedData.responder), resource: "starships"),
                                          favourites: .inMemory())
        let view = OnScreen { StarshipsView(viewModel: embedded, outlet: $0) }
        try await embedded.load()
        try await embedded.open("5")

        #expect(TextRenderer(width: 100).render(view.screen).contains("  pilots             1 Chewbacca, 2 Han Solo, 3 Lando Calrissian, 4 Nien Nunb\n"))
        guard case .array(let pilots)? = view.screen.json["pilots"] else {
            Issue.record("no pilots")
            return
        }
        #expect(pilots.first == ["number": 1, "id": "13", "name": "Chewbacca", "url": "https://swapi.dev/api/people/13/"])
    }

    @Test func sortedListSaysWhatMoreThereIs() async throws {
        try await viewModel.load()
        viewModel.sort(by: StarshipSort(.length, descending: true))

        let lines = text(width: 100).split(separator: "\n").map(String.init)
        #expect(lines.first == "Starships · sorted by length (descending) · 10 of 36 loaded")
        #expect(lines.last == "`page next` loads more · `sort off` restores page order")
        #expect(view.screen.json["sort"] == ["key": "length", "descending": true])
    }
    // MARK: Data

    @Test func theListsColumnsAreTheSameWhateverTheSortAndHoldEveryField() async throws {
        try await viewModel.load()
        let unsorted = try #require(view.screen.table)
        viewModel.sort(by: StarshipSort(.cost, descending: true))
        let sorted = try #require(view.screen.table)
        func dataKeys(_ table: ScreenTable) -> [String] { table.columns.filter(\.visibility.inData).map(\.key) }
        #expect(dataKeys(sorted) == dataKeys(unsorted), "the sorted value beside the name is for text only")
        #expect(sorted.textTable.columns.map(\.title).prefix(4) == ["#", "★", "name", "cost"])
        for row in viewModel.state.value.rows {
            let missing = Set(StarshipsView.fields(Starships(), row.item).map(\.key)).subtracting(dataKeys(sorted))
            #expect(missing.isEmpty, "\(row.item.name): no column for \(missing)")
        }
    }

    @Test func whatSWAPIDoesNotKnowIsNullAsData() throws {
        let ship = try JSONDecoder().decode(Starship.self, from: Data(#"{"name": "Ghost"}"#.utf8))
        let values = Dictionary(StarshipsView.fields(Starships(), ship).map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        #expect(values["name"] == "Ghost")
        #expect(values["pilots"] == [] && values["films"] == [])
        let others = values.filter { !["name", "pilots", "films"].contains($0.key) }
        #expect(others.allSatisfy { $0.value == .null }, "a name alone: everything else unknown, null as data: \(others)")

        var cruiser = ship
        cruiser.consumables = "unknown"
        cruiser.model = "Consular-class cruiser"
        let cruiserValues = Dictionary(StarshipsView.fields(Starships(), cruiser).map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(cruiserValues["consumables"]?.value == .null && cruiserValues["consumables"]?.text == "unknown",
                "SWAPI's own `unknown`: null as data, `unknown` as text")
        #expect(cruiserValues["model"]?.value == "Consular-class cruiser")
    }

    @Test func aSpeedSWAPIWritesInKmIsTheKmPerHourItMeans() throws {
        var ship = try JSONDecoder().decode(Starship.self, from: Data(#"{"name": "Sentinel", "max_atmosphering_speed": "1000km"}"#.utf8))
        let speed = { StarshipsView.fields(Starships(), ship).first { $0.key == "max_speed_kmh" } }
        #expect(speed()?.text == "1,000 km/h")
        #expect(speed()?.value == 1000)
        ship.maxAtmospheringSpeed = "1050"
        #expect(speed()?.text == "1,050 km/h")
    }
}
