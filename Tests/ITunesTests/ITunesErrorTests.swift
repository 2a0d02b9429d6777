import Foundation
import ITunes
import Testing

/// What a reader sees for each way the feature can fail (a row, page, refresh or track id asked
/// for in vain, a preview or a store page): one sentence, the row, id, title, URL or player
/// named, anything from the data sanitized.
@Suite("iTunes errors, as the reader sees them")
struct ITunesErrorTests {
    @Test("each case reads as one sentence naming what failed")
    func wording() throws {
        let file = URL(fileURLWithPath: "/tmp/previews/1.m4a")
        let cases: [(ITunesError, String)] = [
            (.nothingFound(row: 1), "no row 1: nothing found yet (`search <words>` first)"),
            (.nothingToPage, "nothing to page through: `search <words>` first"),
            (.endOfResults(lastPage: 5), "end of results (page 5 is the last)"),
            (.notATrackID("abc"), "expected a track id (a number), not 'abc'"),
            (.noTrack(123), "no track with id 123"),
            (.nothingToRefresh, "nothing to refresh: `search <words>` first"),
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
        #expect(ITunesError.notATrackID("\u{1B}[2Jabcdefghijklmnopqrstuvwxyz").description
                == "expected a track id (a number), not '[2Jabcdefghijklmnop…'", "sanitized and cut to 20 columns")
    }
}
