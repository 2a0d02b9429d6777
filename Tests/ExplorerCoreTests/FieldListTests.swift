import Testing
import TestSupport
@testable import ExplorerCore

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
        let text = FieldList.render([("id", "abcdefghijklmnopqrstuvwxyz tail")], width: 16)
        // Value width: max(16 - 4 - 2, 10) = 10; a URL-like word is never cut.
        #expect(text == "  id  abcdefghijklmnopqrstuvwxyz\n      tail")
    }

    @Test func valueWidthIsAtLeastTen() {
        let text = FieldList.render([("id", "aaaa bbbb cccc")], width: 5)
        #expect(text == "  id  aaaa bbbb\n      cccc")
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
