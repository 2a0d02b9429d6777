import Foundation
import TestSupport
import Testing

/// `diagram <command>` prints the path a command took as a sequence diagram that renders: the
/// Mermaid is checked against the sequence grammar it uses, the PlantUML is rendered with
/// Debian's `plantuml`, offline — for a command of every feature, a failure (`net fail`), a
/// timer (`clock +5m` in races) and a `follow`; and `open 5` in starships, the docs' example. The
/// rendered pictures are kept in `.build/test-artefacts/diagrams/`.
@Suite("diagram")
struct DiagramTests {
    /// A script per case: what is run first, then the command drawn.
    static let cases: [(name: String, before: [String], command: String)] = {
        var cases = ArchDeclarationsTests.parts.compactMap { part -> (String, [String], String)? in
            // The first command of the feature's part that asks its view model for something.
            guard let command = part.lines.dropFirst().first(where: { !$0.hasPrefix("help") && !$0.hasPrefix("use ") }) else { return nil }
            return (part.feature, [part.lines[0]], command)
        }
        cases.append(("starships open 5", ["use starships"], "open 5"))
        cases.append(("a failure", ["use starships", "net fail 500 times 1"], "page 2"))
        cases.append(("a timer", ["use races"], "clock +5m"))
        cases.append(("a follow", ["use starships", "open 5"], "follow pilots 1"))
        return cases
    }()

    func diagram(_ notation: String?, _ test: (name: String, before: [String], command: String), in sandbox: Sandbox) async throws -> String {
        let line = (["diagram"] + (notation.map { [$0] } ?? []) + [test.command]).joined(separator: " ")
        let output = try await Explorer.run(["--format", "json", "--clock", "2024-03-15T08:00:00Z"],
                                            script: (test.before + [line]).joined(separator: "\n") + "\n", in: sandbox)
        let diagram = try #require(try JSONOutputTests.objects(output.stdoutText).last { $0["screen"] as? String == "diagram" },
                                   "\(test.name): \(output.stderrText)")
        return try #require(diagram["source"] as? String)
    }

    @Test("the Mermaid follows the sequence grammar", arguments: cases.map(\.name))
    func mermaid(name: String) async throws {
        let test = try #require(Self.cases.first { $0.name == name })
        let source = try await diagram(nil, test, in: try Sandbox("diagram-mermaid"))
        let problems = Self.mermaidProblems(source)
        #expect(problems.isEmpty, "\(name):\n\(problems.joined(separator: "\n"))\n\(source)")
        #expect(source.contains("Shell->>Command: \(test.command)"))
    }

    @Test("the PlantUML renders with plantuml, offline")
    func plantUML() async throws {
        let sandbox = try Sandbox("diagram-plantuml")
        let plantuml = try #require(["/usr/bin/plantuml", "/usr/local/bin/plantuml"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                    "plantuml is missing: scripts/ensure-deps installs it")
        var files: [(name: String, svg: String, labels: [String])] = []
        for (index, test) in Self.cases.enumerated() {
            let source = try await diagram("--plantuml", test, in: sandbox)
            #expect(source.hasPrefix("@startuml\n") && source.hasSuffix("\n@enduml"))
            try source.write(toFile: sandbox.file("d\(index).puml").path, atomically: true, encoding: .utf8)
            let labels = source.split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("participant \"") else { return nil }
                return String(line.dropFirst("participant \"".count).prefix { $0 != "\"" })
            }
            files.append((test.name, sandbox.file("d\(index).svg").path, labels))
        }
        // One Java start for them all.
        let rendered = try await ChildProcess.run(executable: plantuml, arguments: ["-tsvg", "-nometadata"] + files.indices.map { sandbox.file("d\($0).puml").path },
                                                  environment: ["PATH": "/usr/bin:/bin", "HOME": sandbox.directory.path], timeout: 120)
        #expect(rendered.status == 0, "\(rendered.stderrText)")
        // The pictures stay, as the test's artefacts: .build/test-artefacts/diagrams/<case>.svg.
        let artefacts = URL(fileURLWithPath: TestPaths.repository.path).appendingPathComponent(".build/test-artefacts/diagrams")
        try? FileManager.default.removeItem(at: artefacts)
        try FileManager.default.createDirectory(at: artefacts, withIntermediateDirectories: true)
        for file in files {
            let name = file.name.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }
            try FileManager.default.copyItem(atPath: file.svg, toPath: artefacts.appendingPathComponent(String(name) + ".svg").path)
        }
        for file in files {
            let svg = try String(contentsOfFile: file.svg, encoding: .utf8)
            #expect(!svg.contains("Syntax Error"), "\(file.name) did not parse")
            for label in file.labels {
                let shown = label.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
                #expect(svg.contains(">\(shown)<"), "\(file.name): the participant \(label) is drawn")
            }
        }
    }

    @Test func theGrammarCheckCatchesWhatMermaidRefuses() {
        #expect(!Self.mermaidProblems("sequenceDiagram\n    A->>B: hi").isEmpty, "B is never declared")
        #expect(!Self.mermaidProblems("sequenceDiagram\n    participant A as a\n    A->>A: one; two").isEmpty, "a `;` ends the statement")
        #expect(!Self.mermaidProblems("graph TD\n    A-->B").isEmpty)
        #expect(Self.mermaidProblems("sequenceDiagram\n    participant A as a\n    A->>A: #35; fine\n    Note over A: ok").isEmpty)
    }

    /// What in `source` Mermaid's sequence-diagram grammar refuses, as far as the diagrams use
    /// it: the header, `participant X as label`, `X->>Y: text` (`-->>`, `--x`), `Note over X:
    /// text`; aliases declared before use; no bare `;` or `#`.
    static func mermaidProblems(_ source: String) -> [String] {
        var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.first == "sequenceDiagram" else { return ["the first line is not `sequenceDiagram`"] }
        lines.removeFirst()
        var declared: Set<String> = []
        var problems: [String] = []
        let participant = /^    participant ([A-Za-z0-9]+) as (.+)$/
        let message = /^    ([A-Za-z0-9]+)(->>|-->>|--x)([A-Za-z0-9]+): (.+)$/
        let note = /^    Note over ([A-Za-z0-9]+): (.+)$/
        for line in lines {
            var text = ""
            if let match = line.wholeMatch(of: participant) {
                declared.insert(String(match.1))
                text = String(match.2)
            } else if let match = line.wholeMatch(of: message) {
                for alias in [match.1, match.3] where !declared.contains(String(alias)) { problems.append("\(alias) is not declared: \(line)") }
                text = String(match.4)
            } else if let match = line.wholeMatch(of: note) {
                if !declared.contains(String(match.1)) { problems.append("\(match.1) is not declared: \(line)") }
                text = String(match.2)
            } else {
                problems.append("not a statement of a sequence diagram: \(line)")
            }
            let unescaped = text.replacing(/#[0-9]+;/, with: "")
            if unescaped.contains(";") || unescaped.contains("#") { problems.append("a bare ; or #: \(line)") }
        }
        return problems
    }
}
