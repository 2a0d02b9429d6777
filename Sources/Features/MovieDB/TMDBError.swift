import ExplorerCore
import ExplorerHTTP
import Foundation

/// A failure TMDB explained (`{"status_code": 7, "status_message": "Invalid API key…"}`), or a
/// key that was never given or cannot be read: the service's own error, in words for the
/// reader, never a command's. A 401 is about the key; another status keeps HTTP's message with
/// TMDB's added.
public struct TMDBError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Cause: Sendable, Equatable {
        case keyRejected
        case refused(HTTPError)
        case noKey(keyFile: String)
        case keyUnreadable(keyFile: String)
    }

    private let cause: Cause
    /// TMDB's words, ` (status 7: Invalid API key…)`, or empty when it gave none.
    private let said: String

    /// TMDB refused the API key (HTTP 401).
    public static func keyRejected(said: String) -> TMDBError { TMDBError(cause: .keyRejected, said: said) }

    /// TMDB answered `error`'s status and said why.
    public static func refused(_ error: HTTPError, said: String) -> TMDBError { TMDBError(cause: .refused(error), said: said) }

    /// No key in the environment nor in the key file: the three ways to give one.
    public static func noKey(keyFile: URL) -> TMDBError { TMDBError(cause: .noKey(keyFile: keyFile.path), said: "") }

    /// The key file exists but cannot be read.
    public static func keyUnreadable(keyFile: URL) -> TMDBError { TMDBError(cause: .keyUnreadable(keyFile: keyFile.path), said: "") }

    public var description: String {
        switch cause {
        case .keyRejected: "TMDB rejected the API key\(said)"
        case .refused(let error): "\(error.description): TMDB says\(said)"
        case .noKey(let file):
            """
            TMDB needs an API key for live data: set TMDB_API_KEY (a v3 key) or TMDB_READ_TOKEN \
            (a v4 read access token), or put it in \(file) (the apiKeyFile setting); \
            `source embedded` needs none
            """
        case .keyUnreadable(let file): "cannot read TMDB's key from \(file)"
        }
    }
}
