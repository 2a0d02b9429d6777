import ExplorerClock
import ExplorerCore
import ExplorerHTTP
import ExplorerStore
import ExplorerText
import Foundation
@testable import Races
import TestSupport
import Testing

/// The screens the view makes from the view model's state at the clock's time: the heading
/// (how many, the filter, how old, a failed update), the countdowns and the age worked out when
/// the screen is drawn (the clock moved, no new state: as `watch` draws it each second), start
/// times in the view's time zone, the empty list, the detail's fields as the form has them, the
/// raw values in JSON, and every line within a narrow width; and on screen, each state shown as
/// it settles. The clock is a virtual ``SchedulingClock``, moved only with `advance`.
@MainActor
@Suite("Races view")
struct RacesViewTests {
    static let utc = TimeZone(secondsFromGMT: 0)!

    let clock = SchedulingClock(virtualAt: RacesFixture.start)
    let neds: RacesServiceFake
    let interactor: RacesInteractor
    let viewModel: RacesViewModel
    let view: RacesView
    let recorder: StateRecorder<RacesState>

    init() {
        self.init(races: Self.races)
    }

    init(races: [Race], timeZone: TimeZone = Self.utc) {
        neds = RacesServiceFake(clock: clock, races)
        interactor = RacesInteractor(service: neds.service, clock: clock, selection: SourceSelection(.live))
        viewModel = RacesViewModel(interactor: interactor, favourites: FavouritesStore.inMemory(clock: clock))
        view = RacesView(viewModel: viewModel, outlet: ScreenOutlet(), clock: clock, timeZone: timeZone)
        recorder = StateRecorder(viewModel.state)
    }

    /// The screen of the state now, drawn at the clock's time now.
    var screen: Screen { view.render(viewModel.state.value) }

    // MARK: Races

    static let fullForm = RaceForm(distance: 2000, distanceUnit: "m", trackCondition: "Good", weather: "shwry",
                                   raceClass: "UP TO & INCLUDING R54", prizeMoney: 15_887, trackSurface: "All Weather",
                                   trackDirection: "Left")
    static let addington = RacesFixture.race("r1", "Addington", 10, .harness, at: 300, name: "Dave Ferriman Thanks Pce",
                                             venue: ("Addington", "NZ", "NZ"), form: fullForm)
    static let launceston = RacesFixture.race("r2", "Launceston", 4, .horse, at: 300, name: "Tasracing Maiden",
                                              venue: ("Launceston", "TAS", "AUS"), form: RaceForm(distance: 1200))
    static let newcastle = RacesFixture.race("r3", "Newcastle", 3, .harness, at: 480, venue: ("Newcastle", "NSW", "AUS"))
    static let kawasaki = RacesFixture.race("r4", "Kawasaki", 12, .horse, at: 600, venue: ("Kawasaki", nil, "JPN"))
    static let hobart = RacesFixture.race("r5", "Hobart", 4, .harness, at: 660, venue: ("Hobart", "TAS", "AUS"))
    static let geelong = RacesFixture.race("r6", "Geelong", 1, .greyhound, at: 720, venue: ("Geelong", "VIC", "AUS"))
    static let pakenham = RacesFixture.race("r7", "Pakenham", 4, .horse, at: 900, venue: ("Pakenham", "VIC", "AUS"))
    static let wagga = RacesFixture.race("r8", "Wagga", 2, .greyhound, at: 960, venue: ("Wagga", "NSW", "AUS"))
    static let albion = RacesFixture.race("r9", "Albion Park", 1, .harness, at: 1080, venue: ("Albion Park", "QLD", "AUS"))
    static let mystery = RacesFixture.race("r10", "Sandown", nil, nil, at: 1200)

    static let races = [wagga, hobart, mystery, addington, geelong, kawasaki, launceston, albion, newcastle, pakenham]

    // MARK: Reading the screen

