import ExplorerCore
import ExplorerHTTP
import ExplorerStore
import ExplorerTrace
import Reactive

/// The planets screen's logic: every planet on one list, and the detail. `open`, `back`,
/// `fav` and `favs` come from ``ListDetailViewModel``; this type says only how rows are found
/// and how the state is made.
@MainActor
final class PlanetsViewModel: ListDetailViewModel {
    nonisolated static let featureID = "planets"

    let state: Observable<PlanetsState>
    let navigator: ListNavigator<Planet>
    private let http: any HTTPClient
    private var planets: [Planet] = []

    init(http: any HTTPClient, favourites: FavouritesStore, tracer: Tracer?) {
        self.http = http
        navigator = ListNavigator(featureID: Self.featureID, favourites: favourites)
        state = Observable(PlanetsState(), traceLabel: "PlanetsViewModel.state", tracer: tracer)
    }

    var rowNumbers: [Int] { planets.indices.map { $0 + 1 } }

    func row(named text: String) throws -> (number: Int, item: Planet) {
        let number = try ListError.rowNumber(text, count: planets.count)
        return (number, planets[number - 1])
    }

    func item(number: Int) -> Planet? {
        planets.indices.contains(number - 1) ? planets[number - 1] : nil
    }

    func load() async throws {
        guard planets.isEmpty else { return publish() }
        try await refresh()
    }

    func refresh() async throws {
        let answer = try await whileLoading { try await http.decode(PlanetsAnswer.self, from: HTTPRequest(path: "/planets/")) }
        planets = answer.results
        publish()
    }

    func reset() {
        planets = []
        navigator.showList()
        publish()
    }

    func publish() {
        let marks = navigator.marks()
        var next = PlanetsState()
        next.screen = navigator.place
        next.rows = planets.enumerated().map { marks.row($0.offset + 1, $0.element) }
        next.detail = detailRow(marks)
        next.favourites = favouriteRows(marks)
        next.favouritesProblem = marks.problem
        state.value = next
    }
}
