// The docs' examples run as written. Every ```sh block of a page under docs/ (or of one
// section of it) runs, in order, in one sh, in a scratch directory, with the
// built `explorer` first on PATH and jq, sqlite3 and python3 as installed; a block followed by
// a ```json, ```text or ```mermaid block must print exactly what that block shows (a CSV file's CRLF line
// ends read as the LF the README shows). A block followed by none (`cut=…`) sets up the rest.

import Foundation
import TestSupport
import Testing

@Suite("Docs examples")
struct DocsExamplesTests {
    struct Block: Equatable {
        var language: String
        var text: String
    }

    /// The fenced code blocks of `markdown`, in order, each with its text (a newline after
    /// every line).
    static func blocks(in markdown: String) -> [Block] {
        var blocks: [Block] = []
        var current: Block?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let block = current {
                    blocks.append(block)
                    current = nil
                } else {
                    current = Block(language: String(line.dropFirst(3)), text: "")
                }
            } else if current != nil {
                current?.text += line + "\n"
            }
        }
        return blocks
    }

    /// From the heading `title` to the next heading of its level or above.
    static func section(_ title: String, of markdown: String) -> String {
        guard let start = markdown.range(of: "\n" + title + "\n") else { return "" }
        let rest = markdown[start.upperBound...]
        let end = [rest.range(of: "\n## "), rest.range(of: "\n### ")].compactMap { $0?.lowerBound }.min() ?? rest.endIndex
        return String(rest[..<end])
    }

    /// Every page with examples that show output, and the section holding them (nil: all of it).
    static let pages: [(page: String, section: String?)] = [
        ("docs/output.md", "## JSON screens"), ("docs/output.md", "## CSV"),
        ("docs/configuration.md", nil), ("docs/architecture.md", nil),
    ]

    @Test("each page's examples print what it shows", arguments: pages.indices)
    func examplesRunAsWritten(index: Int) async throws {
        let (page, section) = Self.pages[index]
        let title = section.map { "\(page), under \($0)" } ?? page
        let markdown = try String(contentsOf: TestPaths.repository.appendingPathComponent(page), encoding: .utf8)
        let blocks = Self.blocks(in: section.map { Self.section($0, of: markdown) } ?? markdown)
        var script = "set -eu\n"
        var examples: [(command: String, output: String)] = []
        for (index, block) in blocks.enumerated() where block.language == "sh" {
            if index + 1 < blocks.count, ["json", "text", "mermaid"].contains(blocks[index + 1].language) {
                script += "printf '\\n@@example@@\\n'\n"
                examples.append((block.text, blocks[index + 1].text))
            }
            script += block.text
        }
        script += "printf '\\n@@example@@\\n'\n"
        try #require(!examples.isEmpty, "no examples found in \(title)")

        let sandbox = try Sandbox("readme-examples")
        try FileManager.default.createDirectory(at: sandbox.file("bin"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: sandbox.file("bin/explorer").path, withDestinationPath: TestPaths.explorer)
        var environment = sandbox.environment
        environment["PATH"] = sandbox.file("bin").path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        let output = try await ChildProcess.run(executable: "/bin/sh", arguments: ["-c", script], environment: environment,
                                              directory: sandbox.path, timeout: 60)
        #expect(output.stderrText == "")
        #expect(output.status == 0)
        let printed = output.stdoutText.replacingOccurrences(of: "\r\n", with: "\n")
            .components(separatedBy: "\n@@example@@\n").dropFirst()
        try #require(printed.count == examples.count + 1, "the script stopped early: \(output.stdoutText)")
        for ((command, shown), actual) in zip(examples, printed) {
            #expect(actual == shown, "\(title): `\(command.trimmingCharacters(in: .newlines))` prints\n\(actual)")
        }
    }
}
