import ExplorerClock
import ExplorerCore
import ExplorerHTTP
import ExplorerTrace
import Foundation
import Reactive

/// The races' domain logic, as the spec draws it: it polls the full list every 5 minutes and
/// every 50 seconds re-sorts it, soonest first, dropping races more than a minute past their
/// advertised start; the list refills from what was fetched, and it fetches early when fewer
/// than the visible number remain. It publishes the result (``snapshot``) for the view model.
///
/// Early fetches back off: a server that keeps answering races that already started (or keeps
/// failing) would otherwise be asked again at every re-sort. The first early fetch comes a
/// re-sort interval after the last fetch, and each fetch in a row that still leaves too few
/// races doubles that wait, up to the poll interval — so such a server is asked at most once a
/// poll interval, as if nothing were early. A fetch that leaves enough races starts over.
///
/// Its timers are the clock's (``SchedulingClock``): they run before each command, while
/// `watch` runs, or as a virtual clock is moved — never behind the user's back. Leaving the
/// feature stops them (``stop()``); coming back starts them again.
@MainActor
public final class RacesInteractor {
    public struct Settings: Sendable, Equatable {
        public var pollInterval: TimeInterval = 300
        public var resortInterval: TimeInterval = 50
        /// How long after its start a race stays in the list.
        public var expiry: TimeInterval = 60
        /// How many races the screen shows; fewer left triggers an early fetch.
        public var visible = 5
        /// How many races a poll asks for.
        public var count = 10
        /// With the embedded data and a live clock, the soonest race starts this long after loading.
        public var embeddedLead: TimeInterval = 90

        public init() {}
    }

    /// What the interactor knows now.
    public struct Snapshot: Sendable, Equatable {
        /// Not yet expired, soonest first.
        public var races: [Race] = []
        /// When the list was last fetched successfully.
        public var updatedAt: Date?
        /// Why the last fetch failed, when it did (the list is the one before).
        public var failure: HTTPError?
        public var isLoaded: Bool { updatedAt != nil }

        public init(races: [Race] = [], updatedAt: Date? = nil, failure: HTTPError? = nil) {
            self.races = races
            self.updatedAt = updatedAt
            self.failure = failure
        }
    }


    public let snapshot: Observable<Snapshot>
    public let settings: Settings
    private let service: RacesService
    private let clock: SchedulingClock
    private let selection: SourceSelection
    private let tracer: Tracer?
    private var fetched: [Race] = []
    private var timers: [ClockTimer] = []
    /// How far the embedded data's times are moved (once per load of it).
    private var embeddedShift: TimeInterval?
    private var isFetching = false
    /// When the last fetch was made, whatever came of it.
    private var lastFetchAt: Date?
    /// How many fetches in a row left fewer races than the screen shows (or failed).
    private var shortFetches = 0

    public init(service: RacesService, clock: SchedulingClock, selection: SourceSelection, settings: Settings = Settings(),
                tracer: Tracer? = nil) {
        self.service = service
        self.clock = clock
        self.selection = selection
        self.settings = settings
        self.tracer = tracer
        snapshot = Observable(Snapshot(), traceLabel: "RacesInteractor.snapshot", tracer: tracer)
    }

    public var isRunning: Bool { !timers.isEmpty }

    /// Loads the list if it is not loaded (failing if that fails) and starts the timers.
    public func start() async throws {
        if !snapshot.value.isLoaded {
            try await fetch()
        }
        guard timers.isEmpty else { return resort() }
        timers = [
            clock.schedule(every: settings.pollInterval, name: "races poll") { [weak self] in await self?.poll() },
            clock.schedule(every: settings.resortInterval, name: "races re-sort") { [weak self] in await self?.resortAndRefill() },
        ]
        // A list that went stale while the feature was left is fetched again at once.
        if let updated = snapshot.value.updatedAt, clock.now.timeIntervalSince(updated) >= settings.pollInterval {
            await poll()
        } else {
            resort()
        }
    }

    /// Stops the timers (the list stays for when the feature is used again).
    public func stop() {
        timers.forEach { $0.cancel() }
        timers = []
    }

    /// The data source changed: forget the list, stop the timers.
    public func reset() {
        stop()
        fetched = []
        embeddedShift = nil
        lastFetchAt = nil
        shortFetches = 0
        snapshot.value = Snapshot()
    }

