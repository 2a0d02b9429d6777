import ExplorerCore
import ExplorerText
import Foundation
import TestSupport
@testable import explorer
import Testing

/// Every screen of every feature, at widths from the narrowest allowed to very wide: no line of
/// text is wider than `--width`, except one holding a word too long for any line (a URL, left
/// whole so it can still be copied; the terminal wraps it).
@Suite("Widths")
struct WidthTests {
    /// Reaches every kind of screen: feature list, help, and each feature's tour (lists sorted
    /// and filtered, details, favourites, segments, search results).
    static let script = (["features", "help", "help filter"] + (BuiltinFeatures.all + DescribedFeatures.builtIn).flatMap { ["use \($0.id)"] + $0.tour } + ["favs all"])
        .joined(separator: "\n")

    @Test("every line fits the width", arguments: [30, 31, 40, 52, 60, 80, 100, 132, 200])
    func linesFit(width: Int) async throws {
        let sandbox = try Sandbox("width-\(width)")
        let output = try await Explorer.run(["--width", String(width), "--clock", "2024-03-15T08:00:00Z"], script: Self.script, in: sandbox)
        #expect(output.status == 0, "\(output.stderrText)")
        let lines = output.stdoutText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count > 100)
        for line in lines where DisplayWidth.of(String(line)) > width {
            // Allowed only for a word that would not fit even on a line of its own.
            let unbreakable = line.split(separator: " ").contains { DisplayWidth.of(String($0)) > width - 4 }
            #expect(unbreakable, "\(DisplayWidth.of(String(line))) > \(width): \(line)")
        }
    }
}
