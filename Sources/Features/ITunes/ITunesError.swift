import ExplorerCore
import Foundation

/// What can go wrong fetching, saving and playing an iTunes preview or opening a store page:
/// the feature's own error, each case a sentence for the reader (titles, URLs and the player's
/// name from the data or the environment sanitized; the shell sanitizes every message it
/// prints besides), never a command's error.
public struct ITunesError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Cause: Sendable, Equatable {
        case notWeb(url: String)
        case noPreview(title: String)
        case noStorePage(title: String)
        case cannotSave(directory: String, reason: String)
        case playerUnusable(chosen: String, reason: String)
        case playerFailed(player: String, status: Int32, file: String)
    }

    private let cause: Cause

    /// A URL that is not http(s) was to be fetched (a preview URL from the data is untrusted).
    public static func notWeb(_ url: URL) -> ITunesError { ITunesError(cause: .notWeb(url: url.shown)) }

    /// The item has no http(s) preview to play.
    public static func noPreview(_ title: String) -> ITunesError { ITunesError(cause: .noPreview(title: title)) }

    /// The item has no http(s) store page to open.
    public static func noStorePage(_ title: String) -> ITunesError { ITunesError(cause: .noStorePage(title: title)) }

    /// The downloaded preview could not be written into `directory`.
    public static func cannotSave(in directory: URL, reason: String) -> ITunesError {
        ITunesError(cause: .cannotSave(directory: directory.path, reason: reason))
    }

    /// `EXPLORER_PLAYER` names a program that cannot be run.
    public static func playerUnusable(_ chosen: String, reason: String) -> ITunesError {
        ITunesError(cause: .playerUnusable(chosen: chosen, reason: reason))
    }

    /// The player ended with a status that is neither success nor Ctrl-C.
    public static func playerFailed(_ player: String, status: Int32, playing file: URL) -> ITunesError {
        ITunesError(cause: .playerFailed(player: player, status: status, file: file.path))
    }

    public var description: String {
        switch cause {
        case .notWeb(let url): "only http and https URLs are fetched, not \(url.sanitizedForTerminal)"
        case .noPreview(let title): "“\(title.sanitizedForTerminal)” has no http(s) preview"
        case .noStorePage(let title): "“\(title.sanitizedForTerminal)” has no http(s) store page"
        case .cannotSave(let directory, let reason): "cannot save the preview in \(directory): \(reason)"
        case .playerUnusable(let chosen, let reason): "EXPLORER_PLAYER=\(chosen.sanitizedForTerminal): \(reason)"
        case .playerFailed(let player, let status, let file): "\(player) exited with status \(status) playing \(file)"
        }
    }
}
