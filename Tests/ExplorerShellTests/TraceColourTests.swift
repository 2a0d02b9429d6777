import ExplorerClock
@testable import ExplorerShell
import ExplorerText
@testable import ExplorerTrace
import Foundation
import TestSupport
import Testing

/// Trace lines in their layer's colour where stderr is a colour terminal, as `--color` decides
/// for the screens (the executable gives the tracer `ColorChoice.style` of stderr): plain when
/// piped, with `NO_COLOR`, with `TERM=dumb`, and always in JSON.
@Suite("trace: colours by layer")
struct TraceColourTests {
    /// A tracer writing to `lines`, coloured as `--color auto` decides for stderr.
    static func tracer(stderrIsTerminal: Bool, environment: [String: String], into lines: LockedValue<[String]>) -> Tracer {
        let tracer = Tracer(enabled: true, clock: SchedulingClock(virtualAt: Date(timeIntervalSince1970: 0)),
                            write: { line in lines.withLock { $0.append(line) } })
        tracer.coloursLines = ColorChoice.auto.style(outputIsTerminal: stderrIsTerminal, environment: environment).isEnabled
        return tracer
    }

    @Test("coloured at a terminal; plain piped, with NO_COLOR (any value), with TERM=dumb",
          arguments: [(true, [String: String](), true), (false, [:], false), (true, ["NO_COLOR": "1"], false),
                      (true, ["NO_COLOR": "yes please"], false), (true, ["TERM": "dumb"], false), (true, ["TERM": "xterm-256color"], true)])
    func theDecision(stderrIsTerminal: Bool, environment: [String: String], coloured: Bool) {
        let lines = LockedValue<[String]>([])
        let tracer = Self.tracer(stderrIsTerminal: stderrIsTerminal, environment: environment, into: lines)
        tracer.request("GET /starships/?page=1 → 200 (0 ms)")
        #expect(lines.value == [coloured ? "\u{1B}[36mtrace: GET /starships/?page=1 → 200 (0 ms)\u{1B}[0m" : "trace: GET /starships/?page=1 → 200 (0 ms)"])
    }

    @Test func eachLayerHasItsColourAndANoteNone() {
        let lines = LockedValue<[String]>([])
        let tracer = Self.tracer(stderrIsTerminal: true, environment: [:], into: lines)
        tracer.request("GET /x → 200 (0 ms)")
        tracer.emitted("StarshipsViewModel.state", summary: "list")
        tracer.rendered("StarshipsView")
        tracer.log("timer races poll ran at 08:05:00", layer: .timer)
        tracer.log("net: GET /x fails: HTTP 500 (injected)", layer: .network)
        tracer.log("follow: pilots 1 is people/13")
        #expect(lines.value == [
            "\u{1B}[36mtrace: GET /x → 200 (0 ms)\u{1B}[0m",
            "\u{1B}[35mtrace: StarshipsViewModel.state ← list\u{1B}[0m",
            "\u{1B}[32mtrace: StarshipsView rendered\u{1B}[0m",
            "\u{1B}[34mtrace: timer races poll ran at 08:05:00\u{1B}[0m",
            "\u{1B}[36mtrace: net: GET /x fails: HTTP 500 (injected)\u{1B}[0m",
            "trace: follow: pilots 1 is people/13",
        ])
        #expect(Set(TraceLayer.allCases.compactMap(\.colour)).count == TraceLayer.allCases.count - 1, "one colour a layer, none for a note")
    }

    @Test func aStatesDiffHasItsHeadingColouredAndItsLinesPlain() {
        struct State { var page = 1 }
        let lines = LockedValue<[String]>([])
        let tracer = Self.tracer(stderrIsTerminal: true, environment: [:], into: lines)
        tracer.changed("StarshipsViewModel.state", from: State(), to: State(page: 2))
        #expect(lines.value == ["\u{1B}[33mstate: StarshipsViewModel.state (1 of 1 fields changed)\u{1B}[0m\n  page: 1 → 2"])
    }

    @Test func jsonLinesAreNeverColoured() {
        let lines = LockedValue<[String]>([])
        let tracer = Self.tracer(stderrIsTerminal: true, environment: [:], into: lines)
        tracer.writesStateAsJSON = true
        tracer.request("GET /x → 200 (0 ms)")
        #expect(lines.value == [#"{"trace":"request","text":"GET /x → 200 (0 ms)"}"#])
    }

    @Test func aColouredLineWrapsAsItsTextEachLineInItsColour() {
        let errors = LockedValue<[String]>([])
        let output = ShellOutput(errorWidth: { 30 }, out: { _ in }, error: { text in errors.withLock { $0.append(text) } })
        output.errorLine(Style.colored.coloured("trace: GET /starships/?page=1 → 200 (12 ms)", sgr: "36"))
        #expect(errors.value == ["\u{1B}[36mtrace: GET /starships/?page=1\u{1B}[0m\n  \u{1B}[36m→ 200 (12 ms)\u{1B}[0m\n"])
        errors.withLock { $0 = [] }
        output.errorLine("trace: GET /starships/?page=1 → 200 (12 ms)")
        #expect(errors.value == ["trace: GET /starships/?page=1\n  → 200 (12 ms)\n"], "wrapped at 30 columns as the plain line is, the escapes not counted")
        errors.withLock { $0 = [] }
        output.errorLine(Style.colored.coloured("trace: short", sgr: "36"))
        #expect(errors.value == ["\u{1B}[36mtrace: short\u{1B}[0m\n"])
    }
}
