/// A call to the facts service, as ``ExpectedCalls`` matches it.
enum FactsCall: Hashable, Sendable, CustomStringConvertible {
    /// The document; `fresh` refuses the cache (`refresh`).
    case document(fresh: Bool)

    var description: String {
        switch self {
        case .document(let fresh): fresh ? "document(fresh)" : "document"
        }
    }
}
