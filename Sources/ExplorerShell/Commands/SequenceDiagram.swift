import ExplorerText
import ExplorerTrace
import Foundation

/// The path a command took (``CommandPath``) as a sequence diagram: one participant per part
/// that took part — the shell, the command, each observable's owner (the view model, races'
/// interactor), the HTTP stack, the clock's timers, the view — and the messages between them
/// in the order they happened, with their times. Written as Mermaid (the races seed's
/// notation) or PlantUML.
struct SequenceDiagram: Equatable {
    struct Participant: Equatable {
        /// The name in the diagram's source (`VM1`).
        var alias: String
        /// What it is called (`StarshipsViewModel`).
        var label: String
    }

    enum Message: Equatable {
        /// A call, or an answer (dashed).
        case call(from: String, to: String, text: String, isAnswer: Bool, failed: Bool = false)
        case note(over: String, text: String)
    }

    private(set) var participants: [Participant] = []
    private(set) var messages: [Message] = []

    @MainActor
    init(_ path: CommandPath) {
        let shell = participant("Shell", label: "Shell")
        let command = participant("Command", label: path.line)
        messages.append(.call(from: shell, to: command, text: path.line, isAnswer: false))
        // The view model: the intent's owner, else the first observable's owner that emitted.
        let owners = path.events.compactMap { $0.kind == .state ? Self.owner(of: $0.text) : nil }
        let main = path.intent.map { String($0.prefix { $0 != "." }) } ?? owners.first
        var actor = command
        if let intent = path.intent, let main {
            actor = participant(main, label: main)
            messages.append(.call(from: command, to: actor, text: "intent " + intent.dropFirst(main.count + 1), isAnswer: false))
        }
        // The part whose value was emitted last: a value another part emits right after it is drawn
        // as that value arriving over their binding (races' snapshot → its view model's state).
        var lastEmitter: String?
        for (index, event) in path.events.enumerated() {
            let at = " · " + Self.time(event.elapsed)
            switch event.kind {
            case .request:
                // Asked by whoever emits next (the interactor of races), else by the view model.
                let next = path.events[(index + 1)...].first { $0.kind == .state }.flatMap { Self.owner(of: $0.text) }
                let asker = participant(next ?? main ?? "Command", label: next ?? main ?? path.line)
                let http = participant("HTTP", label: "HTTP client stack")
                let parts = event.text.components(separatedBy: " → ")
                messages.append(.call(from: asker, to: http, text: parts[0], isAnswer: false))
                lastEmitter = nil
                let answer = parts.dropFirst().joined(separator: " → ")
                messages.append(.call(from: http, to: asker, text: (answer.isEmpty ? "answered" : answer) + at, isAnswer: true,
                                      failed: !answer.hasPrefix("2")))
            case .state:
                let owner = Self.owner(of: event.text) ?? "State"
                let alias = participant(owner, label: owner)
                let summary = event.text.split(separator: "←", maxSplits: 1).last.map { String($0.drop { $0 == " " }) } ?? event.text
                let property = event.text.split(separator: " ").first.map { String($0.drop { $0 != "." }.dropFirst()) } ?? "state"
                messages.append(.call(from: lastEmitter ?? alias, to: alias, text: "\(property) ← \(summary)\(at)", isAnswer: false))
                lastEmitter = alias
            case .view:
                let name = String(event.text.prefix { $0 != " " })
                let view = participant(name, label: name)
                messages.append(.call(from: main.map { participant($0, label: $0) } ?? command, to: view, text: "state settled", isAnswer: false))
                messages.append(.call(from: view, to: shell, text: "rendered\(at)", isAnswer: true))
            case .note where event.text.hasPrefix("timer "):
                let clock = participant("Clock", label: "Clock")
                messages.append(.note(over: clock, text: event.text + at))
            case .note, .intent:
                messages.append(.note(over: participants.contains { $0.alias == "HTTP" } ? "HTTP" : actor, text: event.text + at))
            }
        }
        let end = " · " + Self.time(path.total)
        switch path.result {
        case .success(let screen):
            messages.append(.call(from: command, to: shell, text: (screen.map { "\($0.kind) screen" } ?? "no screen") + end, isAnswer: true))
        case .failure(let error):
            messages.append(.call(from: command, to: shell, text: "error: \(Shell.message(for: error))\(end)", isAnswer: true, failed: true))
        }
    }

    /// `+0.3 ms`, `+1.2 s`, `+5 min`: since the command began, on the app's clock (a virtual
    /// clock's jump reads as the time it jumped).
    static func time(_ duration: Duration) -> String {
        let seconds = duration.timeInterval
        guard seconds >= 1 else { return "+" + ArchReflection.milliseconds(duration) }
        guard seconds >= 60 else { return "+\(ReadableNumber.fixed(seconds, decimals: 1)) s" }
        let whole = Int(seconds.rounded())
        return "+\(whole / 60) min" + (whole % 60 == 0 ? "" : " \(whole % 60) s")
    }

    /// `StarshipsViewModel` of `StarshipsViewModel.state ← …`.
    static func owner(of text: String) -> String? {
        let label = text.prefix { $0 != " " }
        guard let dot = label.firstIndex(of: ".") else { return nil }
        return String(label[..<dot])
    }

    /// The alias of the participant called `name`, added the first time it takes part.
    private mutating func participant(_ name: String, label: String) -> String {
        let alias = String(name.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) })
        if !participants.contains(where: { $0.alias == alias }) { participants.append(Participant(alias: alias, label: label)) }
        return alias
    }

    /// As Mermaid's `sequenceDiagram`.
    var mermaid: String {
        func text(_ raw: String) -> String {
            // `;` ends a statement and `#` starts an entity in Mermaid: written as entities.
            raw.replacingOccurrences(of: "#", with: "#35;").replacingOccurrences(of: ";", with: "#59;")
        }
        var lines = ["sequenceDiagram"]
        lines += participants.map { "    participant \($0.alias) as \(text($0.label))" }
        for message in messages {
            switch message {
            case .call(let from, let to, let body, let isAnswer, let failed):
                let arrow = failed ? "--x" : isAnswer ? "-->>" : "->>"
                lines.append("    \(from)\(arrow)\(to): \(text(body))")
            case .note(let over, let body):
                lines.append("    Note over \(over): \(text(body))")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// As PlantUML.
    var plantUML: String {
        func text(_ raw: String) -> String { raw.replacingOccurrences(of: "\"", with: "'") }
        var lines = ["@startuml"]
        lines += participants.map { "participant \"\(text($0.label))\" as \($0.alias)" }
        for message in messages {
            switch message {
            case .call(let from, let to, let body, let isAnswer, let failed):
                let arrow = failed ? "-->x" : isAnswer ? "-->" : "->"
                lines.append("\(from) \(arrow) \(to) : \(text(body))")
            case .note(let over, let body):
                lines.append("note over \(over) : \(text(body))")
            }
        }
        return (lines + ["@enduml"]).joined(separator: "\n")
    }
}
