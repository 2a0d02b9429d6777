import Testing
import TestSupport
@testable import ExplorerText

@Suite("Style and ColorChoice")
struct StyleTests {
    @Test func plainStyleLeavesTextAlone() {
        let style = Style.plain
        #expect(style.header("h") == "h")
        #expect(style.dim("d") == "d")
        #expect(style.favourite("★") == "★")
        #expect(style.error("e") == "e")
        #expect(style.emphasis("x") == "x")
    }

    @Test func coloredStyleWrapsInSGRCodes() {
        let style = Style.colored
        #expect(style.header("h") == "\u{1B}[1mh\u{1B}[0m")
        #expect(style.dim("d") == "\u{1B}[2md\u{1B}[0m")
        #expect(style.favourite("★") == "\u{1B}[33m★\u{1B}[0m")
        #expect(style.error("e") == "\u{1B}[31me\u{1B}[0m")
        #expect(style.emphasis("x") == "\u{1B}[1mx\u{1B}[0m")
        #expect(style.header("") == "")
    }

    @Test func dumbTerminalsGetNoEscapeCodes() {
        #expect(ColorChoice.auto.style(outputIsTerminal: true, environment: ["TERM": "dumb"]) == .plain)
        #expect(ColorChoice.auto.style(outputIsTerminal: true, environment: ["TERM": "xterm-256color"]) == .colored)
        #expect(ColorChoice.always.style(outputIsTerminal: true, environment: ["TERM": "dumb"]) == .colored,
                "asked for explicitly, colour is given")
    }

    @Test func colorChoiceResolution() {
        #expect(ColorChoice.always.style(outputIsTerminal: false, environment: [:]) == .colored)
        #expect(ColorChoice.never.style(outputIsTerminal: true, environment: [:]) == .plain)
        #expect(ColorChoice.auto.style(outputIsTerminal: true, environment: [:]) == .colored)
        #expect(ColorChoice.auto.style(outputIsTerminal: false, environment: [:]) == .plain)
        #expect(ColorChoice.auto.style(outputIsTerminal: true, environment: ["NO_COLOR": "1"]) == .plain)
        #expect(ColorChoice.auto.style(outputIsTerminal: true, environment: ["NO_COLOR": ""]) == .colored)
        #expect(ColorChoice.always.style(outputIsTerminal: true, environment: ["NO_COLOR": "1"]) == .colored)
    }

    @Test func aLineColouredWholeIsReadBackAsItsCodeAndText() {
        let line = Style.colored.coloured("trace: GET /x → 200", sgr: "36")
        #expect(line == "\u{1B}[36mtrace: GET /x → 200\u{1B}[0m")
        #expect(Style.colouredWhole(line)?.code == "36")
        #expect(Style.colouredWhole(line)?.text == "trace: GET /x → 200")
        #expect(Style.plain.coloured("trace", sgr: "36") == "trace")
        #expect(Style.colouredWhole("trace: GET /x") == nil)
        #expect(Style.colouredWhole("\u{1B}[2Jcleared\u{1B}[0m") == nil, "only a colour")
    }
}
