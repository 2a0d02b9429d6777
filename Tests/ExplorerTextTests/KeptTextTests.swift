import Testing
@testable import ExplorerText

/// The most of one text field explorer keeps: up to 4,096 characters as they are; past that the
/// first 4,096 and a note of the cut, so every screen and JSON reader sees that it was cut.
@Suite("KeptText")
struct KeptTextTests {
    @Test func textUpToTheLimitIsKeptAsItIs() {
        #expect(KeptText.maxCharacters == 4_096)
        #expect(KeptText.capped("") == "")
        #expect(KeptText.capped("Millennium Falcon") == "Millennium Falcon")
        let full = String(repeating: "a", count: 4_096)
        #expect(KeptText.capped(full) == full)
        let wide = String(repeating: "日", count: 4_096)
        #expect(KeptText.capped(wide) == wide, "12,288 bytes, but 4,096 characters")
        #expect(KeptText.capped(nil as String?) == nil)
    }

    @Test func longerTextIsCutAndSaysSo() {
        let megabyte = String(repeating: "x", count: 1 << 20)
        let kept = KeptText.capped(megabyte)
        #expect(kept == String(repeating: "x", count: 4_096) + "… (cut: the first 4,096 of 1,048,576 characters)")
        #expect(KeptText.capped(String(repeating: "b", count: 4_097)).hasSuffix("b… (cut: the first 4,096 of 4,097 characters)"))
    }

    @Test func aCutNeverSplitsACharacter() {
        // "é" as e and a combining acute: two scalars, one character.
        let accented = String(repeating: "e\u{301}", count: 5_000)
        let kept = KeptText.capped(accented)
        #expect(kept.hasPrefix(String(repeating: "e\u{301}", count: 4_096) + "…"))
        #expect(kept.hasSuffix("(cut: the first 4,096 of 5,000 characters)"))
    }
}
