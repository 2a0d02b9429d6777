import Foundation
import Testing
import ExplorerText

/// Text is trimmed as Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)` trims it,
/// without bridging to NSString.
@Suite struct TrimmingTests {
    @Test func everyScalarIsWhiteSpaceExactlyWhenFoundationSaysSo() {
        let foundation = CharacterSet.whitespacesAndNewlines
        let differing = (0...0x10FFFF).compactMap(Unicode.Scalar.init).filter {
            String.isWhitespaceOrNewline($0) != foundation.contains($0)
        }
        #expect(differing.isEmpty, "\(differing.prefix(10).map { String($0.value, radix: 16) })")
    }

    @Test(arguments: [" Beavers", "Beavers ", "  two words\t", "\u{00A0}red\u{3000}", "\nbrown\r\n", "   ", "", "a b",
                      " \t\u{2003}x\u{2028}", "é ", " \u{301}", "\u{85}x\u{2029}", "\u{200B}x", "\u{1F1E8}\u{1F1E6} ", "x"])
    func trimsAsFoundationDoes(text: String) {
        #expect(text.trimmingWhitespaceAndNewlines == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(text.debugDescription)")
    }
}
