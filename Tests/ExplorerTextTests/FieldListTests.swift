import Testing
import TestSupport
@testable import ExplorerText

@Suite("FieldList")
struct FieldListTests {
    @Test func labelsAlignAndValuesLineUp() {
        let text = FieldList.render([("name", "X-wing"), ("model", "T-65 X-wing"), ("crew", "1")], width: 80)
        #expect(text == """
              name   X-wing
              model  T-65 X-wing
              crew   1
            """)
    }

    /// A paragraph whose later lines hang: the first line as wide as the width less the indent,
    /// the rest narrower by the hang, no word lost or split. A no-break space joins its words
    /// into one (it was counted as two, so a word after the first line went missing).
    @Test func aHangingParagraphWrapsItsFirstLineWiderThanTheRest() {
        let renderer = TextRenderer(width: 24)
        var screen = Screen(feature: "x", kind: "raw", facts: [:])
        screen.blocks = [.paragraph("one two three four five six seven eight nine", indent: 2, hanging: 2)]
        #expect(renderer.render(screen) == """
              one two three four
                five six seven eight
                nine
            """)
        screen.blocks = [.paragraph("one\u{A0}two three four five six seven eight nine", indent: 2, hanging: 2)]
        #expect(renderer.render(screen) == """
              one two three four
                five six seven eight
                nine
            """)
        screen.blocks = [.paragraph("née one two three four five six seven", indent: 0, hanging: 4)]
        #expect(renderer.render(screen) == "née one two three four\n    five six seven")
        #expect(FieldList.wrap("aa bb cc dd ee", width: 2, firstWidth: 5) == ["aa bb", "cc", "dd", "ee"])
    }

    @Test func labelsAlignByDisplayWidth() {
        let text = FieldList.render([("名前", "a"), ("id", "b")], width: 80)
        #expect(text == "  名前  a\n  id    b")
    }

    @Test func longValuesWrapAtSpacesUnderTheValueColumn() {
        // The label column is 6 wide (indent 2 + "name"), the gap 2: values get 20 - 6 - 2 = 12.
        let text = FieldList.render([("name", "one two three four five"), ("x", "y")], width: 20)
        #expect(text == """
              name  one two
                    three four
                    five
              x     y
            """)
        #expect(text.split(separator: "\n").allSatisfy { String($0).displayWidth <= 20 })
    }

    @Test func wordLongerThanTheValueWidthStaysWholeOnItsOwnLine() {
        let text = FieldList.render([("id", "abcdefghijklmnopqrstuvwxyz tail")], width: 40)
        // Value width 40 - 4 - 2 = 34; a URL-like word is never cut.
        #expect(text == "  id  abcdefghijklmnopqrstuvwxyz tail")
        let narrow = FieldList.render([("id", "abcdefghijklmnopqrstuvwxyz tail"), ("x", "y")], width: 30)
        // Beside the label only 30 - 4 - 2 = 24 columns: the long word goes under its label, whole.
        #expect(narrow == "  id\n    abcdefghijklmnopqrstuvwxyz\n    tail\n  x   y")
        #expect(narrow.split(separator: "\n").allSatisfy { $0.count <= 30 })
    }

    @Test func wideWordTooWideBesideTheLabelGoesUnderItWhole() {
        // Beside the labels 24 - 4 - 2 = 18 columns; the word of ten wide characters is 20: it
        // fits a line of its own (24 - 4), so it goes under its label, measured in columns.
        let word = String(repeating: "周", count: 10)
        let text = FieldList.render([("id", "\(word) tail"), ("x", "y")], width: 24)
        #expect(text == "  id\n    \(word)\n    tail\n  x   y")
        // Eleven (22 columns) is too wide even for a line of its own: it stays beside the label.
        let wider = FieldList.render([("id", "\(word)周 tail"), ("x", "y")], width: 24)
        #expect(wider.hasPrefix("  id  \(word)周"))
    }

    @Test func tooNarrowForValuesBesideLabelsPutsEachUnderItsLabel() {
        let text = FieldList.render([("hyperdrive rating", "1.0"), ("films", "A New Hope, Return of the Jedi")], width: 30)
        #expect(text == """
              hyperdrive rating
                1.0
              films
                A New Hope, Return of the
                Jedi
            """)
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 30 })
    }

    @Test func wideCharactersWrapByDisplayWidth() {
        let text = FieldList.render([("k", "周杰倫 周杰倫 周杰倫")], width: 20)
        // Value width 20 - 3 - 2 = 15: two names (13 columns) fit on a line.
        #expect(text == "  k  周杰倫 周杰倫\n     周杰倫")
    }

    @Test func valuesAreSanitized() {
        let text = FieldList.render([("name", "\u{1B}[31mRed\u{1B}[0m\nShip")], width: 80)
        #expect(text == "  name  [31mRed[0m Ship")
    }

    @Test func noFieldsIsEmpty() {
        #expect(FieldList.render([], width: 80) == "")
    }

    @Test func wrapKeepsShortTextWhole() {
        #expect(FieldList.wrap("short", width: 10) == ["short"])
        #expect(FieldList.wrap("", width: 10) == [""])
        #expect(FieldList.wrap("a  b", width: 10) == ["a  b"])
        #expect(FieldList.wrap("aaa bbb ccc", width: 7) == ["aaa bbb", "ccc"])
    }
}
