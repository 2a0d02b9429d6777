import MovieDB
import Testing

/// What a reader sees for each way MovieDB cannot do as asked: one sentence, anything from the
/// data or the user sanitized.
@Suite("MovieDB errors, as the reader sees them")
struct MovieDBErrorTests {
    @Test("each case reads as the line the shell has always printed")
    func wording() {
        let cases: [(MovieDBError, String)] = [
            (.noCategory(kind: .tv, word: "upcoming"), "no tv category 'upcoming' (categories: popular, top)"),
            (.noCategory(kind: .movie, word: "trending"), "no movies category 'trending' (categories: popular, top, upcoming)"),
            (.nothingLoaded(row: "1"), "no row 1: nothing is loaded"),
            (.noMatch(row: "1", words: ["star", "wa"]), "no row 1: no cached title matches \"star wa\" (`filter clear` shows the pages)"),
            (.nothingToSearchFor("?!"), "nothing to search for in '?!'"),
            (.nothingFuller(title: "Fast X"), "the embedded data has nothing fuller on “Fast X” (`source live` asks TMDB)"),
            (.onlyPageOne(asked: 2), "the embedded data holds page 1 of each category (`source live` asks TMDB for page 2)"),
            (.noTitleOpen, "open a title first (`open N`)"),
            (.noVideos(title: "Film 2", detailAtHand: false, embedded: false), "TMDB lists no videos for “Film 2” (its detail is not at hand)"),
            (.noVideos(title: "Fast X", detailAtHand: true, embedded: true),
             "TMDB lists no videos for “Fast X”; in the embedded data Ad Astra and Rick and Morty have videos"),
            (.noVideo(5, title: "Star Wars", count: 4), "no video 5: “Star Wars” has 4 videos"),
            (.noVideo(2, title: "Solo", count: 1), "no video 2: “Solo” has 1 video"),
            (.noWebPage(video: 2, site: "Dailymotion"), "video 2 is on Dailymotion, which has no web page explorer knows"),
        ]
        for (error, text) in cases {
            #expect(error.description == text)
        }
    }

    @Test("a title, site or word from outside cannot move the cursor or change colours")
    func sanitized() {
        #expect(!MovieDBError.noCategory(kind: .tv, word: "x\u{1B}[2J").description.contains("\u{1B}"))
        #expect(!MovieDBError.noVideo(1, title: "Evil\u{1B}[31m", count: 2).description.contains("\u{1B}"))
        #expect(!MovieDBError.noWebPage(video: 1, site: "\u{1B}]0;x\u{7}").description.contains("\u{1B}"))
    }
}
