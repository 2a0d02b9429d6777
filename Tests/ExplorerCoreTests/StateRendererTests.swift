import ExplorerCore
import Reactive
import Testing

/// The one-way end of a command's path: a view renders the states its view model settles on
/// onto the outlet while it is on screen, and the shell takes what was shown.
@MainActor
@Suite struct StateRendererTests {
    struct Counter: Equatable {
        var count = 0
        var isLoading = false
    }

    let state = Observable(Counter())
    let outlet = ScreenOutlet()
    let renderer: StateRenderer<Counter>
    let log: RenderLog

    final class RenderLog {
        var renders = 0
    }

    init() {
        let log = RenderLog()
        self.log = log
        renderer = StateRenderer(name: "CounterView", state: state, isSettled: { !$0.isLoading }, outlet: outlet, tracer: nil) { state in
            log.renders += 1
            return .message("count \(state.count)", kind: "count")
        }
    }

    @Test func offScreenNothingIsRenderedAndOnAppearingTheStateAsItIsIsShownAtOnce() {
        state.value.count = 1
        #expect(log.renders == 0)
        #expect(outlet.take() == nil)

        renderer.appear()
        #expect(outlet.take() == .message("count 1", kind: "count"))
        #expect(outlet.take() == nil, "taken once")
        #expect(log.renders == 1)
    }

    @Test func eachSettledStateIsShownLoadingIsNotAndAnEqualStateIsShownAgain() {
        renderer.appear()
        outlet.discard()

        state.value = Counter(count: 2, isLoading: true)
        #expect(outlet.take() == nil, "loading is not rendered")
        state.value = Counter(count: 2)
        #expect(outlet.take() == .message("count 2", kind: "count"))
        state.value = Counter(count: 2)
        #expect(outlet.take() == .message("count 2", kind: "count"), "`open 3` twice shows row 3 twice")
        #expect(log.renders == 2, "only what was taken was rendered: not the screen appearing showed, which was discarded")
    }

    @Test func theLastScreenShownIsTakenAndDiscardForgetsWhatCameBeforeACommand() {
        renderer.appear()
        state.value.count = 5
        state.value.count = 6
        #expect(outlet.take() == .message("count 6", kind: "count"))
        #expect(log.renders == 1, "a screen replaced before it was taken is never rendered")

        state.value.count = 7
        outlet.discard()
        #expect(outlet.take() == nil, "shown before the command: not its output")
        #expect(outlet.latest == .message("count 7", kind: "count"), "but still what is on screen")
    }

    @Test func afterDisappearingNothingMoreIsRendered() {
        renderer.appear()
        renderer.disappear()
        outlet.discard()
        state.value.count = 9
        #expect(outlet.take() == nil)
        #expect(log.renders == 0, "nothing was taken, so nothing was rendered")
        #expect(outlet.latest == .message("count 0", kind: "count"), "what is on screen is the last shown while it was")
        #expect(log.renders == 1)
    }
}
