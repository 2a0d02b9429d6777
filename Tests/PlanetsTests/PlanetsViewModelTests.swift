import CustomDump
import ExplorerCore
import ExplorerHTTP
import ExplorerStore
import ExplorerText
import Foundation
@testable import Planets
import SWAPI
import TestSupport
import Testing

/// Planets' view model (the kit's paged list over ``Planets``) driven intent by intent, the
/// whole state asserted after each one, over a service that answers only the calls each test
/// expects.
@MainActor
@Suite struct PlanetsViewModelTests {
    let calls = ExpectedCalls<SWAPICall>()
    let store = FavouritesStore.inMemory()
    let viewModel: PlanetsViewModel
    let state: StateExpectations<PlanetsState>

    init() {
        viewModel = PlanetsViewModel(service: calls.swapiService(Planet.self, resource: "planets"), favourites: store)
        state = StateExpectations(viewModel.state)
    }

    /// Page `number` of the embedded planets as the list shows it.
    func rows(page number: Int, favourites: Set<Int> = []) throws -> [ListRow<Planet>] {
        let page = try JSONDecoder().decode(SWAPIPage<Planet>.self, from: Data(EmbeddedPlanetPages.pages[number - 1].utf8))
        return page.results.enumerated().map { offset, planet in
            let row = (number - 1) * 10 + offset + 1
            return ListRow(number: row, item: planet, isFavourite: favourites.contains(row))
        }
    }

    @Test func loadShowsPageOneOfSix() async throws {
        calls.expect([.page(1)])
        try await viewModel.load()
        try state.expect {
            $0.page = 1
            $0.pageCount = 6
            $0.totalCount = 60
            $0.loadedCount = 10
            $0.rows = try rows(page: 1)
        }
        try await viewModel.load()
        state.expectUnchanged("loaded once")
        calls.expectAllMade()
    }

    @Test func aDetailNamesItsResidentsAndFilmsAndFollowsThem() async throws {
        calls.expect([.page(1)])
        try await viewModel.load()
        state.takeCurrent()

        let tatooine = try rows(page: 1)[0]
        calls.expect((tatooine.item.residents + tatooine.item.films).map { .name($0) })
        try await viewModel.open("1")
        let residents = ["Luke Skywalker", "C-3PO", "Darth Vader", "Owen Lars", "Beru Whitesun lars", "R5-D4",
                         "Biggs Darklighter", "Anakin Skywalker", "Shmi Skywalker", "Cliegg Lars"]
        let films = ["A New Hope", "Return of the Jedi", "The Phantom Menace", "Attack of the Clones", "Revenge of the Sith"]
        state.expect {
            $0.screen = .detail(number: 1)
            $0.detail = tatooine
            $0.linkNames = Dictionary(uniqueKeysWithValues: Array(zip(tatooine.item.residents, residents)) + zip(tatooine.item.films, films))
        }
        let links = try #require(viewModel.links)
        #expect(links.map(\.field) == Array(repeating: "residents", count: 10) + Array(repeating: "films", count: 5),
                "its residents, then its films: no other field links")
        let residentLinks = links.filter { $0.field == "residents" }
        #expect(residentLinks.map(\.titleWithReference).prefix(2) == ["Luke Skywalker (people/1)", "C-3PO (people/2)"])
        #expect(residentLinks.map(\.number) == Array(1...10))
        #expect(residentLinks.allSatisfy { $0.kind == "people" })
        #expect(links.filter { $0.field == "films" } == [
            FeatureLink(field: "films", number: 1, kind: "films", id: "1", name: "A New Hope"),
            FeatureLink(field: "films", number: 2, kind: "films", id: "3", name: "Return of the Jedi"),
            FeatureLink(field: "films", number: 3, kind: "films", id: "4", name: "The Phantom Menace"),
            FeatureLink(field: "films", number: 4, kind: "films", id: "5", name: "Attack of the Clones"),
            FeatureLink(field: "films", number: 5, kind: "films", id: "6", name: "Revenge of the Sith"),
        ])

        // Names are fetched once: opening it again asks for nothing.
        #expect(viewModel.back())
        try await viewModel.open("1")
        calls.expectAllMade()
    }

    @Test func sortOrdersTheLoadedPlanetsUnknownLast() async throws {
        calls.expect([.page(1), .page(2)])
        try await viewModel.load()
        try await viewModel.showPage(.next)
        state.takeCurrent()

        viewModel.sort(by: SortArgument(.population, descending: true))
        let loaded = try rows(page: 1) + rows(page: 2)
        let known = loaded.filter { ReadableNumber.value($0.item.population) != nil }
            .sorted { ReadableNumber.value($0.item.population)! > ReadableNumber.value($1.item.population)! }
        let unknown = loaded.filter { ReadableNumber.value($0.item.population) == nil }
        state.expect {
            $0.sort = SortArgument(.population, descending: true)
            $0.rows = known + unknown
        }
        #expect(state.expected.rows.first?.item.name == "Coruscant")
        calls.expectAllMade()
    }

    @Test func aFavouriteIsStarredAndListed() async throws {
        calls.expect([.page(1)])
        try await viewModel.load()
        state.takeCurrent()

        let toggle = try viewModel.toggleFavourite("2")
        #expect(toggle.isFavourite)
        try state.expect { $0.rows = try rows(page: 1, favourites: [2]) }

        let alderaan = try #require(try store.list(feature: "planets").first)
        #expect((alderaan.itemID, alderaan.title) == ("2", "Alderaan"))
        try viewModel.showFavourites()
        state.expect {
            $0.screen = .favourites
            $0.favourites = [FavouriteRow(number: 1, favourite: alderaan, isFavourite: true)]
        }
        calls.expectAllMade()
    }

    @Test func aPageThatFailsChangesNothing() async throws {
        calls.expect([.page(1)])
        try await viewModel.load()
        state.takeCurrent()

        calls.expect([.page(2)], failing: [.page(2)])
        await #expect(throws: HTTPError.self) { try await viewModel.showPage(.next) }
        state.expectUnchanged("the last good list stays")
        calls.expectAllMade()
    }

    @Test func aPlanetNotLoadedIsAskedOfTheAPIByItsId() async throws {
        calls.expect([.page(1)])
        try await viewModel.load()
        state.takeCurrent()

        calls.expect([.item("60"), .name("https://swapi.dev/api/people/82/")])
        try await viewModel.open(id: "60", title: "Umbara")
        #expect(viewModel.state.value.detail?.item.name == "Umbara")
        #expect(viewModel.state.value.detail?.number == nil, "not on a loaded page: no row number")
        #expect(viewModel.state.value.linkNames == ["https://swapi.dev/api/people/82/": "Sly Moore"])
        calls.expectAllMade()
    }

    @Test func aCallNobodyExpectedFailsTheTest() async {
        var error: (any Error)?
        await withKnownIssue("the service answers only what the test expects") {
            error = await #expect(throws: UnexpectedCall.self) { try await viewModel.load() }
        }
        #expect(error is UnexpectedCall, "page 1 was not expected")
        state.expectUnchanged()
    }
}
