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

    /// Byte by byte, `simpleWidth` finds the scalars `isSimple` names, and only those: every
    /// scalar of the Basic Multilingual Plane and beyond it, alone and between others; and
    /// sanitizing changes none of what it measures.
    @Test func simpleWidthFindsExactlyTheSimpleScalars() {
        func simpleWidth(_ text: String) -> Int? { text.withUTF8Bytes(DisplayWidth.simpleWidth) }
        let values: [UInt32] = Array(0...0xFFFF) + [0x1F600, 0x20000, 0x10FFFF]
        let scalars = values.compactMap { Unicode.Scalar($0) }
        for scalar in scalars {
            let simple = DisplayWidth.isSimple(scalar)
            for text in [String(scalar), "a\(scalar)★", "\(scalar)\u{301}"] {
                let expected = text.unicodeScalars.allSatisfy(DisplayWidth.isSimple) ? text.unicodeScalars.count : nil
                guard simpleWidth(text) == expected else {
                    Issue.record("U+\(String(scalar.value, radix: 16)) in \(text.debugDescription): \(String(describing: simpleWidth(text)))")
                    return
                }
                if expected != nil {
                    #expect(text.sanitizedForTerminal == text)
                    #expect(text.displayWidth == DisplayWidth.graphemeWidth(text))
                }
            }
            #expect((simpleWidth(String(scalar)) != nil) == simple)
        }
        // A sequence cut short is not a symbol.
        for bytes: [UInt8] in [[0xE2, 0x98], [0xC2], [0x61, 0xE2], [0xE2, 0x98, 0x87]] {
            #expect(bytes.withUnsafeBufferPointer(DisplayWidth.simpleWidth) == nil)
        }
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
