import Foundation

/// A call to the iTunes service, as ``ExpectedCalls`` matches it.
enum ITunesCall: Hashable, Sendable, CustomStringConvertible {
    case search(String)
    case lookup(Int)
    case download(URL)

    var description: String {
        switch self {
        case .search(let term): "search(\(term))"
        case .lookup(let id): "lookup(\(id))"
        case .download(let url): "download(\(url.absoluteString))"
        }
    }
}
