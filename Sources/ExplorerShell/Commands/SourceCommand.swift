import ExplorerCore
import ExplorerHTTP
import ExplorerText

/// `source [embedded|live|replay <file>]`: where every feature's data comes from.
struct SourceCommand: GlobalCommand {
    static let name = "source"
    static let usage = "source [embedded|live|replay <file>]"
    static let synopsis = "source [embedded|…]"
    static let summary = "show or switch where data comes from"
    static let details = """
        embedded: data compiled into explorer, no network (the default).
        live: the real APIs, at the baseURL Plugins.json gives each feature.
        replay <file>: the answers a recording holds (`record <file>`), as if live, with no network, \
        on a virtual clock set to when the recording started; a request it does not hold fails, \
        naming it.
        """

    static func complete(_ previous: [String], _ partial: String, in shell: Shell) -> [String] {
        oneOf(DataSource.allCases.map(\.rawValue) + ["replay"], after: previous)
    }

    enum Target {
        case source(DataSource)
        case replay(String)
    }

    /// The source to switch to; nil: say which is in use.
    let target: Target?

    init(_ arguments: [String]) throws(CommandError) {
        switch arguments.count {
        case 0: target = nil
        case 1:
            guard let source = DataSource(rawValue: arguments[0].lowercased()) else {
                if arguments[0].lowercased() == "replay" { throw CommandError("usage: source replay <file> (a recording `record <file>` made)") }
                throw CommandError("unknown source '\(arguments[0].sanitizedForTerminal.truncated(toWidth: 20))' (embedded, live or replay <file>)")
            }
            target = .source(source)
        case 2 where arguments[0].lowercased() == "replay":
            target = .replay(arguments[1])
        default: throw Self.usageError
        }
    }

    func run(in shell: Shell) async throws -> CommandOutput {
        switch target {
        case nil:
            if let recording = shell.tape.replaying {
                return .reply(.message("source: replay \(recording.summary)", kind: "source",
                                       facts: ["source": .string("replay"), "recording": recording.facts]))
            }
            let current = shell.source.current.rawValue
            return .reply(.message("source: \(current)", kind: "source", facts: ["source": .string(current)]))
        case .source(let source):
            return .reply(try await shell.switchSource(to: source))
        case .replay(let path):
            if let recorder = shell.tape.recording {
                throw CommandError("recording to \(recorder.name): `record off` first, then `source replay \(path.sanitizedForTerminal)`")
            }
            let recording: TapeRecording
            do {
                recording = try TapeRecording(path: path, name: path.sanitizedForTerminal)
            } catch {
                throw CommandError(error.description)
            }
            // The recording's time: races count down and “cached 5 min ago” read as they did.
            let (wasVirtual, then) = (shell.clock.isVirtual, shell.clock.now)
            shell.clock.set(recording.recordedAt)
            var screen: Screen
            do {
                screen = try await shell.switchSource(to: .live, replaying: recording)
            } catch {
                // Nothing changed: neither the clock.
                if wasVirtual { shell.clock.set(then) } else { shell.clock.goLive() }
                throw error
            }
            if shell.tape.replaying === recording, !wasVirtual { shell.clockWasLiveBeforeReplay = true }
            shell.tape.clockFollowsReplay = shell.tape.replaying === recording
            if let warning = recording.damageWarning { screen.warnings.append(warning) }
            return .reply(screen)
        }
    }
}
