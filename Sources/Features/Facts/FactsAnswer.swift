import Foundation

/// The document the service read, and when it was fetched if it came from the cache because
/// the network was unavailable (nil: fresh, or the embedded data).
public struct FactsAnswer: Sendable, Equatable {
    public var document: FactsDocument
    public var cachedAt: Date?

    public init(document: FactsDocument, cachedAt: Date? = nil) {
        self.document = document
        self.cachedAt = cachedAt
    }
}
