@testable import Characters
import ExplorerCore
import ExplorerHTTP
import Foundation
import Reactive
import SWAPI
import Synchronization
import TestSupport

/// People pages as a service — the embedded ones by default, or synthetic ones — with a log of
/// what was requested, injectable per-page failures, delays and holds, and a count of the
/// requests in flight at once. An item is any person of the current pages; it names nobody (a
/// detail shows its links as `planets/1`).
///
/// Given ``ExpectedCalls`` (the view model's tests), it answers only the calls expected, each
/// taken before anything else happens; without (the view's tests, which are about screens, not
/// calls), every call.
final class CharactersFixture: Sendable {
    private let calls: ExpectedCalls<SWAPICall>?
    /// Page bodies as JSON; index 0 is page 1. Replaceable, to refresh onto other data.
    private let bodies: Mutex<[String]>
    private let requestedPages = Mutex<[Int]>([])
    /// `start N` when page N is asked for, `end N` when its answer (or failure) is returned.
    private let eventLog = Mutex<[String]>([])
    private let failures = Mutex<[Int: HTTPError]>([:])
    private let delays = Mutex<[Int: Duration]>([:])
    private let holds = Mutex<[Int: [Int]]>([:])
    private let defaultDelay = Mutex<Duration?>(nil)
    private let inFlight = Mutex<(current: Int, maximum: Int)>((0, 0))
    private let gathering = Mutex<(pages: Set<Int>, count: Int)?>(nil)

    init(pages: [String] = EmbeddedPeoplePages.pages, calls: ExpectedCalls<SWAPICall>? = nil) {
        bodies = Mutex(pages)
        self.calls = calls
    }

    /// `count` synthetic people on pages of `pageSize`: "Person 1" … with the eye colour,
    /// gender and birth year that `make` gives each (1-based) number.
    static func synthetic(count: Int, pageSize: Int = 10, calls: ExpectedCalls<SWAPICall>? = nil,
                          make: (Int) -> SyntheticPerson = { SyntheticPerson(number: $0) }) -> CharactersFixture {
        CharactersFixture(pages: pagesJSON(people: (1...count).map(make), pageSize: pageSize), calls: calls)
    }

    var service: SWAPIService<Person> {
        SWAPIService(page: { [self] number in
            try calls?.take(.page(number))
            requestedPages.withLock { $0.append(number) }
            eventLog.withLock { $0.append("start \(number)") }
            inFlight.withLock { value in
                value.current += 1
                value.maximum = max(value.maximum, value.current)
            }
            defer {
                inFlight.withLock { $0.current -= 1 }
                eventLog.withLock { $0.append("end \(number)") }
            }
            if let failure = failures.withLock({ $0[number] }) { throw failure }
            try await gather(page: number)
            if let delay = delays.withLock({ $0[number] }) ?? defaultDelay.withLock({ $0 }) {
                try await Task.sleep(for: delay)
            }
            // Held until the others have ended, whatever the machine's load: an order of endings
            // decided by a condition, not by one sleep being longer than another.
            if let others = holds.withLock({ $0[number] }) {
                while !Set(eventLog.withLock { $0 }).isSuperset(of: others.map { "end \($0)" }) {
                    try await Task.sleep(for: .milliseconds(1))
                }
            }
            let pages = bodies.withLock { $0 }
            guard number >= 1, number <= pages.count else {
                throw HTTPError(.status(404), endpoint: "/people/?page=\(number)")
            }
            return try JSONDecoder().decode(SWAPIPage<Person>.self, from: Data(pages[number - 1].utf8))
        }, item: { [self] id in
            try calls?.take(.item(id))
            guard let person = people.first(where: { SWAPIResource.id(fromURL: $0.url) == id }) else {
                throw HTTPError(.status(404), endpoint: "/people/\(id)/")
            }
            return person
        }, name: { [self] url in
            try calls?.take(.name(url))
            return nil
        })
    }

    // MARK: Knobs

    func fail(page: Int, status: Int) {
        failures.withLock { $0[page] = HTTPError(.status(status), endpoint: "/people/?page=\(page)") }
    }

    func heal() {
        failures.withLock { $0 = [:] }
    }

    func delay(page: Int, by duration: Duration) {
        delays.withLock { $0[page] = duration }
    }

    /// Page `page` answers only once every page of `others` has ended.
    func hold(page: Int, untilEnded others: [Int]) {
        holds.withLock { $0[page] = others }
    }

    /// Each of `pages` answers only once `count` pages have been in flight at once: requests
    /// that overlap whatever the machine's load, decided by a condition, not by a sleep.
    func gather(pages: ClosedRange<Int>, inFlight count: Int) {
        gathering.withLock { $0 = (Set(pages), count) }
    }

