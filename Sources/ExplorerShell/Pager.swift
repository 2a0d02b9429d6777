import ExplorerCore
import Foundation

/// Shows a long screen a page at a time at a terminal, as psql and git do: `$PAGER`, or
/// `less -FRX` (which prints a short text straight away and keeps colours). The command is split
/// at spaces and run directly, never through a shell; `PAGER=` set empty means none.
///
/// Keys meant for the prompt reach the pager when they are typed while it shows a screen, so
/// no key may do harm there: it runs with `LESSSECURE=1`, which turns off every command of
/// less that writes a file or runs a program (`s` and `-o` log files, `!`, `|`, `v`, `:e`) —
/// typed ahead, `sort name⏎` would otherwise write a file `ort name` into the working
/// directory. What was typed before it starts (during a slow load) is dropped first: it was
/// meant for the prompt, not for the pager, and would scroll it or run its commands.
public struct Pager: Sendable {
    public let program: ExternalProgram
    public let arguments: [String]
    /// The terminal whose input typed ahead is dropped before the pager starts (stdin), or nil.
    public let keyboard: Int32?

    /// What the pager runs with on top of explorer's own environment: less made safe, and told
    /// that what it shows is UTF-8 (explorer always writes UTF-8; without a UTF-8 locale less
    /// would show `☆` as `<E2><98><86>`).
    public static let environment = ["LESSSECURE": "1", "LESSCHARSET": "utf-8"]

    public init(program: ExternalProgram, arguments: [String] = [], keyboard: Int32? = nil) {
        self.program = program
        self.arguments = arguments
        self.keyboard = keyboard
    }

    /// The pager the environment asks for, or nil when there is none (or it cannot be found);
    /// its keys come from the terminal that is stdin.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Pager? {
        let words = (environment["PAGER"] ?? "less -FRX").split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let name = words.first, let program = ExternalProgram.find(name, environment: environment) else { return nil }
        return Pager(program: program, arguments: Array(words.dropFirst()), keyboard: STDIN_FILENO)
    }

    /// Pages `text`; false when the pager could not be run (then the caller prints it).
    public func show(_ text: String) async -> Bool {
        if let keyboard, isatty(keyboard) == 1 { tcflush(keyboard, TCIFLUSH) }
        do {
            _ = try await program.run(arguments, streams: .feed(text + "\n"), environment: Self.environment)
            return true
        } catch {
            return false
        }
    }
}
