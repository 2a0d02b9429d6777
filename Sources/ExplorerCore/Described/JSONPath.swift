import ExplorerText

/// A dotted path into a JSON value, as described features name where things are: `results`,
/// `user.login`, `types[].type.name` (`[]` maps over an array), or `$` for the value itself.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    public enum Segment: Sendable, Hashable {
        case key(String)
        /// `[]`: every element of an array.
        case each
    }

    public let segments: [Segment]
    /// As written in Plugins.json.
    public let description: String

    public init(segments: [Segment], description: String) {
        self.segments = segments
        self.description = description
    }

    /// `$`: the value itself.
    public static let root = JSONPath(segments: [], description: "$")
}
