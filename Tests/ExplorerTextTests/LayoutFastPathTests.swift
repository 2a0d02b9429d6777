import Testing
import TestSupport
@testable import ExplorerText

/// The shortcuts text layout takes give what the long way gives: the look over a string's
/// bytes for what sanitizing would change, wrapping that adds up widths, and a word measured
/// in place.
@Suite("Layout fast paths")
struct LayoutFastPathTests {
    /// Every scalar of the Basic Multilingual Plane (and a few past it), between two non-ASCII
    /// letters: the byte look finds what the scalar rules remove or replace, and nothing else.
    @Test func theByteLookFindsExactlyWhatSanitizingChanges() {
        var values = Array(0..<0xD800) + Array(0xE000..<0x10000)
        values += [0x1F600, 0x1F1E6, 0x20000, 0xE0001, 0x10FFFD]
        for value in values {
            let scalar = Unicode.Scalar(UInt32(value))!
            var text = "é"
            text.unicodeScalars.append(scalar)
            text += "ü"
            let changes: Bool = switch value {
            case 0x00...0x1F, 0x7F...0x9F, 0x2028...0x202E, 0x2066...0x2069: true
            default: false
            }
            let found = text.utf8.withContiguousStorageIfAvailable(String.holdsUnprintable)
            #expect(found == changes, "U+\(String(value, radix: 16))")
            #expect((text.sanitizedForTerminal != text) == changes, "U+\(String(value, radix: 16))")
        }
    }

