import Foundation

/// One `.transcript` file, parsed losslessly so that `UPDATE_TRANSCRIPTS=1` can rewrite the
/// expected sections and keep everything else byte for byte. The format is described at the
/// top of TranscriptTests.swift.
struct Transcript: Sendable, Equatable {
    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    struct Section: Sendable, Equatable {
        /// `stdin`, `stdout`, `stderr`, `status`, `requests` or `file NAME`.
        var name: String
        /// The text exactly, including the final newline unless the header said
        /// `(no newline at end)`.
        var content: String
    }

    static let noFinalNewline = " (no newline at end)"
    static let sectionMarker = "--- "
    static let knownHeaders = ["args", "server", "env", "cwd"]

    /// Lines before the first section (comments, blank lines and `key: value` headers), verbatim.
    var preamble: [String]
    var sections: [Section]

    static func parse(_ text: String) throws(Malformed) -> Transcript {
        var preamble: [String] = []
        var sections: [Section] = []
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if text.hasSuffix("\n") { lines.removeLast() }
        var current: (name: String, trimsNewline: Bool, lines: [String])?

        func finish() {
            guard let section = current else { return }
            var content = section.lines.map { $0 + "\n" }.joined()
            if section.trimsNewline, content.hasSuffix("\n") { content.removeLast() }
            sections.append(Section(name: section.name, content: content))
        }

        for (number, line) in lines.enumerated() {
            if line.hasPrefix(sectionMarker) {
                finish()
                var name = String(line.dropFirst(sectionMarker.count))
                let trims = name.hasSuffix(noFinalNewline)
                if trims { name.removeLast(noFinalNewline.count) }
                name = name.trimmingCharacters(in: .whitespaces)
                guard ["stdin", "stdout", "stderr", "status", "requests"].contains(name) || name.hasPrefix("file ") else {
                    throw Malformed(description: "line \(number + 1): unknown section `\(name)`")
                }
                if sections.contains(where: { $0.name == name }) {
                    throw Malformed(description: "line \(number + 1): section `\(name)` appears twice")
                }
                current = (name, trims, [])
            } else if current != nil {
                current!.lines.append(line)
            } else {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if !trimmed.isEmpty, !trimmed.hasPrefix("#") {
                    guard let colon = trimmed.firstIndex(of: ":"),
                          knownHeaders.contains(String(trimmed[..<colon])) else {
                        throw Malformed(description: "line \(number + 1): expected `# comment`, `args: …`, `server: …`, `env: …`, `cwd: …` or a `--- section`, not `\(line)`")
                    }
                }
                preamble.append(line)
            }
        }
        finish()
        return Transcript(preamble: preamble, sections: sections)
    }

    /// The value of a `key: value` header line, if any.
    func header(_ key: String) -> String? {
        for line in preamble {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix(key + ":") {
                return String(trimmed.dropFirst(key.count + 1)).trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    func section(_ name: String) -> String? {
        sections.first { $0.name == name }?.content
    }

    /// `file NAME` sections: files to write into the scenario's directory before running.
    var files: [(name: String, content: String)] {
        sections.filter { $0.name.hasPrefix("file ") }.map { (String($0.name.dropFirst("file ".count)), $0.content) }
    }

    /// Replaces a section's content, or appends the section if it is missing.
    mutating func set(_ name: String, _ content: String) {
        if let index = sections.firstIndex(where: { $0.name == name }) {
            sections[index].content = content
        } else {
            sections.append(Section(name: name, content: content))
        }
    }

    mutating func remove(_ name: String) {
        sections.removeAll { $0.name == name }
    }

    /// The file text; `parse(rendered())` gives this transcript back.
    func rendered() -> String {
        var text = preamble.map { $0 + "\n" }.joined()
        for section in sections {
            let complete = section.content.isEmpty || section.content.hasSuffix("\n")
            text += Self.sectionMarker + section.name + (complete ? "" : Self.noFinalNewline) + "\n"
            text += section.content + (complete ? "" : "\n")
        }
        return text
    }

    /// Whether `text` can be stored in a section (no line of it looks like a section header).
    static func canHold(_ text: String) -> Bool {
        !text.split(separator: "\n", omittingEmptySubsequences: false).contains { $0.hasPrefix(sectionMarker) }
    }
}
