/// Why a recording cannot be made or replayed, in one line for the user.
public struct TapeError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