    /// Wrapping as it was done before the widths were added up: each candidate line measured whole.
    private func wrappedMeasuringEachLine(_ text: String, width: Int) -> [String] {
        guard text.displayWidth > width else { return [text] }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if candidate.displayWidth <= width {
                line = candidate
            } else {
                if !line.isEmpty { lines.append(line) }
                line = word
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.isEmpty ? [""] : lines
    }

    @Test func wrappingByAddingWidthsWrapsAsMeasuringEachLine() {
        // Words that join a space into a cluster (a combining mark, a spacing mark, a zero
        // width joiner, a prepended mark at a line's end), wide ones, emoji and plain ones.
        let words = ["a", "bb", "ccc", "dddd", "\u{301}e", "\u{903}x", "\u{200D}z", "y\u{600}", "漢字", "ｶﾀ", "🙂",
                     "❤\u{FE0F}", "★", "…", "\u{A0}nb", "x\u{A0}y", "lengthyword", "é", "\u{1F1E6}\u{1F1E8}"]
        var generator = SplitMix64(seed: 21)
        for _ in 0..<3_000 {
            let count = Int.random(in: 1...12, using: &generator)
            let text = (0..<count).map { _ in words.randomElement(using: &generator)! }
                .joined(separator: String(repeating: " ", count: Int.random(in: 1...2, using: &generator)))
            let width = Int.random(in: 1...24, using: &generator)
            #expect(FieldList.wrap(text, width: width) == wrappedMeasuringEachLine(text, width: width).map {
                $0.unicodeScalars.contains("\u{A0}") ? String($0.map { $0 == "\u{A0}" ? " " : $0 }) : $0
            }, "\(text.debugDescription) at \(width)")
        }
    }

    @Test func aWordIsMeasuredInPlaceAsOnItsOwn() {
        for text in ["plain words here", "漢字 and ｶﾀｶﾅ", "e\u{301} ❤\u{FE0F} x", "tab\there", "★ … ·"] {
            for word in text.split(separator: " ") {
                #expect(DisplayWidth.of(word) == String(word).displayWidth)
            }
        }
    }

    /// Every scalar ``DisplayWidth/standsAlone(_:)`` takes is a cluster of its own beside any
    /// other (itself, ASCII, a wide letter): the width added up scalar by scalar is the width
    /// cluster by cluster.
    @Test func scalarsThatStandAloneAreClustersOfTheirOwn() {
        let ranges: [ClosedRange<UInt32>] = [0xA0...0x2FF, 0x370...0x482, 0x48A...0x52F, 0x2010...0x2027, 0x2030...0x205E,
                                              0x2190...0x21FF, 0x2500...0x25FF,
                                              0x3000...0x3029, 0x3030...0x3096, 0x309B...0x30FF, 0x3400...0x4DBF,
                                              0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF01...0xFF9D, 0xFFE0...0xFFE6]
        var taken = 0
        for value in 0...0x10FFFF as ClosedRange<UInt32> {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let inRanges = ranges.contains { $0.contains(value) }
            #expect(DisplayWidth.standsAlone(scalar) == inRanges, "U+\(String(value, radix: 16))")
            guard inRanges else { continue }
            taken += 1
            var text = String.UnicodeScalarView()
            text.append(contentsOf: ["a", scalar, scalar, "漢", scalar, "가", scalar, "…", scalar])
            let string = String(text)
            #expect(string.count == text.count, "U+\(String(value, radix: 16)) joins a neighbour")
            #expect(DisplayWidth.of(string) == DisplayWidth.graphemeWidth(string), "U+\(String(value, radix: 16))")
        }
        #expect(taken > 40_000)
    }

    @Test func printableASCIIIsSeenInSmallAndLargeStrings() {
        for text in ["", "a", "short text", String(repeating: "long text ", count: 20), "tab\t", "del\u{7F}", "é", String(repeating: "x", count: 40) + "é"] {
            #expect(DisplayWidth.isPrintableASCII(text) == text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, "\(text.debugDescription)")
        }
    }

    @Test func theLongestWordOfASCIIIsItsLongestRunOfLetters() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<2_000 {
            let text = String((0..<Int.random(in: 0...40, using: &generator)).map { _ in
                "ab cd  e".randomElement(using: &generator)!
            })
            let measured = text.split(separator: " ").map { String($0).displayWidth }.max() ?? 0
            #expect(TextTable.longestWord(text) == measured, "\(text.debugDescription)")
            #expect(FieldList.wrap(text, width: 5) == wrappedMeasuringEachLine(text, width: 5), "\(text.debugDescription)")
        }
    }

    /// A line ends without its spaces, as characters: a space after a prepended mark (U+0600)
    /// is part of the mark's cluster, and stays, as it did when lines were trimmed as text.
    @Test func aSpaceJoinedToAPrependedMarkStaysAtTheEndOfALine() {
        let table = TextTable(columns: [.init("A"), .init("B")], rows: [["\u{600}", ""], ["x", ""], ["\u{301}", ""]])
        #expect(table.render(width: 40) == "A  B\n\u{600} \nx\n\u{301}")
    }

    /// A cell is cut where it is written when it is printable ASCII: as `truncated(toWidth:)`
    /// cuts it (and any other text), at every width, left and right aligned.
    @Test func aCellOfASCIIIsCutAsTruncatedCutsIt() {
        var generator = SplitMix64(seed: 21)
        for _ in 0..<1_000 {
            let text = String((0..<Int.random(in: 0...30, using: &generator)).map { _ in "abc XYZ-1…é".randomElement(using: &generator)! })
            let width = Int.random(in: 1...12, using: &generator)
            guard text.displayWidth > width else { continue }
            for alignment in [TextTable.Column.Alignment.left, .right] {
                let table = TextTable(columns: [.init("#", alignment: .right, truncatable: false, minimumWidth: 1),
                                                .init("t", alignment: alignment, minimumWidth: 1)],
                                      rows: [["1", text]])
                let expected = text.truncated(toWidth: width)
                let padding = String(repeating: " ", count: max(width - expected.displayWidth, 0))
                let line = "1  " + (alignment == .right ? padding + expected : expected)
                var wanted = line
                while wanted.last == " " { wanted.removeLast() }
                #expect(table.render(width: 3 + width).split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) == wanted,
                        "\(text.debugDescription) at \(width)")
            }
        }
    }

}
