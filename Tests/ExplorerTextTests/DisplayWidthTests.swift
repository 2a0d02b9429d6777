import Testing
import TestSupport
@testable import ExplorerText

@Suite("DisplayWidth")
struct DisplayWidthTests {
    // MARK: Width

    @Test func asciiIsOneColumnEach() {
        #expect("".displayWidth == 0)
        #expect("a".displayWidth == 1)
        #expect("Millennium Falcon".displayWidth == 17)
        #expect(DisplayWidth.of("x" as Character) == 1)
    }

    @Test func cjkIsTwoColumnsEach() {
        #expect("周杰倫".displayWidth == 6)
        #expect("a周b".displayWidth == 4)
        #expect("ひらがな".displayWidth == 8)
        #expect("カタカナ".displayWidth == 8)
        #expect("\u{3000}".displayWidth == 2) // ideographic space
    }

    @Test func hangulIsTwoColumnsEach() {
        #expect("한국어".displayWidth == 6)
        // Decomposed jamo form one cluster: leading consonant wide, vowel and final zero.
        #expect("\u{1112}\u{1161}\u{11AB}".displayWidth == 2)
        #expect(DisplayWidth.of("\u{1161}" as Unicode.Scalar) == 0)
        #expect(DisplayWidth.of("\u{11AB}" as Unicode.Scalar) == 0)
        #expect(DisplayWidth.of("\u{1100}" as Unicode.Scalar) == 2)
    }

    @Test func fullwidthFormsAreTwoColumns() {
        #expect("ＡＢＣ".displayWidth == 6)
        #expect("１２".displayWidth == 4)
        #expect("！".displayWidth == 2)
        // Halfwidth katakana stay narrow.
        #expect("ｶﾀｶﾅ".displayWidth == 4)
    }

    @Test func combiningMarksAddNothing() {
        #expect("e\u{301}".displayWidth == 1)
        #expect("cafe\u{301}".displayWidth == 4)
        #expect("a\u{301}\u{302}\u{303}".displayWidth == 1)
        #expect(DisplayWidth.of("\u{301}" as Unicode.Scalar) == 0)
        #expect(DisplayWidth.of("\u{20DD}" as Unicode.Scalar) == 0) // enclosing circle
    }

    @Test func zeroWidthAndControlCharactersAddNothing() {
        #expect("a\u{200B}b".displayWidth == 2) // zero width space
        #expect("a\u{200D}b".displayWidth == 2) // zero width joiner
        #expect("a\u{1B}b".displayWidth == 2)
        #expect("\u{7F}\u{85}\u{9B}".displayWidth == 0)
        #expect(DisplayWidth.of("\u{0}" as Unicode.Scalar) == 0)
        #expect(DisplayWidth.of("\u{1F}" as Unicode.Scalar) == 0)
    }

    @Test func emojiAreTwoColumns() {
        #expect("😀".displayWidth == 2)
        #expect("🚀x".displayWidth == 3)
        #expect("👍🏽".displayWidth == 2) // with skin tone modifier
        #expect("👨‍👩‍👧".displayWidth == 2) // ZWJ family: one cluster
        #expect("🇯🇵".displayWidth == 2) // flag
        #expect("⌚".displayWidth == 2)
    }

    @Test func variationSelectorSixteenMakesEmojiPresentationWide() {
        #expect("❤".displayWidth == 1)
        #expect("❤\u{FE0F}".displayWidth == 2)
        #expect("1\u{FE0F}\u{20E3}".displayWidth == 2) // keycap
    }

    @Test func narrowSymbolsStayOneColumn() {
        #expect("★".displayWidth == 1)
        #expect("▸".displayWidth == 1)
        #expect("…".displayWidth == 1)
        #expect("–".displayWidth == 1)
        #expect("é".displayWidth == 1)
    }

    // MARK: Truncation

    @Test func textThatFitsIsUnchanged() {
        #expect("hello".truncated(toWidth: 5) == "hello")
        #expect("hello".truncated(toWidth: 50) == "hello")
        #expect("周杰倫".truncated(toWidth: 6) == "周杰倫")
        #expect("".truncated(toWidth: 0) == "")
    }

    @Test func cutTextEndsInAnEllipsis() {
        #expect("hello world".truncated(toWidth: 8) == "hello w…")
        #expect("hello".truncated(toWidth: 4) == "hel…")
        #expect("hello".truncated(toWidth: 2) == "h…")
        #expect("hello".truncated(toWidth: 1) == "…")
    }

    @Test func zeroOrNegativeWidthIsEmpty() {
        #expect("hello".truncated(toWidth: 0) == "")
        #expect("hello".truncated(toWidth: -3) == "")
    }

    @Test func wideCharacterThatDoesNotFitIsDroppedNotSplit() {
        #expect("周杰倫".truncated(toWidth: 5) == "周杰…")
        #expect("周杰倫".truncated(toWidth: 4) == "周…")
        #expect("周杰倫".truncated(toWidth: 3) == "周…")
        #expect("周杰倫".truncated(toWidth: 2) == "…")
        #expect("a周b".truncated(toWidth: 3) == "a…")
        #expect("😀😀😀".truncated(toWidth: 5) == "😀😀…")
        #expect("😀😀😀".truncated(toWidth: 4) == "😀…")
    }

    @Test func combiningMarksStayWithTheirBase() {
        let text = "e\u{301}e\u{301}e\u{301}"
        let cut = text.truncated(toWidth: 2)
        #expect(cut.unicodeScalars.map(\.value) == [0x65, 0x301, 0x2026])
    }

    @Test(arguments: ["hello world", "周杰倫周杰倫", "a周b杰c倫d", "😀x😀y😀", "e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}", "한국어 text"])
    func truncationNeverExceedsTheWidth(text: String) {
        for width in 0...(text.displayWidth + 2) {
            let cut = text.truncated(toWidth: width)
            #expect(cut.displayWidth <= width, "width \(width): \(cut)")
            if text.displayWidth <= width {
                #expect(cut == text)
            } else if width > 0 {
                #expect(cut.hasSuffix("…"), "width \(width): \(cut)")
                #expect(text.hasPrefix(String(cut.dropLast())), "width \(width): \(cut)")
                // Nothing more would have fitted.
                let kept = cut.dropLast().count
                if kept < text.count {
                    let next = text[text.index(text.startIndex, offsetBy: kept)]
                    #expect(cut.displayWidth - 1 + DisplayWidth.of(next) > width - 1, "width \(width): \(cut)")
                }
            }
        }
    }

    // MARK: Padding

    @Test func paddedFillsToTheWidthOnTheRight() {
        #expect("ab".padded(toWidth: 5) == "ab   ")
        #expect("周".padded(toWidth: 5) == "周   ")
        #expect("e\u{301}".padded(toWidth: 3).unicodeScalars.map(\.value) == [0x65, 0x301, 0x20, 0x20])
        #expect("abc".padded(toWidth: 3) == "abc")
        #expect("abcdef".padded(toWidth: 3) == "abcdef")
        #expect("".padded(toWidth: 2) == "  ")
    }

    @Test func leftPaddedFillsToTheWidthOnTheLeft() {
        #expect("7".leftPadded(toWidth: 3) == "  7")
        #expect("周".leftPadded(toWidth: 3) == " 周")
        #expect("1234".leftPadded(toWidth: 3) == "1234")
    }
}
