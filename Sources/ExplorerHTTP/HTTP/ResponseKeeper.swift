import Foundation

/// Where ``CachingHTTPClient`` keeps the answers that decoded, and finds them again when the
/// network is unavailable: a protocol of the HTTP layer, which the store's response cache is
/// made to answer where the client stack is put together (ExplorerCore), so that a request
/// never reaches back down into the store.
public protocol ResponseKeeper: Sendable {
    /// Keeps `body` for `key`, with what else is kept of it (`alongside`: a page's rows in an
    /// offline index) in the same write: both, or, if the write fails, neither.
    func keep(_ body: Data, for key: String, alongside: (any KeptAlongside)?) throws
    /// What was kept for `key`, and when it was fetched; nil when nothing was.
    func kept(for key: String) throws -> KeptAnswer?
}

/// What a feature keeps of a decoded answer beside its body, in the same write (the titles of a
/// page, for an offline index). The keeper that writes the body knows what it is.
public protocol KeptAlongside: Sendable {}

/// An answer kept by a ``ResponseKeeper``: its body and when it was fetched.
public struct KeptAnswer: Sendable, Equatable {
    public var body: Data
    public var fetchedAt: Date

    public init(body: Data, fetchedAt: Date) {
        self.body = body
        self.fetchedAt = fetchedAt
    }
}
