/// A key `sort` takes, by the name typed after it: `sort length`.
public protocol NamedSortKey: Sendable, Hashable {
    var name: String { get }
}

extension NamedSortKey where Self: RawRepresentable, RawValue == String {
    /// An enum's keys are named by their raw values.
    public var name: String { rawValue }
}
