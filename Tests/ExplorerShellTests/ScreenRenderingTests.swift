@testable import ExplorerCore
@testable import ExplorerShell
import ExplorerText
import Foundation
import TestSupport
import Testing

/// One screen, three ways to print it: text for people, a JSON object per line, CSV for tables.
@Suite("Screens: text, JSON and CSV")
struct ScreenRenderingTests {
    /// A small list as a feature would make it: `#`, `★`, a name column, and data-only values.
    static let list: Screen = {
        let table = ScreenTable(
            columns: [.init("row", title: "#", alignment: .right, truncatable: false),
                      .init("name"), .data("length_m"), .init("note", visibility: .textOnly)],
            rows: [[.init("1", 1), .init("X-wing"), .data(12.5), .init("fast", "fast")],
                   [.init("2", 2), .init("Say \"hi\", Bob"), .data(nil), .init("", "")]])
        return Screen(feature: "ships", kind: "list", facts: ["page": 1, "pages": 4],
                      blocks: [.heading("Ships · page 1 of 4"), .table(table), .hint("`page next` for more"),
                               .note("two of many")],
                      warnings: ["favourites unavailable: locked"])
    }()

    @Test func textShowsTheTextColumnsUnderAHeading() {
        #expect(TextRenderer(width: 80).render(Self.list) == """
            Ships · page 1 of 4
            #  name           note
            1  X-wing         fast
            2  Say "hi", Bob
            `page next` for more
            note: two of many
            """)
    }

    @Test func textStylesHeadingsAndHintsOnlyWhenColoured() {
        let text = TextRenderer(width: 80, style: .colored).render(
            Screen(feature: nil, kind: "detail", blocks: [.heading("☆ X-wing", aside: "  (row 7)"), .hint("more")]))
        #expect(text == "\u{1B}[1m☆ X-wing\u{1B}[0m\u{1B}[2m  (row 7)\u{1B}[0m\n\u{1B}[2mmore\u{1B}[0m")
    }

    @Test func textSanitizesEverythingWhateverItsSource() {
        let screen = Screen(feature: nil, kind: "x", blocks: [
            .heading("\u{1B}]0;title\u{7}Ships"), .line("a\u{202E}b\nc"), .note("\u{9B}31m"),
            .fields([ScreenField("name", "\u{1B}[2Jclear")]),
        ])
        #expect(TextRenderer(width: 80).render(screen) == "]0;titleShips\nab c\nnote: 31m\n  name  [2Jclear")
    }

    @Test func jsonHasFeatureScreenFactsThenWhatTheBlocksHold() {
        #expect(JSONWriter.string(Self.list.json) == #"""
            {"feature":"ships","screen":"list","page":1,"pages":4,"rows":[{"row":1,"name":"X-wing","length_m":12.5},{"row":2,"name":"Say \"hi\", Bob","length_m":null}],"notes":["two of many"],"warnings":["favourites unavailable: locked"]}
            """#)
    }

    @Test func jsonGivesADetailsFieldsAsMembersAndNestedScreensUnderTheirKey() {
        let detail = Screen(feature: "ships", kind: "detail", facts: ["row": 7], blocks: [
            .heading("☆ X-wing"),
            .fields([.data("name", "X-wing"), ScreenField("crew", text: "30–165", value: ["min": 30, "max": 165]),
                     ScreenField("shown", text: "only here", value: "x", visibility: .textOnly)]),
        ])
        let source = Screen(feature: nil, kind: "source", facts: ["source": "live"],
                            blocks: [.line("source: live"), .screen(key: "reloaded", detail)])
        #expect(JSONWriter.string(source.json) == #"""
            {"feature":null,"screen":"source","source":"live","reloaded":{"feature":"ships","screen":"detail","row":7,"name":"X-wing","crew":{"min":30,"max":165}}}
            """#)
        #expect(TextRenderer(width: 40).render(source) == "source: live\n☆ X-wing\n  crew   30–165\n  shown  only here",
                "text shows the text-only field, not the data-only name")
    }

    @Test func jsonEscapesWhatCouldActOnATerminalAndKeepsTheRestAsItIs() {
        let value: JSONValue = ["text": "tab\there \u{1B}[31m \u{202E} 周杰倫 https://a.example/x?y=1&z=\"q\"\\"]
        #expect(JSONWriter.string(value) == #"{"text":"tab\there \u001b[31m \u202e 周杰倫 https://a.example/x?y=1&z=\"q\"\\"}"#)
    }

    @Test func jsonNumbersAreIntegersWhenWholeAndNullWhenNotFinite() {
        #expect(JSONWriter.string([.int(20), .double(34.37), .double(20.0), .number(1e12), .double(.nan), .number(nil), .double(-0.5)])
                == "[20,34.37,20,1000000000000,null,null,-0.5]")
    }

    @Test func jsonValuesDecodeWithIntegersKeptApart() throws {
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(#"{"a": 3, "b": 2.5, "c": true, "d": null, "e": ["x"]}"#.utf8))
        #expect(value == ["a": 3, "b": 2.5, "c": true, "d": nil, "e": ["x"]])
        #expect(value["a"]?.intValue == 3)
        #expect(value["b"]?.intValue == nil)
        #expect(value["c"]?.boolValue == true)
    }

    @Test func objectsKeepTheirOrderButCompareWhateverTheOrder() {
        var object: JSONObject = ["b": 1, "a": 2]
        object["c"] = 3
        object["b"] = 4
        #expect(object.keys == ["b", "a", "c"])
        #expect(object == ["a": 2, "b": 4, "c": 3])
        object["a"] = nil
        #expect(object.keys == ["b", "c"])
    }

    @Test func csvHasAHeaderOfKeysAndRawValuesQuotedAsTheRFCSays() {
        #expect(CSVRenderer.render(Self.list) == "row,name,length_m\r\n1,X-wing,12.5\r\n2,\"Say \"\"hi\"\", Bob\",\r\n")
    }

    @Test func csvWritesListsAndObjectsAsJSONTextAndDropsControlCharacters() {
        let table = ScreenTable(columns: [.init("films"), .init("name")],
                                rows: [[.init("", ["a", "b"]), .init("one\ntwo\u{1B}[2J")]])
        #expect(CSVRenderer.render(Screen(feature: nil, kind: "list", blocks: [.table(table)]))
                == "films,name\r\n\"[\"\"a\"\",\"\"b\"\"]\",one two[2J\r\n")
    }

    @Test func csvOfAScreenWithoutATableIsNothing() {
        let screen = Screen.message("★ X-wing is now a favourite", feature: "ships", kind: "favourite")
        #expect(CSVRenderer.render(screen) == "")
    }

    @Test func anEmptyTableIsItsHeaderInCSVNoRowsInJSONAndNothingInText() {
        let table = ScreenTable(columns: [.init("row", title: "#"), .init("name"), .data("length_m")])
        let screen = Screen(feature: "ships", kind: "list", blocks: [.line("No results for \"x\""), .table(table)])
        #expect(CSVRenderer.render(screen) == "row,name,length_m\r\n")
        #expect(JSONWriter.string(screen.json) == #"{"feature":"ships","screen":"list","rows":[]}"#)
        #expect(TextRenderer(width: 80).render(screen) == "No results for \"x\"")
    }

    @Test func aListWithoutATableStillHasRowsInJSON() {
        for kind in ["list", "favourites"] {
            let screen = Screen(feature: "itunes", kind: kind, facts: ["term": nil], blocks: [.line("nothing searched yet")])
            #expect(JSONWriter.string(screen.json) == #"{"feature":"itunes","screen":"\#(kind)","term":null,"rows":[]}"#)
        }
        let detail = Screen(feature: "itunes", kind: "detail", blocks: [.fields([ScreenField("title", "X")])])
        #expect(JSONWriter.string(detail.json) == #"{"feature":"itunes","screen":"detail","title":"X"}"#, "not a list: no rows")
    }

    @Test @MainActor func thePrinterWritesWarningsToStderrInEveryFormat() async throws {
        for format in OutputFormat.allCases {
            let lines = LockedValue<(out: [String], errors: [String])>(([], []))
            let output = ShellOutput(out: { text in lines.withLock { $0.out.append(text) } },
                                     error: { text in lines.withLock { $0.errors.append(text) } })
            let printer = ScreenPrinter(output: output, terminal: TerminalSettings(width: 80, style: .colored), format: format)
            try await printer.print(Self.list)
            #expect(lines.value.errors == ["warning: favourites unavailable: locked\n"], "\(format)")
            if format != .text {
                #expect(!lines.value.out.joined().contains("\u{1B}"), "no escape codes in \(format), even coloured")
            }
        }
    }

    @Test func progressIsNeverShownWhenNotAllowed() {
        let lines = LockedValue<[String]>([])
        let output = ShellOutput(showsProgress: true, out: { _ in }, error: { text in lines.withLock { $0.append(text) } })
        output.allowsProgress = false
        output.progress("loading characters 3/9")
        output.clearProgress()
        #expect(lines.value.isEmpty)
        output.allowsProgress = true
        output.progress("loading characters 4/9")
        #expect(lines.value == ["\r\u{1B}[Kloading characters 4/9"])
    }
}
