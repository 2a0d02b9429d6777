import Testing
import TestSupport
@testable import ExplorerText

@Suite("String.sanitizedForTerminal")
struct SanitizedTests {
    @Test func escapeIsRemovedFromEscapeSequences() {
        #expect("\u{1B}[31mred".sanitizedForTerminal == "[31mred")
        #expect("\u{1B}[31mred\u{1B}[0m".sanitizedForTerminal == "[31mred[0m")
        #expect("\u{1B}]0;title\u{07}text".sanitizedForTerminal == "]0;titletext")
        #expect("a\u{1B}[2Jb".sanitizedForTerminal == "a[2Jb")
    }

    @Test func c0ControlsAreRemoved() {
        #expect("a\u{00}b".sanitizedForTerminal == "ab")
        #expect("bell\u{07}".sanitizedForTerminal == "bell")
        #expect("back\u{08}space".sanitizedForTerminal == "backspace")
        #expect("x\u{1F}y\u{01}z".sanitizedForTerminal == "xyz")
    }

    @Test func c1ControlsAndDeleteAreRemoved() {
        #expect("a\u{9B}31mb".sanitizedForTerminal == "a31mb") // CSI
        #expect("a\u{9D}0;t\u{9C}b".sanitizedForTerminal == "a0;tb") // OSC … ST
        #expect("a\u{80}b\u{9F}c".sanitizedForTerminal == "abc")
        #expect("de\u{7F}l".sanitizedForTerminal == "del")
    }

    @Test func tabsAndLineBreaksBecomeSpaces() {
        #expect("a\tb".sanitizedForTerminal == "a b")
        #expect("line1\nline2".sanitizedForTerminal == "line1 line2")
        #expect("x\r\ny".sanitizedForTerminal == "x  y")
        #expect("v\u{0B}f\u{0C}n\u{85}l\u{2028}p\u{2029}".sanitizedForTerminal == "v f n l p ")
    }

    @Test func bidiOverridesAndIsolatesAreRemoved() {
        #expect("abc\u{202E}fed\u{202C}".sanitizedForTerminal == "abcfed")
        #expect("\u{202A}\u{202B}\u{202D}x".sanitizedForTerminal == "x")
        #expect("\u{2066}a\u{2067}b\u{2068}c\u{2069}".sanitizedForTerminal == "abc")
    }

    @Test func ordinaryUnicodeIsKept() {
        let text = "周杰倫 – café é ★ 😀 👨‍👩‍👧 한국어 ＡＢ"
        #expect(text.sanitizedForTerminal == text)
        #expect("e\u{301}".sanitizedForTerminal.unicodeScalars.map(\.value) == [0x65, 0x301])
        #expect("Millennium Falcon".sanitizedForTerminal == "Millennium Falcon")
        #expect("".sanitizedForTerminal == "")
    }

    @Test func resultHasNoControlCharactersLeft() {
        let hostile = (0..<0xA0).map { String(UnicodeScalar(UInt8($0))) }.joined()
        let clean = hostile.sanitizedForTerminal
        #expect(!clean.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        // 0x09–0x0D and 0x85 became spaces; printable ASCII 0x20–0x7E is kept.
        let printable = (0x20...0x7E).map { String(UnicodeScalar(UInt8($0))) }.joined()
        #expect(clean == "     " + printable + " ")
    }
}