    /// `refresh` and the 5-minute timer: the full list again. On failure the list stays and
    /// the failure is noted (and thrown).
    public func fetch() async throws {
        isFetching = true
        lastFetchAt = clock.now
        defer { isFetching = false }
        do {
            var races = try await service.next(settings.count).races
            if selection.current == .embedded, !clock.isVirtual {
                let shift = embeddedShift ?? races.map(\.advertisedStart).min().map {
                    clock.now.addingTimeInterval(settings.embeddedLead).timeIntervalSince($0)
                } ?? 0
                embeddedShift = shift
                races = races.map { race in
                    var moved = race
                    moved.advertisedStart = race.advertisedStart.addingTimeInterval(shift)
                    return moved
                }
            }
            fetched = races
            // One snapshot: the new list with its time, never the time with the old list.
            resort(updatedAt: clock.now)
            shortFetches = snapshot.value.races.count < settings.visible ? shortFetches + 1 : 0
        } catch let error as HTTPError where error.kind != .cancelled {
            shortFetches += 1
            var next = snapshot.value
            next.failure = error
            snapshot.value = next
            throw error
        }
    }

    /// While `watch` moves a virtual clock on, its timers' polls (and early fetches) are held
    /// back, and one poll is made as it ends instead, if one fell due: a move of the clock polls
    /// at most once, at its end, whatever moves it, as `clock +1d` does (`watch 1d` ran 288 polls
    /// in half a second, each asking a live API for the same races of now).
    public var holdsPolls = false {
        didSet { if holdsPolls { pollHeld = false } }
    }
    /// Whether a poll was held back since ``holdsPolls`` was set.
    public private(set) var pollHeld = false

    /// The 5-minute timer: a fetch whose failure is noted, not thrown.
    func poll() async {
        if holdsPolls {
            pollHeld = true
            tracer?.log("races: poll held until the watch ends")
            return
        }
        do {
            try await fetch()
        } catch {
            tracer?.log("races: poll failed: \(error)")
        }
    }

    /// The 50-second timer: re-sort and expire; fetch early when too few remain, unless the
    /// last fetch was less than ``earlyFetchWait`` ago.
    func resortAndRefill() async {
        resort()
        guard snapshot.value.races.count < settings.visible, !isFetching else { return }
        if let lastFetchAt {
            let since = clock.now.timeIntervalSince(lastFetchAt)
            // A clock set back before the last fetch says nothing about how long ago it was.
            if since >= 0, since < earlyFetchWait { return }
        }
        tracer?.log("races: \(snapshot.value.races.count) left, fetching early")
        await poll()
    }

    /// How long an early fetch waits after the last fetch: a re-sort interval, doubled for each
    /// fetch in a row after the first that left too few races, at most a poll interval.
    var earlyFetchWait: TimeInterval {
        let doublings = Double(max(shortFetches - 1, 0))
        return min(settings.resortInterval * pow(2, min(doublings, 64)), max(settings.pollInterval, settings.resortInterval))
    }

    /// Drops what started more than ``Settings/expiry`` ago and sorts the rest, soonest first
    /// (then by meeting and number, so equal starts keep an order). After a fetch, `updatedAt`
    /// is its time: the failure noted before is gone.
    func resort(updatedAt: Date? = nil) {
        let now = clock.now
        fetched.removeAll { now.timeIntervalSince($0.advertisedStart) > settings.expiry }
        fetched.sort { ($0.advertisedStart, $0.meetingName, $0.number ?? 0, $0.id) < ($1.advertisedStart, $1.meetingName, $1.number ?? 0, $1.id) }
        var next = snapshot.value
        next.races = fetched
        if let updatedAt {
            next.updatedAt = updatedAt
            next.failure = nil
        }
        if next != snapshot.value { snapshot.value = next }
    }
}

extension RacesInteractor.Snapshot: TraceSummarizable {
    public var traceSummary: String {
        var text = "\(races.count) races"
        if let first = races.first { text += ", next \(first.meetingName) R\(first.number.map(String.init) ?? "?")" }
        if let failure { text += ", last update failed: \(failure.cause)" }
        return text
    }
}
