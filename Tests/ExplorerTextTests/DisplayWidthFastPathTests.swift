import Testing
@testable import ExplorerText

/// The quick ways of measuring and cutting (printable ASCII, the symbols explorer draws) give
/// what the grapheme-by-grapheme way gives.
@Suite("DisplayWidth fast path")
struct DisplayWidthFastPathTests {
    static let samples = [
        "", "a", "Millennium Falcon", "CR90 corvette  (row 1)",
        "★", "☆", "…", "▸", "★ Millennium Falcon", "☆ X-wing…", "Starships · page 1 of 4 · 36 in all",
        "a – b › c • d", "▸ open 12",
        "周杰倫", "a周b", "★ 周杰倫 …", "한국어", "ひらがな…",
        "e\u{301}", "★\u{301}", "…\u{FE0F}", "❤️", "👍🏽 ok",
    ]

    @Test(arguments: samples)
    func widthIsTheGraphemeWidth(_ text: String) {
        #expect(text.displayWidth == DisplayWidth.graphemeWidth(text))
    }

    @Test func symbolsAreOneColumnAndSimple() {
        for symbol in ["★", "☆", "…", "▸", "–", "·", "›", "•"] {
            #expect(symbol.displayWidth == 1)
            #expect(DisplayWidth.graphemeWidth(symbol) == 1)
            #expect(symbol.unicodeScalars.allSatisfy(DisplayWidth.isSimple))
        }
        #expect(!"周".unicodeScalars.allSatisfy(DisplayWidth.isSimple))
    }

    @Test(arguments: samples)
    func cuttingGivesWhatCuttingByGraphemeGives(_ text: String) {
        for width in 0...(text.displayWidth + 1) {
            let cut = text.truncated(toWidth: width, measured: text.displayWidth)
            #expect(cut.text == Self.truncatedByGrapheme(text, toWidth: width), "\(text) to \(width)")
            #expect(cut.width == cut.text.displayWidth)
            #expect(cut.width == DisplayWidth.graphemeWidth(cut.text))
            #expect(text.truncated(toWidth: width) == cut.text)
        }
    }

    @Test func paddingKnowingTheWidthIsPadding() {
        for text in Self.samples {
            #expect(text.padded(toWidth: 12, measured: text.displayWidth) == text.padded(toWidth: 12))
            #expect(text.leftPadded(toWidth: 12, measured: text.displayWidth) == text.leftPadded(toWidth: 12))
        }
        #expect("★ x…".padded(toWidth: 6) == "★ x…  ")
        #expect("周…".leftPadded(toWidth: 5) == "  周…")
    }

    /// The reference: whole grapheme clusters while they fit one column short, then `…`.
    private static func truncatedByGrapheme(_ text: String, toWidth width: Int) -> String {
        guard DisplayWidth.graphemeWidth(text) > width else { return text }
        guard width > 0 else { return "" }
        var result = ""
        var used = 0
        for character in text {
            let w = DisplayWidth.of(character)
            if used + w > width - 1 { break }
            result.append(character)
            used += w
        }
        return result + "…"
    }
}
