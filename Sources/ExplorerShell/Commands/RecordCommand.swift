import ExplorerCore
import ExplorerHTTP
import ExplorerText

/// `record [<file>|off]`: every answer the live APIs give is written to a file, which `source
/// replay <file>` (or `explorer --replay <file>`) answers from later, with no network.
struct RecordCommand: GlobalCommand {
    static let name = "record"
    static let usage = "record [<file>|off]"
    static let summary = "record live answers to a file, to replay offline"
    static let details = """
        `record demo.rec` starts the file afresh and appends every answer the live APIs give from \
        then on — API answers, images, previews — with its request (no API key, token or password), \
        status and time; `record off` stops. `source replay demo.rec` (or `explorer --replay demo.rec`) \
        then answers the same requests from it with no network, on a clock that starts where the \
        recording did. `record` alone says what is being recorded. `explorer --source live --record \
        demo.rec` records a whole run. The file is JSON Lines, one answer a line.
        """

    static let completesFileNames = true

    /// The file to record to, `off`, or nil to say what is recorded.
    let word: String?

    init(_ arguments: [String]) throws(CommandError) {
        guard arguments.count <= 1 else { throw Self.usageError }
        word = arguments.first
    }

    func run(in shell: Shell) async throws -> CommandOutput {
        guard let word else {
            guard let recorder = shell.tape.recording else {
                return .reply(.message("not recording (`record <file>` starts)", kind: "record", facts: ["recording": .null]))
            }
            return .reply(.message("recording live answers to \(recorder.name) (\(Self.answers(recorder.answerCount)) so far)",
                                   kind: "record", facts: Self.facts(recorder)))
        }
        if word.lowercased() == "off" {
            guard let recorder = shell.tape.recording else { throw CommandError("not recording") }
            shell.tape.set(.off)
            return .reply(.message("stopped recording to \(recorder.name): \(Self.answers(recorder.answerCount))",
                                   kind: "record", facts: Self.facts(recorder)))
        }
        if let recording = shell.tape.replaying {
            throw CommandError("replaying \(recording.name): `source live` first, then `record \(word.sanitizedForTerminal)`")
        }
        if let mine = shell.ownFile(word) { throw CommandError("cannot record to \(word.sanitizedForTerminal): it is \(mine)") }
        let recorder: TapeRecorder
        do {
            recorder = try TapeRecorder(path: word, name: word.sanitizedForTerminal, header: shell.tapeHeader())
        } catch {
            throw CommandError(error.description)
        }
        shell.tape.set(.recording(recorder))
        let note = shell.source.current == .live ? "" : " (the source is \(shell.source.current.rawValue): nothing is recorded until `source live`)"
        return .reply(.message("recording live answers to \(recorder.name)\(note)", kind: "record", facts: Self.facts(recorder)))
    }

    static func answers(_ count: Int) -> String {
        "\(count) answer\(count == 1 ? "" : "s")"
    }

    static func facts(_ recorder: TapeRecorder) -> JSONObject {
        ["recording": ["file": .string(recorder.name), "answers": .int(recorder.answerCount)]]
    }
}
