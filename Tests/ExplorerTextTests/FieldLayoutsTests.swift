import Testing
@testable import ExplorerText

/// Fields of the same keys in the same order have one layout; any other keys, order or count
/// another; past the layouts kept, fields have a layout of their own.
@Suite("FieldLayouts")
struct FieldLayoutsTests {
    private static func fields(_ keys: [String]) -> [ScreenField] {
        keys.map { ScreenField($0, "value of \($0)") }
    }

    @Test func fieldsOfTheSameKeysInTheSameOrderShareALayout() {
        var layouts = FieldLayouts()
        let film = layouts.layout(of: Self.fields(["title", "year", "rating"]))
        // Other values, the same keys.
        #expect(layouts.layout(of: [ScreenField("title", "Alien"), ScreenField("year", "1979"), ScreenField("rating", "8.5")]) == film)
        #expect(layouts.layout(of: Self.fields(["title", "year", "rating"])) == film)
    }

    @Test func otherKeysAnotherOrderOrAnotherCountIsAnotherLayout() {
        var layouts = FieldLayouts()
        let film = layouts.layout(of: Self.fields(["title", "year", "rating"]))
        let series = layouts.layout(of: Self.fields(["title", "seasons", "rating"]))
        let reordered = layouts.layout(of: Self.fields(["year", "title", "rating"]))
        let shorter = layouts.layout(of: Self.fields(["title", "year"]))
        let none = layouts.layout(of: [])
        #expect(Set([film, series, reordered, shorter, none]).count == 5)
        #expect(layouts.layout(of: Self.fields(["title", "seasons", "rating"])) == series)
        #expect(layouts.layout(of: []) == none)
    }

    @Test func pastTheLayoutsKeptFieldsHaveALayoutOfTheirOwn() {
        var layouts = FieldLayouts()
        let kept = (0..<FieldLayouts.kept).map { layouts.layout(of: Self.fields(["key \($0)"])) }
        #expect(Set(kept).count == FieldLayouts.kept)
        let past = layouts.layout(of: Self.fields(["another"]))
        let again = layouts.layout(of: Self.fields(["another"]))
        #expect(!kept.contains(past) && !kept.contains(again) && past != again)
        // Those kept are still found.
        #expect(layouts.layout(of: Self.fields(["key 3"])) == kept[3])
    }
}
