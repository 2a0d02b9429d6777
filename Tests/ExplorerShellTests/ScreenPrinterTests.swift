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
}
