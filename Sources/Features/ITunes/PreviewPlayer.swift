import ExplorerCore
import Foundation

/// Plays a downloaded preview with whatever player the machine has: `$EXPLORER_PLAYER` (a
/// program name or path), else the first of ffplay, mpv and paplay on `PATH`. Run directly,
/// never through a shell.
public struct PreviewPlayer: Sendable {
    public let program: ExternalProgram
    public let arguments: [String]

    public init(program: ExternalProgram, arguments: [String] = []) {
        self.program = program
        self.arguments = arguments
    }

    static let known: [(name: String, arguments: [String])] = [
        ("ffplay", ["-nodisp", "-autoexit", "-loglevel", "quiet"]),
        ("mpv", ["--no-video", "--really-quiet"]),
        ("paplay", []),
    ]

    /// The player to use, or nil when there is none (`EXPLORER_PLAYER=` set empty means none).
    /// A player that `EXPLORER_PLAYER` names but that cannot be run is an error that says why.
    public static func find(environment: [String: String]) throws(ITunesError) -> PreviewPlayer? {
        if let chosen = environment["EXPLORER_PLAYER"] {
            guard !chosen.isEmpty else { return nil }
            do {
                return PreviewPlayer(program: try ExternalProgram.resolve(chosen, environment: environment))
            } catch {
                throw ITunesError.playerUnusable(chosen, reason: "\(error)")
            }
        }
        for candidate in known {
            if let program = ExternalProgram.find(candidate.name, environment: environment) {
                return PreviewPlayer(program: program, arguments: candidate.arguments)
            }
        }
        return nil
    }

    public func play(_ file: URL) async throws -> Int32 {
        try await program.run(arguments + [file.path])
    }
}