    /// Every page without a delay of its own waits this long.
    func delayEveryPage(by duration: Duration) {
        defaultDelay.withLock { $0 = duration }
    }

    func replacePages(with pages: [String]) {
        bodies.withLock { $0 = pages }
    }

    /// Waits, if `page` is gathered, until enough pages are in flight at once; gives up after
    /// ten seconds, so a view model that never has them in flight fails the test, not hangs it.
    private func gather(page: Int) async throws {
        guard let gathering = gathering.withLock({ $0 }), gathering.pages.contains(page) else { return }
        let deadline = ContinuousClock.now + .seconds(10)
        while inFlight.withLock({ $0.maximum }) < gathering.count, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(1))
        }
    }

    // MARK: What happened

    var requests: [Int] { requestedPages.withLock { $0 } }
    var events: [String] { eventLog.withLock { $0 } }
    var maximumInFlight: Int { inFlight.withLock { $0.maximum } }

    /// Every person of the current pages, in API order, decoded as the service decodes them.
    var people: [Person] {
        bodies.withLock { $0 }.flatMap { body in
            (try? JSONDecoder().decode(SWAPIPage<Person>.self, from: Data(body.utf8)).results) ?? []
        }
    }

    /// The rows of those people with the given numbers, in the order given.
    func rows(_ numbers: [Int], favourites: Set<Int> = []) -> [CharactersState.Row] {
        let people = self.people
        return numbers.map { CharactersState.Row(number: $0, item: people[$0 - 1], isFavourite: favourites.contains($0)) }
    }

    /// What `fav` says of row `number`.
    func toggle(_ number: Int, isFavourite: Bool) -> FavouriteToggle {
        let person = people[number - 1]
        return FavouriteToggle(number: number, itemID: person.id, title: person.name, isFavourite: isFavourite)
    }

    /// What loading everyone changes of `state`: one list of every person, in API order, and
    /// every trait's segments.
    func everyoneLoaded(_ state: inout CharactersState, favourites: Set<Int> = []) {
        state.page = 1
        state.pageCount = 1
        state.totalCount = people.count
        state.loadedCount = people.count
        state.rows = rows(Array(1...people.count), favourites: favourites)
        state.refinement.segments = Segment.all(in: people)
    }

    /// The state of the list with everyone loaded, no filter, no sort.
    func loadedState(favourites: Set<Int> = []) -> CharactersState {
        var state = CharactersState()
        everyoneLoaded(&state, favourites: favourites)
        return state
    }

    /// The calls for the names of what person `number` links to (homeworld, films, species,
    /// vehicles, starships), which opening their detail makes: this fixture names nobody, so
    /// every opening asks again.
    func nameCalls(_ number: Int) -> [SWAPICall] {
        let person = people[number - 1]
        let urls = ([person.homeworld] + person.films + person.species + person.vehicles + person.starships).filter { !$0.isEmpty }
        return Set(urls).sorted().map { .name($0) }
    }

    // MARK: Synthetic data

    struct SyntheticPerson {
        var number: Int
        var name: String
        var eye: String
        var gender: String
        var birthYear: String
        var height: String
        var mass: String

        init(number: Int, name: String? = nil, eye: String = "brown", gender: String = "male",
             birthYear: String = "unknown", height: String = "170", mass: String = "70") {
            self.number = number
            self.name = name ?? "Person \(number)"
            self.eye = eye
            self.gender = gender
            self.birthYear = birthYear
            self.height = height
            self.mass = mass
        }

        /// Only some of SWAPI's fields: the others must read as `unknown` or empty.
        var json: String {
            let object: [String: String] = [
                "name": name, "eye_color": eye, "gender": gender, "birth_year": birthYear,
                "height": height, "mass": mass, "url": "https://swapi.dev/api/people/\(number)/",
            ]
            let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// Page bodies as SWAPI would send them: `count` on every page, `next` on all but the last.
    static func pagesJSON(people: [SyntheticPerson], pageSize: Int) -> [String] {
        let chunks = stride(from: 0, to: people.count, by: pageSize).map { Array(people[$0..<min($0 + pageSize, people.count)]) }
        return chunks.enumerated().map { index, chunk in
            let next = index + 1 < chunks.count ? "\"https://swapi.dev/api/people/?page=\(index + 2)\"" : "null"
            let results = chunk.map(\.json).joined(separator: ",")
            return #"{"count":\#(people.count),"next":\#(next),"previous":null,"results":[\#(results)]}"#
        }
    }
}
