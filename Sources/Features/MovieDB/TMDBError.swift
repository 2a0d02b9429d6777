import ExplorerCore

/// A failure TMDB explained (`{"status_code": 7, "status_message": "Invalid API key…"}`): the
/// service's own error, in words for the reader, never a command's. A 401 is about the key;
/// another status keeps HTTP's message with TMDB's added.
public struct TMDBError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Cause: Sendable, Equatable {
        case keyRejected
        case refused(HTTPError)
    }

    private let cause: Cause
    /// TMDB's words, ` (status 7: Invalid API key…)`, or empty when it gave none.
    private let said: String

    /// TMDB refused the API key (HTTP 401).
    public static func keyRejected(said: String) -> TMDBError { TMDBError(cause: .keyRejected, said: said) }

    /// TMDB answered `error`'s status and said why.
    public static func refused(_ error: HTTPError, said: String) -> TMDBError { TMDBError(cause: .refused(error), said: said) }

    public var description: String {
        switch cause {
        case .keyRejected: "TMDB rejected the API key\(said)"
        case .refused(let error): "\(error.description): TMDB says\(said)"
        }
    }
}
