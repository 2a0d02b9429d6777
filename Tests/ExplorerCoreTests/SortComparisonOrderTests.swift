import Foundation
import Testing
import TestSupport
@testable import ExplorerCore

/// `SortComparison.order` gives `localizedStandardCompare`'s order, reading it from the bytes
/// where letters alone decide.
@Suite struct SortComparisonOrderTests {
    /// Names of up to five characters from letters of both cases, digits, a space,
    /// punctuation, symbols and a few past ASCII (an accent written apart among them; kana,
    /// Han and a mark that lengthens kana), in pairs drawn the same way every run.
    static func generatedPairs(count: Int) -> [(String, String)] {
        let alphabet: [Character] = Array("abzABZ019 '-.&$~^_`+(éöß방Ａ周杰乡不卄龜スあ가ー・Å×ɐ") + ["e\u{301}", "\u{301}"]
        var generator = SplitMix64(seed: 44)
        func name() -> String {
            String((0..<Int.random(in: 0...5, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
        }
        return (0..<count).map { _ in
            let a = name()
            // Half of them share a start, where most of a sort's comparisons are decided.
            return (a, Bool.random(using: &generator) ? a + name() : name())
        }
    }

    @Test func theOrderIsTheLocaleAwareOrder() {
        for (a, b) in Self.generatedPairs(count: 20_000) {
            #expect(SortComparison.order(a, b) == a.localizedStandardCompare(b), "\(a) against \(b)")
        }
    }

    @Test func lettersAloneDecideFromTheBytes() {
        guard SortComparison.ordersLettersAsEnglish else { return }
        #expect(SortComparison.byteOrder("Jack Johnson", "Jackson Browne") == .orderedAscending)  // a space before a letter
        #expect(SortComparison.byteOrder("a-b", "a.b") == nil)  // punctuation against punctuation
        #expect(SortComparison.byteOrder("ship 1b", "ship 10") == nil)  // next to a digit
        #expect(SortComparison.byteOrder("ship b", "ship 1") == .orderedDescending)
        #expect(SortComparison.byteOrder("jack johnson", "Jack Jones") == .orderedAscending)
        #expect(SortComparison.byteOrder("Love", "lovers") == .orderedAscending)
        #expect(SortComparison.byteOrder("Guns N' Roses", "Guns N' Rosesx") == .orderedAscending)
        #expect(SortComparison.byteOrder("Zebra", "apple") == .orderedDescending)
        #expect(SortComparison.byteOrder("ship 2", "ship 10") == nil)  // digits compare as numbers
        #expect(SortComparison.byteOrder("ABC", "abc") == nil)  // equal but for case
        #expect(SortComparison.byteOrder("Björk", "Bjork") == nil)  // past ASCII where they differ
        #expect(SortComparison.byteOrder("Beyoncé", "Bianca") == .orderedAscending)  // past ASCII after they differ
        #expect(SortComparison.byteOrder("Beyoncé", "Björk") == .orderedAscending)  // a letter written whole after
        #expect(SortComparison.byteOrder("ab×", "ac") == nil)  // a symbol past ASCII after
        #expect(SortComparison.byteOrder("Be\u{301}", "Bf") == nil)  // an accent written apart
        #expect(SortComparison.byteOrder("Amy Winehouse", "スピッツ") == .orderedAscending)  // ASCII before kana
        #expect(SortComparison.byteOrder("周杰倫", "Beyoncé") == .orderedDescending)  // Han after ASCII
        #expect(SortComparison.byteOrder("Jay周", "Jay!") == .orderedDescending)
        #expect(SortComparison.byteOrder("방탄소년단", "1989") == .orderedDescending)  // Hangul after digits
        #expect(SortComparison.byteOrder("12", "1周") == nil)  // a number still being read
        #expect(SortComparison.byteOrder("e\u{301}", "周") == nil)  // an accent written apart
        #expect(SortComparison.byteOrder("aー", "ab") == nil)  // a mark, not a letter, of kana
        #expect(SortComparison.byteOrder("周", "スピッツ") == .orderedDescending)  // kana before Han
        #expect(SortComparison.byteOrder("スピッツ", "방탄소년단") == .orderedDescending)  // Hangul before kana
        // Han against Han is collation's (by radical and strokes, not code point): 乡 (U+4E61)
        // comes after 周 (U+5468), in blocks whose UTF-8 differs from the first byte.
        #expect(SortComparison.byteOrder("周杰倫", "范特西") == nil)
        #expect(SortComparison.byteOrder("乡村音乐", "周杰倫") == nil)
        #expect(SortComparison.order("乡村音乐", "周杰倫") == "乡村音乐".localizedStandardCompare("周杰倫"))
        #expect(SortComparison.places(of: ["周杰倫", "乡村音乐", "周杰倫", "Adele"]) == [1, 2, 1, 0])
        #expect(SortComparison.byteOrder("ス", "あ") == nil)  // kana against kana
        #expect(SortComparison.byteOrder("방", "가") == nil)  // Hangul against Hangul
        let decided = Self.generatedPairs(count: 2_000).filter { SortComparison.byteOrder($0.0, $0.1) != nil }
        #expect(decided.count > 200)
    }
}