    func lines(width: Int) -> [String] {
        TextRenderer(width: width).render(screen).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    var heading: ScreenBlock? { screen.blocks.first }

    /// The text of the table's column `key`, row by row.
    func column(_ key: String) throws -> [String] {
        let table = try #require(screen.table)
        let index = try #require(table.columns.firstIndex { $0.key == key })
        return table.rows.map { $0[index].text }
    }

    /// Row `index` of the list in JSON.
    func jsonRow(_ index: Int) -> JSONValue? {
        guard case .array(let rows)? = screen.json["rows"], rows.indices.contains(index) else { return nil }
        return rows[index]
    }

    /// The text of the detail's field `key`, if it has one.
    func field(_ key: String) -> String? {
        for case .fields(let fields) in screen.blocks {
            return fields.first { $0.key == key }?.text
        }
        return nil
    }

    /// The keys of the detail's fields, in order.
    var fieldKeys: [String] {
        for case .fields(let fields) in screen.blocks { return fields.map(\.key) }
        return []
    }

    // MARK: The heading

    @Test func theHeadingSaysHowManyTheFilterAndHowOld() async throws {
        try await viewModel.load()
        #expect(heading == .heading("Next to go · 5 of 10 races · updated just now"))

        #expect(await clock.advance(by: 150) == 1, "the re-sort at 150 (those at 50 and 100 it replaces), nothing changed")
        #expect(heading == .heading("Next to go · 5 of 10 races · updated 2 min ago"))

        try viewModel.filter(["greyhound", "horse"])
        #expect(heading == .heading("Next to go · horse or greyhound · 5 of 5 races · updated 2 min ago"))
        try viewModel.filter(["greyhound"])
        #expect(heading == .heading("Next to go · greyhound · 2 of 2 races · updated 2 min ago"))
    }

    @Test func aFailedPollIsSaidInTheHeadingAndInJSON() async throws {
        try await viewModel.load()
        neds.fail(.networkUnavailable)
        await clock.advance(by: 300)
        #expect(heading == .heading("Next to go · 5 of 10 races · last good update 5 min ago; the latest update failed: network unavailable"))
        #expect(screen.json["failure"] == "network unavailable")
        #expect(screen.json["updated"] == "2024-03-15T08:00:00Z", "the time of the last success")

        neds.fail(.status(503))
        await clock.advance(by: 300)
        #expect(heading == .heading("Next to go · 5 of 7 races · last good update 10 min ago; the latest update failed: HTTP 503"),
                "three races left by the re-sort at 600, the list kept otherwise")

        neds.answer(Self.races)
        try await viewModel.refresh()
        #expect(heading == .heading("Next to go · 5 of 7 races · updated just now"))
        #expect(screen.json["failure"] == .null)
    }

    @Test func oneRaceIsNotRaces() async throws {
        let test = RacesViewTests(races: [Self.pakenham])
        try await test.viewModel.load()
        #expect(test.heading == .heading("Next to go · 1 of 1 race · updated just now"))
    }

    // MARK: The empty list

