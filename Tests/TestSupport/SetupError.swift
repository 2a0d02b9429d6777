/// Why a test's set-up failed: a sandbox, a port, a folder or a program it needed.
public struct SetupError: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
