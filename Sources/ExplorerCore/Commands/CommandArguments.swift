/// How many words a command takes. A line with another count gets the command's usage error,
/// built from its declared usage, so no command restates its usage to check its arguments.
public enum CommandArguments: Sendable {
    /// Any number (the command reads them itself).
    case any
    case none
    case one
    case atMostOne
    case atLeastOne

    public func allows(_ count: Int) -> Bool {
        switch self {
        case .any: true
        case .none: count == 0
        case .one: count == 1
        case .atMostOne: count <= 1
        case .atLeastOne: count >= 1
        }
    }
}