    @Test func anEmptyListSaysNoRaceIsComingUp() async throws {
        #expect(screen.blocks.dropLast() == [.heading("Next to go · 0 of 0 races"), .line("no race is coming up")], "nothing loaded")
        #expect(screen.table?.rows == [], "an empty table: its header alone in CSV, no rows in JSON")

        let test = RacesViewTests(races: [Self.kawasaki, Self.pakenham])
        try await test.viewModel.load()
        try test.viewModel.filter(["greyhound"])
        #expect(test.screen.blocks.dropLast() == [
            .heading("Next to go · greyhound · 0 of 0 races · updated just now"),
            .line("no greyhound race is coming up (`filter clear` shows all)"),
        ])
        #expect(test.screen.table?.rows == [])
        #expect(test.screen.json["rows"] == [])

        try test.viewModel.filter([])
        #expect(await test.clock.advance(by: 1000) > 0)
        #expect(test.screen.blocks.dropLast() == [
            .heading("Next to go · 0 of 0 races · updated just now"),
            .line("no race is coming up"),
        ], "both started more than a minute ago; fewer than five left, the fetches found none")
    }

    // MARK: On screen

    @Test func onScreenEachSettledStateIsShownAtTheClocksTimeAndOffScreenNothing() async throws {
        let outlet = ScreenOutlet()
        let view = RacesView(viewModel: viewModel, outlet: outlet, clock: clock, timeZone: Self.utc)
        try await viewModel.load()
        #expect(outlet.take() == nil, "not on screen yet")

        view.appear()
        #expect(outlet.take() == screen, "the state as it is, at once")
        await clock.advance(by: 60)
        try viewModel.filter(["horse"])
        #expect(outlet.take() == screen, "the filtered list, its countdowns a minute on")
        try viewModel.filter(["horse"])
        #expect(outlet.take() == screen, "the same state again is shown again")

        view.disappear()
        try viewModel.filter([])
        #expect(outlet.take() == nil, "off screen, nothing")
    }

    // MARK: Countdowns

    @Test func theCountdownIsWorkedOutFromTheClockWhenTheScreenIsDrawn() async throws {
        let test = RacesViewTests(races: [RacesFixture.race("k", "Kawasaki", 12, .horse, at: 3840)])
        try await test.viewModel.load()
        test.interactor.stop()
        let states = test.recorder.states.count

        #expect(try test.column("countdown") == ["1h 04m"])
        #expect(test.jsonRow(0)?["countdown"] == 3840)
        await test.clock.advance(by: 3595)
        #expect(try test.column("countdown") == ["4m 05s"])
        #expect(test.jsonRow(0)?["seconds_to_start"] == 245)
        await test.clock.advance(by: 200)
        #expect(try test.column("countdown") == ["45s"])
        await test.clock.advance(by: 45)
        #expect(try test.column("countdown") == ["0s"])
        await test.clock.advance(by: 30)
        #expect(try test.column("countdown") == ["-30s"])
        #expect(test.jsonRow(0)?["countdown"] == -30)
        #expect(test.heading == .heading("Next to go · 1 of 1 race · updated 1 h ago"))

        try await test.viewModel.open("1")
        #expect(test.field("start") == "09:04 (-30s)")
        await test.clock.advance(by: 0.5)
        #expect(test.field("start") == "09:04 (-31s)", "a part second past counts as the next")
        #expect(test.recorder.states.count == states + 1, "the clock moved, the state did not: only `open` emitted")
    }

    @Test func severalRacesCountDownTogetherBetweenReSorts() async throws {
        let test = RacesViewTests(races: [
            RacesFixture.race("a", "Ascot", 1, .horse, at: 3840), RacesFixture.race("b", "Bendigo", 2, .horse, at: 245),
            RacesFixture.race("c", "Casino", 3, .harness, at: 45), RacesFixture.race("d", "Dubbo", 4, .greyhound, at: 0),
            RacesFixture.race("e", "Echuca", 5, .horse, at: -30),
        ])
        try await test.viewModel.load()
        let states = test.recorder.states.count
        #expect(try test.column("countdown") == ["-30s", "0s", "45s", "4m 05s", "1h 04m"])

        #expect(await test.clock.advance(by: 35) == 0, "no timer before the re-sort at 50")
        #expect(try test.column("countdown") == ["-1m 05s", "-35s", "10s", "3m 30s", "1h 03m"])
        #expect(test.recorder.states.count == states, "no new state")
    }

    @Test func countdownsRoundDownToTheSecondAndShowHoursMinutesSeconds() {
        #expect(RacesView.countdown(0) == "0s")
        #expect(RacesView.countdown(59) == "59s")
        #expect(RacesView.countdown(60) == "1m 00s")
        #expect(RacesView.countdown(3599) == "59m 59s")
        #expect(RacesView.countdown(3600) == "1h 00m")
        #expect(RacesView.countdown(36_000 + 59 * 60 + 59) == "10h 59m")
        #expect(RacesView.countdown(-1) == "-1s")
        #expect(RacesView.countdown(-130) == "-2m 10s")
        #expect(RacesView.countdown(-7300) == "-2h 01m")
    }

    // MARK: Time zones

    @Test func startTimesAreInTheViewsTimeZoneAndInJSONInUTC() async throws {
        for (zone, starts) in [
            (Self.utc, ["08:05", "08:05", "08:08", "08:10", "08:11"]),
            (TimeZone(secondsFromGMT: 10 * 3600 + 1800)!, ["18:35", "18:35", "18:38", "18:40", "18:41"]),
            (TimeZone(secondsFromGMT: -9 * 3600)!, ["23:05", "23:05", "23:08", "23:10", "23:11"]),
        ] {
            let test = RacesViewTests(races: Self.races, timeZone: zone)
            try await test.viewModel.load()
            #expect(try test.column("start") == starts, "\(zone)")
            #expect(test.jsonRow(0)?["start"] == "2024-03-15T08:05:00Z", "\(zone)")
            try await test.viewModel.open("3")
            #expect(test.field("start") == "\(starts[2]) (8m 00s)", "\(zone)")
            #expect(test.screen.json["start"] == "2024-03-15T08:08:00Z", "\(zone)")
        }
    }

    // MARK: The list

    @Test func theListShowsEachRaceOnARow() async throws {
        try await viewModel.load()
        _ = try viewModel.toggleFavourite("2")
        #expect(lines(width: 100) == [
            "Next to go · 5 of 10 races · updated just now",
            "#  ★  category  meeting     race  venue                 start       in",
            "1  ☆  harness   Addington    R10  Addington, NZ         08:05   5m 00s",
            "2  ★  horse     Launceston    R4  Launceston, TAS, AUS  08:05   5m 00s",
            "3  ☆  harness   Newcastle     R3  Newcastle, NSW, AUS   08:08   8m 00s",
            "4  ☆  horse     Kawasaki     R12  Kawasaki, JPN         08:10  10m 00s",
            "5  ☆  harness   Hobart        R4  Hobart, TAS, AUS      08:11  11m 00s",
        ])
    }

    @Test func asDataTheListHasRawValues() async throws {
        let test = RacesViewTests(races: [Self.launceston, Self.mystery])
        try await test.viewModel.load()
        _ = try test.viewModel.toggleFavourite("1")
        await test.clock.advance(by: 10)

        #expect(test.screen.json == [
            "feature": "races", "screen": "list", "known": 2, "matching": 2, "shown": 2, "filter": nil, "updated": "2024-03-15T08:00:00Z",
            "failure": nil, "now": "2024-03-15T08:00:10Z",
            "rows": [
                ["row": 1, "favourite": true, "id": "r2", "category": "horse", "meeting": "Launceston", "race": 4,
                 "venue": "Launceston, TAS, AUS", "start": "2024-03-15T08:05:00Z", "countdown": 290, "name": "Tasracing Maiden",
                 "seconds_to_start": 290],
                ["row": 2, "favourite": false, "id": "r10", "category": nil, "meeting": "Sandown", "race": nil,
                 "venue": "", "start": "2024-03-15T08:20:00Z", "countdown": 1190, "name": nil, "seconds_to_start": 1190],
            ],
        ])
        #expect(try test.column("category") == ["horse", "other"])
        #expect(try test.column("race") == ["R4", ""])

        try test.viewModel.filter(["horse", "greyhound"])
        #expect(test.screen.json["filter"] == ["horse", "greyhound"])
        #expect(test.screen.json["matching"] == 1, "races the filter lets through")
        #expect(test.screen.json["shown"] == 1, "rows on screen")
    }

    // MARK: The detail

    @Test func aDetailShowsEveryFieldTheFormHas() async throws {
        try await viewModel.load()
        try await viewModel.open("1")
        #expect(lines(width: 80) == [
            "☆ Addington R10  (row 1)",
            "  race         Dave Ferriman Thanks Pce",
            "  category     harness",
            "  venue        Addington, NZ",
            "  start        08:05 (5m 00s)",
            "  distance     2,000 m",
            "  track        Good",
            "  surface      All Weather",
            "  direction    Left",
            "  weather      Showery",
            "  class        UP TO & INCLUDING R54",
            "  prize money  $15,887",
        ])
        #expect(screen.json == [
            "feature": "races", "screen": "detail", "row": 1, "favourite": false, "id": "r1",
            "meeting": "Addington", "name": "Dave Ferriman Thanks Pce", "category": "harness", "venue": "Addington, NZ",
            "start": "2024-03-15T08:05:00Z", "seconds_to_start": 300, "distance": 2000, "track_condition": "Good",
            "track_surface": "All Weather", "track_direction": "Left", "weather": "shwry", "class": "UP TO & INCLUDING R54",
            "prize_money": 15_887, "race_id": "r1",
        ])
    }

    @Test func aDetailShowsOnlyTheFieldsTheFormHas() async throws {
        try await viewModel.load()
        try await viewModel.open("2")
        #expect(fieldKeys == ["meeting", "name", "category", "venue", "start", "seconds_to_start", "distance", "race_id"])
        #expect(field("distance") == "1,200 m", "metres when the form gives no unit")

        try await viewModel.open("3")
        #expect(fieldKeys == ["meeting", "name", "category", "venue", "start", "seconds_to_start", "race_id"], "no form")
        #expect(lines(width: 80) == [
            "☆ Newcastle R3  (row 3)",
            "  race      unnamed",
            "  category  harness",
            "  venue     Newcastle, NSW, AUS",
            "  start     08:08 (8m 00s)",
        ])
        #expect(screen.json == [
            "feature": "races", "screen": "detail", "row": 3, "favourite": false, "id": "r3", "meeting": "Newcastle", "name": nil,
            "category": "harness", "venue": "Newcastle, NSW, AUS", "start": "2024-03-15T08:08:00Z", "seconds_to_start": 480,
            "race_id": "r3",
        ])
    }

    @Test func aDetailWhoseRaceHasLeftTheListSaysSo() async throws {
        try await viewModel.load()
        try await viewModel.open("1")
        await clock.advance(by: 400)

        #expect(lines(width: 80).first == "☆ Addington R10", "no row: it is in the list no more")
        #expect(field("start") == "08:05 (-1m 40s)")
        #expect(screen.blocks.last == .note("this race started 1m 40s ago and has left the list"))
        #expect(screen.json["row"] == .null)
        #expect(screen.json["notes"] == ["this race started 1m 40s ago and has left the list"])
    }

    // MARK: Widths

    @Test func everyLineFits40Columns() async throws {
        try await viewModel.load()
        let list = lines(width: 40)
        #expect(list.filter { $0.displayWidth > 40 } == [])
        #expect(list == [
            "Next to go · 5 of 10 races · updated",
            "just now",
            "#  ★  meeting     race  start       in",
            "1  ☆  Addington    R10  08:05   5m 00s",
            "2  ☆  Launceston    R4  08:05   5m 00s",
            "3  ☆  Newcastle     R3  08:08   8m 00s",
            "4  ☆  Kawasaki     R12  08:10  10m 00s",
            "5  ☆  Hobart        R4  08:11  11m 00s",
        ], "the heading wrapped, the category and the venue left out")

        try viewModel.filter(["horse", "harness", "greyhound"])
        #expect(lines(width: 40).filter { $0.displayWidth > 40 } == [])

        for row in 1...5 {
            try await viewModel.open(String(row))
            let detail = lines(width: 40)
            #expect(detail.filter { $0.displayWidth > 40 } == [], "detail \(row)")
        }
        neds.fail(.networkUnavailable)
        #expect(viewModel.back())
        await clock.advance(by: 300)
        let failed = lines(width: 40)
        #expect(failed.filter { $0.displayWidth > 40 } == [])
        #expect(failed.first == "Next to go · horse or harness or")
    }
}
