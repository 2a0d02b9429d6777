import ExplorerCore

/// The commands given with `-c` (each may hold several, separated by `;`).
@MainActor
public final class ArgumentLineSource: LineSource {
    private var remaining: [String]
    private var number = 0

    public init(_ commands: [String]) {
        remaining = commands
    }

    public var positions: LinePositions { .commands }

    public func nextLine(prompt: String) -> LineInput? {
        guard !remaining.isEmpty else { return nil }
        number += 1
        return .line(remaining.removeFirst(), number: number)
    }
}
