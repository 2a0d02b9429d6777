import Foundation
import ITunes
import Testing

/// What a reader sees for each way a preview or a store page can fail: one sentence, the
/// title, URL or player named, anything from the data sanitized.
@Suite("iTunes errors, as the reader sees them")
struct ITunesErrorTests {
    @Test("each cause reads as one sentence naming what failed")
    func wording() throws {
        let file = URL(fileURLWithPath: "/tmp/previews/1.m4a")
        let cases: [(ITunesError, String)] = [
            (.notWeb(try #require(URL(string: "file:///etc/passwd"))), "only http and https URLs are fetched, not file:///etc/passwd"),
            (.noPreview("Better Together"), "“Better Together” has no http(s) preview"),
            (.noStorePage("Better Together"), "“Better Together” has no http(s) store page"),
            (.cannotSave(in: URL(fileURLWithPath: "/tmp/previews"), reason: "Not a directory"),
             "cannot save the preview in /tmp/previews: Not a directory"),
            (.playerUnusable("nosuchplayer", reason: "no program called 'nosuchplayer' on PATH"),
             "EXPLORER_PLAYER=nosuchplayer: no program called 'nosuchplayer' on PATH"),
            (.playerFailed("ffplay", status: 3, playing: file), "ffplay exited with status 3 playing /tmp/previews/1.m4a"),
        ]
        for (error, text) in cases {
            #expect(error.description == text)
        }
    }

    @Test("a title or a player's name from outside cannot move the cursor or change colours")
    func sanitized() {
        #expect(!ITunesError.noPreview("Evil\u{1B}[2J\u{7}").description.contains("\u{1B}"))
        #expect(!ITunesError.noStorePage("Evil\u{1B}[2J").description.contains("\u{1B}"))
        #expect(!ITunesError.playerUnusable("x\u{1B}[31m", reason: "gone").description.contains("\u{1B}"))
    }
}
