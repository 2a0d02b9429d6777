import ExplorerCore
import Foundation

/// What can go wrong in the iTunes feature, in its own terms: rows, pages or a refresh before
/// anything was found, a track id that is not one or that the store does not know, and a
/// preview or store page that cannot be fetched, saved or played. Its description is the line
/// the reader sees (titles, URLs and the player's name from the data or the environment
/// sanitized; the shell sanitizes every message it prints besides).
public enum ITunesError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `open N` (or `fav N`) before a search found anything.
    case nothingFound(row: Int)
    /// `page` before a search found anything.
    case nothingToPage
    /// `page next` on the last page of results.
    case endOfResults(lastPage: Int)
    /// `lookup x` where `x` is not a positive number.
    case notATrackID(String)
    /// The store has no track (nor album) with this id.
    case noTrack(Int)
    /// `refresh` before anything was searched.
    case nothingToRefresh
    /// A URL that is not http(s) was to be fetched (a preview URL from the data is untrusted).
    case notWeb(URL)
    /// The item (its title) has no http(s) preview to play.
    case noPreview(String)
    /// The item (its title) has no http(s) store page to open.
    case noStorePage(String)
    /// The downloaded preview could not be written into the directory.
    case cannotSave(in: URL, reason: String)
    /// `EXPLORER_PLAYER` names a program that cannot be run.
    case playerUnusable(String, reason: String)
    /// The player ended with a status that is neither success nor Ctrl-C.
    case playerFailed(String, status: Int32, playing: URL)

    public var description: String {
        switch self {
        case .nothingFound(let row): "no row \(row): nothing found yet (`search <words>` first)"
        case .nothingToPage: "nothing to page through: `search <words>` first"
        case .endOfResults(let page): "end of results (page \(page) is the last)"
        case .notATrackID(let text): "expected a track id (a number), not '\(text.sanitizedForTerminal.truncated(toWidth: 20))'"
        case .noTrack(let id): "no track with id \(id)"
        case .nothingToRefresh: "nothing to refresh: `search <words>` first"
        case .notWeb(let url): "only http and https URLs are fetched, not \(url.shown.sanitizedForTerminal)"
        case .noPreview(let title): "“\(title.sanitizedForTerminal)” has no http(s) preview"
        case .noStorePage(let title): "“\(title.sanitizedForTerminal)” has no http(s) store page"
        case .cannotSave(let directory, let reason): "cannot save the preview in \(directory.path): \(reason)"
        case .playerUnusable(let chosen, let reason): "EXPLORER_PLAYER=\(chosen.sanitizedForTerminal): \(reason)"
        case .playerFailed(let player, let status, let file): "\(player) exited with status \(status) playing \(file.path)"
        }
    }
}
