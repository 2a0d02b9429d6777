import ExplorerClock
import ExplorerCore
import ExplorerText
import Foundation
import Reactive

/// Races: Neds' next five races to go, polled every 5 minutes, re-sorted and expired every 50
/// seconds, each with a countdown; `watch` keeps the screen up to date.
@MainActor
public final class RacesFeature: ScreenFeature, FavouritesListing {
    public nonisolated static let descriptor = FeatureDescriptor(
        id: RacesViewModel.featureID,
        title: "Next to go",
        summary: "the next races to start, polled, re-sorted and counted down",
        embedded: RacesEmbeddedData.responder,
        endpoints: ["/racing/?method=nextraces&count={count}"],
        screens: ["list", "detail", "favourite", "favourites"],
        settings: settings,
        tour: ["filter horse", "clock", "open 2", "back", "watch 1m"],
        make: { context in RacesFeature(context: context) }
    )

    /// Between the service and the view model: fetches, and keeps the races on its two timers.
    public let interactor: RacesInteractor
    public let viewModel: RacesViewModel
    public let view: RacesView
    private let scheduler: SchedulingClock
    private let display: LiveDisplay

    public init(context: FeatureContext, timeZone: TimeZone = .current) {
        var settings = RacesInteractor.Settings()
        let values = context.settings
        settings.pollInterval = Self.pollIntervalSetting.double(in: values, default: settings.pollInterval)
        settings.resortInterval = Self.resortIntervalSetting.double(in: values, default: settings.resortInterval)
        settings.visible = Self.visibleSetting.int(in: values, default: settings.visible)
        settings.count = Self.countSetting.int(in: values, default: settings.count)
        scheduler = context.scheduler
        display = context.display
        interactor = RacesInteractor(service: .http(context.http), clock: context.scheduler, selection: context.selection,
                                         settings: settings, tracer: context.tracer)
        viewModel = RacesViewModel(interactor: interactor, favourites: context.favourites, tracer: context.tracer)
        view = RacesView(viewModel: viewModel, outlet: context.outlet, clock: context.scheduler, timeZone: timeZone, tracer: context.tracer)
    }

    public var location: [String] {
        viewModel.location { "\($0.meetingName) R\($0.number.map(String.init) ?? "?")" }
    }

    public var model: RacesViewModel { viewModel }

    /// Leaving stops the timers: no poll runs for a feature not in use; the view and then the
    /// view model let their subscriptions go. (Coming back starts the timers again, and fetches
    /// at once when the list went stale, then binds again: `load` does.)
    public func didLeave() {
        viewModel.interactor.stop()
        view.disappear()
        viewModel.unbind()
    }

    public func sourceDidChange(isActive: Bool) async throws {
        viewModel.reset()
        guard isActive else { return }
        try await viewModel.load()
    }

    public var commands: [Command] {
        let viewModel = self.viewModel
        return [
            Command("filter", usage: "filter horse|harness|greyhound … | filter clear",
                    summary: "show only races of these categories (none: all)",
                    complete: { previous in RaceCategory.allCases.map(\.rawValue).filter { !previous.contains($0) } + (previous.isEmpty ? ["clear"] : []) },
                    run: { arguments in
                        // `clear` stands alone (a word that names no category is said first).
                        let categories = arguments.filter { $0.lowercased() != "clear" }
                        if categories.count < arguments.count, arguments.count > 1 {
                            _ = try RacesViewModel.categories(named: categories)
                            throw CommandError.usage("filter horse|harness|greyhound … | filter clear")
                        }
                        try viewModel.filter(categories)
                        return .view
                    }).intent(RacesViewModel.self, "filter(_:)"),
            .open(viewModel, summary: "show race N: distance, track, weather, class, prize money, as the form says"),
            .favourite(viewModel),
            .refresh(viewModel, summary: "fetch the races now (the timers fetch every 5 minutes)"),
            Command("watch", usage: "watch [DURATION]",
                    summary: "keep the screen up to date: at a terminal every second until a key or Ctrl-C; piped, for DURATION",
                    details: """
                        At a terminal the screen is drawn over itself every second (countdowns ticking, races re-sorting \
                        and leaving), until a key or Ctrl-C, or for DURATION (`watch 2m`). Piped, `watch DURATION` prints \
                        the screen whenever the list changes, and as it stands at the end: on a virtual clock (`--clock`) it moves the clock that far, \
                        running the timers on the way; on a live one it waits in real time.
                        """,
                    arguments: .atMostOne,
                    run: { [unowned self] arguments in
                        let duration = try arguments.first.map { word throws(CommandError) -> TimeInterval in
                            try DurationText.parse(word, upTo: 86_400, limit: "a day", examples: "`30s`, `2m`, `1h`")
                        }
                        try await self.watch(for: duration)
                        return .nothing
                    }).intent(RacesFeature.self, "watch(for:)").endingAtInterrupt(),
        ]
    }

