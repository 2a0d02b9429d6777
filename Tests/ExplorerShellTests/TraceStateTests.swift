import Foundation
import Testing
@testable import ExplorerTrace

/// What `trace state` prints of a change: swift-custom-dump's diff, and for a state holding a
/// large collection, each field alone and that collection by its count.
@Suite("trace state")
struct TraceStateTests {
    struct State {
        var screen = "list"
        var favourites: [Int] = []
    }

    @Test func aSmallChangeIsCustomDumpsDiff() throws {
        let difference = try #require(Tracer.difference(State(), State(screen: "detail")))
        #expect(difference.contains(#"-   screen: "list","#) && difference.contains(#"+   screen: "detail","#), "\(difference)")
        #expect(Tracer.difference(State(), State()) == nil, "nothing changed, nothing said")
    }

    @Test func aLargeCollectionIsCountedNotCompared() throws {
        let many = State(screen: "favourites", favourites: Array(0..<100_000))
        let difference = try #require(Tracer.difference(State(), many))
        #expect(difference == """
            State(
            -   screen: "list"
            +   screen: "favourites"
            -   favourites: 0 elements
            +   favourites: 100000 elements
            )
            """, "\(difference)")
        #expect(difference.contains(#"+   screen: "favourites""#), "\(difference)")
        #expect(Tracer.difference(many, many) == nil)
    }

    @Test func longRunsOfChangedLinesAreCounted() {
        let lines = ["State("] + (1...30).map { "+   [\($0)]: \($0)," } + [")"]
        let shown = Tracer.summarised(lines)
        #expect(shown.count == 1 + Tracer.changedLinesShown + 1 + 1)
        #expect(shown[Tracer.changedLinesShown + 1] == "  … (18 more changed lines)")
    }
}
