import ExplorerCore
import Foundation

/// What MovieDB cannot do as asked, in its own terms: a category it does not have, a row of a
/// list with nothing in it, a search with nothing to search for, a page or a detail the
/// embedded data does not hold, and a trailer asked of no detail or of videos that are not
/// there. Its description is the line the reader sees (titles, sites and words from the data or
/// the user sanitized).
public enum MovieDBError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `movies trending`: the kind has no category by that word.
    case noCategory(kind: MovieDBKind, word: String)
    /// `open N` (the row as typed) before the category has a page loaded.
    case nothingLoaded(row: String)
    /// `open N` (the row as typed) on a filter that matched nothing.
    case noMatch(row: String, words: [String])
    /// A search (its term) whose words hold nothing the index can search for.
    case nothingToSearchFor(String)
    /// `refresh` of a detail (its title) the embedded data holds no more of.
    case nothingFuller(title: String)
    /// A page past the first of a category, asked of the embedded data.
    case onlyPageOne(asked: Int)
    /// `trailer` or `poster` off a detail.
    case noTitleOpen
    /// A detail (its title) with no videos: `detailAtHand` false when only the list's fields
    /// are; `embedded` when the embedded data is the source, which names the titles that have some.
    case noVideos(title: String, detailAtHand: Bool, embedded: Bool)
    /// `trailer N` past the videos of the detail (its title, `count` videos).
    case noVideo(Int, title: String, count: Int)
    /// Video `N` is on a site with no web page explorer knows.
    case noWebPage(video: Int, site: String)

    public var description: String {
        switch self {
        case .noCategory(let kind, let word):
            "no \(kind.command) category '\(word.sanitizedForTerminal)' (categories: \(MovieDBCategory.of(kind).map(\.word).joined(separator: ", ")))"
        case .nothingLoaded(let row):
            "no row \(row): nothing is loaded"
        case .noMatch(let row, let words):
            "no row \(row): no cached title matches \"\(words.joined(separator: " "))\" (`filter clear` shows the pages)"
        case .nothingToSearchFor(let term):
            "nothing to search for in '\(term.sanitizedForTerminal)'"
        case .nothingFuller(let title):
            "the embedded data has nothing fuller on “\(title.sanitizedForTerminal)” (`source live` asks TMDB)"
        case .onlyPageOne(let page):
            "the embedded data holds page 1 of each category (`source live` asks TMDB for page \(page))"
        case .noTitleOpen:
            "open a title first (`open N`)"
        case .noVideos(let title, let detailAtHand, let embedded):
            "TMDB lists no videos for “\(title.sanitizedForTerminal)”\(detailAtHand ? "" : " (its detail is not at hand)")"
                + (embedded ? "; in the embedded data \(MovieDBEmbeddedData.titlesWithVideos.joined(separator: " and ")) have videos" : "")
        case .noVideo(let number, let title, let count):
            "no video \(number): “\(title.sanitizedForTerminal)” has \(count == 1 ? "1 video" : "\(count) videos")"
        case .noWebPage(let number, let site):
            "video \(number) is on \(site.sanitizedForTerminal), which has no web page explorer knows"
        }
    }
}
