import Foundation

/// Shows a long screen a page at a time at a terminal, as psql and git do: `$PAGER`, or
/// `less -FRX` (which prints a short text straight away and keeps colours). The command is split
/// at spaces and run directly, never through a shell; `PAGER=` set empty means none.
public struct Pager: Sendable {
    public let program: ExternalProgram
    public let arguments: [String]

    public init(program: ExternalProgram, arguments: [String] = []) {
        self.program = program
        self.arguments = arguments
    }

    /// The pager the environment asks for, or nil when there is none (or it cannot be found).
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Pager? {
        let words = (environment["PAGER"] ?? "less -FRX").split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let name = words.first, let program = ExternalProgram.find(name, environment: environment) else { return nil }
        return Pager(program: program, arguments: Array(words.dropFirst()))
    }

    /// Pages `text`; false when the pager could not be run (then the caller prints it).
    public func show(_ text: String) async -> Bool {
        do {
            _ = try await program.run(arguments, streams: .feed(text + "\n"))
            return true
        } catch {
            return false
        }
    }
}
