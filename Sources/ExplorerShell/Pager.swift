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
        let words = Self.words(environment)
        guard let name = words.first, let program = ExternalProgram.find(name, environment: environment) else { return nil }
        return Pager(program: program, arguments: Array(words.dropFirst()), keyboard: STDIN_FILENO)
    }

    /// Why the pager the environment asks for cannot be had (`PAGER=nosuch`: it is not on PATH),
    /// said once when a screen would have been paged, as git does; nil when there is one, or
    /// `PAGER` is set empty (none asked for).
    public static func problem(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard let name = words(environment).first, ExternalProgram.find(name, environment: environment) == nil else { return nil }
        let asked = environment["PAGER"] == nil ? "the default pager, \(name)," : "PAGER's \(name)"
        return "cannot run \(asked): it is not found; long screens are printed whole"
    }

    private static func words(_ environment: [String: String]) -> [String] {
        (environment["PAGER"] ?? "less -FRX").split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    }

    /// What came of paging a screen: whether the pager ran, and the lines typed ahead that were
    /// dropped as it started (meant for the prompt, they would have scrolled it or run its
    /// commands), so the shell can say so.
    public struct Outcome: Sendable, Equatable {
        public var shown: Bool
        public var droppedLines: [String]
    }

    /// Pages `text`; `shown` false when the pager could not be run (then the caller prints it).
    public func show(_ text: String) async -> Outcome {
        var dropped: [String] = []
        if let keyboard, isatty(keyboard) == 1 {
            dropped = Self.linesTypedAhead(keyboard)
            tcflush(keyboard, TCIFLUSH)
        }
        do {
            _ = try await program.run(arguments, streams: .feed(text + "\n"), environment: Self.environment)
            return Outcome(shown: true, droppedLines: dropped)
        } catch {
            return Outcome(shown: false, droppedLines: dropped)
        }
    }

    /// The lines typed at the terminal `descriptor` and not read yet, a line being typed (no
    /// Enter yet) among them: read at once, the terminal switched out of its line-by-line
    /// mode for the moment (in it, a line not ended is not given out), at most 64 KB.
    static func linesTypedAhead(_ descriptor: Int32) -> [String] {
        var saved = termios()
        guard tcgetattr(descriptor, &saved) == 0 else { return [] }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(descriptor, TCSANOW, &raw) == 0 else { return [] }
        defer { tcsetattr(descriptor, TCSANOW, &saved) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 65_536 {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        return bytes.split(whereSeparator: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") })
            .map { String(decoding: $0, as: UTF8.self) }
    }
}
