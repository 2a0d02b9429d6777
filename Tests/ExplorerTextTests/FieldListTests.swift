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
