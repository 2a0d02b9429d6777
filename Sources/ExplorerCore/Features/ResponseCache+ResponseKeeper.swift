import ExplorerHTTP
import ExplorerStore
import Foundation

/// The store's response cache is where the client stack keeps answers (``CachingHTTPClient``):
/// said here, where the two layers meet, so that neither imports the other.
extension ResponseCache: ResponseKeeper {
    public func keep(_ body: Data, for key: String, alongside: (any KeptAlongside)?) throws {
        try store(body, for: key, alongside: alongside as? StoreWrite)
    }

    public func kept(for key: String) throws -> KeptAnswer? {
        try entry(for: key).map { KeptAnswer(body: $0.body, fetchedAt: $0.fetchedAt) }
    }
}

/// An offline index's rows, kept in the response cache's write of the page they come from.
extension StoreWrite: KeptAlongside {}
