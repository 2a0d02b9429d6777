/// A call to a SWAPI service, as ``ExpectedCalls`` matches it.
public enum SWAPICall: Hashable, Sendable, CustomStringConvertible {
    case page(Int)
    case item(String)
    case name(String)

    public var description: String {
        switch self {
        case .page(let number): "page(\(number))"
        case .item(let id): "item(\(id))"
        case .name(let url): "name(\(url))"
        }
    }
}