    // MARK: watch

    private func watch(for duration: TimeInterval?) async throws {
        let loaded = viewModel.state.value.updatedAt == nil
        if loaded { try await viewModel.load() }
        if display.redrawsInPlace {
            // At a terminal the screen says how to stop (Ctrl-C ends `watch` without an error).
            var screen: Screen {
                var screen = self.view.render(self.viewModel.state.value)
                screen.blocks.append(.hint("watching · any key or Ctrl-C stops"))
                return screen
            }
            try await display.show(screen, replacing: false)
            let end = duration.map { scheduler.now.addingTimeInterval($0) }
            try await holdingPolls {
                while end.map({ scheduler.now < $0 }) ?? true {
                    if try await display.waitForKey(seconds: scheduler.isVirtual ? 0 : 1) { break }
                    if scheduler.isVirtual {
                        await scheduler.advance(by: 1)
                    } else {
                        await scheduler.runDueTimers()
                    }
                    try await display.show(screen, replacing: true)
                }
            }
            return
        }
        guard let duration else {
            throw CommandError.usage("watch DURATION (piped, say how long: `watch 2m`)")
        }
        // The screen as it stands was printed by the command before (`use races`), unless
        // `watch` had to load it: each change is printed, then the state at the end, once.
        var lastShown: Screen?
        if loaded {
            lastShown = view.render(viewModel.state.value)
            try await display.show(lastShown!, replacing: false)
        }
        var shown = changeKey
        let end = scheduler.now.addingTimeInterval(duration)
        try await holdingPolls {
            while scheduler.now < end {
                if scheduler.isVirtual {
                    let next = min(scheduler.nextTimer ?? end, end)
                    await scheduler.advance(by: max(next.timeIntervalSince(scheduler.now), 0))
                } else {
                    _ = try await display.waitForKey(seconds: min(1, end.timeIntervalSince(scheduler.now)))
                    await scheduler.runDueTimers()
                }
                try Task.checkCancellation()
                if changeKey != shown {
                    shown = changeKey
                    lastShown = view.render(viewModel.state.value)
                    try await display.show(lastShown!, replacing: false)
                }
            }
        }
        let final = view.render(viewModel.state.value)
        if final != lastShown { try await display.show(final, replacing: false) }
    }

    /// Runs `body` (a watch) with the interactor's polls held back while it moves a virtual
    /// clock on (see ``RacesInteractor/holdsPolls``): the watch polls once, as it ends, when a
    /// poll fell due on the way.
    private func holdingPolls(_ body: () async throws -> Void) async throws {
        let interactor = viewModel.interactor
        guard scheduler.isVirtual else { return try await body() }
        interactor.holdsPolls = true
        defer { interactor.holdsPolls = false }
        try await body()
        interactor.holdsPolls = false
        if interactor.pollHeld { await interactor.poll() }
    }

    /// What a change of the list is: its races, their order, the filter, the last failure.
    private var changeKey: [String] {
        let state = viewModel.state.value
        return state.rows.map(\.item.id) + ["\(state.filter.sorted { $0.rawValue < $1.rawValue })", state.failure?.cause ?? "",
                                            state.updatedAt.map { "\($0.timeIntervalSince1970)" } ?? ""]
    }
}
