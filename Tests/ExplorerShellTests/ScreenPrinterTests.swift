@testable import ExplorerCore
@testable import ExplorerShell
import ExplorerText
import TestSupport
import Testing

@Suite("ScreenPrinter")
@MainActor
struct ScreenPrinterTests {
    private static func printer(width: @escaping @Sendable () -> Int) -> (ScreenPrinter, LockedValue<[String]>) {
        let lines = LockedValue<[String]>([])
        let output = ShellOutput(out: { text in lines.withLock { $0.append(text) } }, error: { _ in })
        let terminal = TerminalSettings(width: 80, measure: { TerminalSize(width: width(), height: 24) })
        return (ScreenPrinter(output: output, terminal: terminal), lines)
    }

    private static func screen(_ name: String) -> Screen {
        Screen(feature: "ships", kind: "list", blocks: [
            .heading("Ships"),
            .table(ScreenTable(columns: [.init("name", minimumWidth: 4)], rows: [[.init(name)]])),
        ])
    }

    /// Screens printed again (kept, not laid out again) read exactly as the first time, and
    /// what differs — the screen, or the width — is laid out anew.
    @Test func aScreenPrintedAgainReadsTheSame() async throws {
        let width = LockedValue(80)
        let (printer, lines) = Self.printer(width: { width.value })
        let long = Self.screen("Imperial I-class Star Destroyer, the long way round")
        for screen in [long, Self.screen("X-wing"), long, long] {
            try await printer.print(screen)
        }
        width.withLock { $0 = 30 }
        try await printer.print(long)
        let printed = lines.value
        let fresh = { (screen: Screen, width: Int) in TextRenderer(width: width).render(screen) + "\n" }
        #expect(printed == [fresh(long, 80), fresh(Self.screen("X-wing"), 80), fresh(long, 80), fresh(long, 80), fresh(long, 30)])
        #expect(printed[4] != printed[0])
    }

    /// `watch` with `trace on` at a terminal: what is written to stderr between two drawings
    /// (a timer's trace line) is moved above the screen drawn next, and the screen before is
    /// erased whole — no stale heading is left above the lines.
    @Test func linesWrittenToStderrBetweenDrawingsMoveAboveTheNextScreen() async throws {
        let written = LockedValue<[String]>([])
        // stderr at the terminal too (a width to wrap to, here none given).
        let output = ShellOutput(errorWidth: { nil }, out: { text in written.withLock { $0.append(text) } },
                                 error: { text in written.withLock { $0.append("stderr: " + text) } })
        let printer = ScreenPrinter(output: output, terminal: TerminalSettings(width: 30))
        let screen = Self.screen("X-wing")
        let text = TextRenderer(width: 30).render(screen)
        #expect(ScreenPrinter.lineCount(text) == 3)

        printer.printInPlace(screen)
        output.errorLine("trace: timer races re-sort ran at 08:00:50")  // 42 columns: 2 rows at 30
        output.errorLine("trace: short")
        printer.printInPlace(screen)
        printer.printInPlace(screen)
        printer.endInPlace()
        output.errorLine("trace: after the watch")

        #expect(written.value == [
            text + "\n",
            "stderr: trace: timer races re-sort ran at 08:00:50\n", "stderr: trace: short\n",
            // Up over the screen (3 rows) and the lines below it (2 + 1), erased; the lines
            // again, then the screen.
            "\u{1B}[6F\u{1B}[J", "stderr: trace: timer races re-sort ran at 08:00:50\ntrace: short\n", text + "\n",
            // Nothing written meanwhile: over the screen alone.
            "\u{1B}[3F\u{1B}[J", text + "\n",
            "stderr: trace: after the watch\n",
        ])
    }

    /// `explorer 2> trace.log`: stderr is not below the screen, so its lines are written once,
    /// to the log, and the screen goes up over itself alone.
    @Test func linesWrittenToAStderrElsewhereStayThere() async throws {
        let written = LockedValue<[String]>([])
        let output = ShellOutput(out: { text in written.withLock { $0.append(text) } },
                                 error: { text in written.withLock { $0.append("stderr: " + text) } })
        let printer = ScreenPrinter(output: output, terminal: TerminalSettings(width: 30))
        let screen = Self.screen("X-wing")
        let text = TextRenderer(width: 30).render(screen)

        printer.printInPlace(screen)
        output.errorLine("trace: short")
        printer.printInPlace(screen)

        #expect(written.value == [text + "\n", "stderr: trace: short\n", "\u{1B}[3F\u{1B}[J", text + "\n"])
    }

    @Test func rowsCountWrappedLinesAndLeaveEscapesOut() {
        #expect(ShellOutput.rows(of: "", width: 10) == 1)
        #expect(ShellOutput.rows(of: String(repeating: "a", count: 10), width: 10) == 1)
        #expect(ShellOutput.rows(of: String(repeating: "a", count: 11), width: 10) == 2)
        #expect(ShellOutput.rows(of: "a\nb\n\nc", width: 10) == 4)
        #expect(ShellOutput.rows(of: "\u{1B}[2m" + String(repeating: "a", count: 10) + "\u{1B}[0m", width: 10) == 1)
        #expect(ShellOutput.rows(of: "漢字漢字漢字", width: 10) == 2, "each of them two columns wide")
    }
}
