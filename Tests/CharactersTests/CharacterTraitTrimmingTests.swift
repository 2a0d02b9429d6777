import Foundation
import Testing
@testable import Characters

/// A trait's values are trimmed as `trimmingCharacters(in: .whitespaces)` trims them: spaces,
/// tabs and other space separators (U+00A0, U+3000), not newlines.
@Suite struct CharacterTraitTrimmingTests {
    @Test(arguments: [" blue", "blue ", "  blue-gray\t", "\u{00A0}red\u{3000}", "\nbrown\n", "   ", "", "a b", " \t\u{2003}x\u{2003}", "é ", " \u{301}"])
    func trimsAsFoundationDoes(text: String) {
        #expect(String(CharacterTrait.trimmed(Substring(text))) == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
    }
}
