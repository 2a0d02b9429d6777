// The demos in examples/ stay tested: every examples/*.txt has an `example-NAME` transcript
// that runs it from the repository root as examples/README.md says (so a new example cannot
// be added untested, and a transcript cannot outlive its example), README lists each one, and
// json-to-jq.sh is an executable, well-formed sh script that says so when jq is missing. The
// transcripts themselves (TranscriptTests) check what each example prints and its exit status.

import Foundation
import TestSupport
import Testing

@Suite("Examples")
struct ExamplesTests {
    static let transcriptPrefix = "example-"

    /// examples/*.txt, by name without `.txt`.
    static var scriptNames: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: TestPaths.examples.path)) ?? []
        return names.filter { $0.hasSuffix(".txt") }.map { String($0.dropLast(4)) }.sorted()
    }

    @Test("every examples/*.txt runs in an example- transcript, from the repository root")
    func everyExampleHasATranscript() throws {
        let scripts = Self.scriptNames
        #expect(!scripts.isEmpty, "no examples/*.txt found in \(TestPaths.examples.path)")
        let transcripts = Set(TranscriptFile.all.map(\.name))
        for name in scripts {
            let file = TranscriptFile(name: Self.transcriptPrefix + name)
            guard transcripts.contains(file.name) else {
                Issue.record("examples/\(name).txt has no transcript: add Transcripts/\(file.name).transcript with `cwd: ${REPOSITORY}` and `args: examples/\(name).txt`, then UPDATE_TRANSCRIPTS=\(file.name)")
                continue
            }
            let transcript = try Transcript.parse(String(contentsOf: file.url, encoding: .utf8))
            #expect(transcript.header("cwd") == "${REPOSITORY}", "\(file.name) should run in the repository root (`cwd: ${REPOSITORY}`)")
            let arguments = try ShellWords.split(transcript.header("args") ?? "")
            #expect(arguments.last == "examples/\(name).txt", "\(file.name) should run examples/\(name).txt (its last argument)")
        }
    }

    @Test("every example- transcript has its examples/*.txt")
    func noTranscriptWithoutItsExample() {
        let scripts = Set(Self.scriptNames)
        for file in TranscriptFile.all where file.name.hasPrefix(Self.transcriptPrefix) {
            let name = String(file.name.dropFirst(Self.transcriptPrefix.count))
            #expect(scripts.contains(name), "\(file.name).transcript runs examples/\(name).txt, which does not exist")
        }
    }

    @Test("examples/README.md lists every example")
    func readmeListsEveryExample() throws {
        let readme = try String(contentsOf: TestPaths.examples.appendingPathComponent("README.md"), encoding: .utf8)
        for name in Self.scriptNames + ["json-to-jq"] {
            let file = name == "json-to-jq" ? "examples/json-to-jq.sh" : "examples/\(name).txt"
            let mentioned = readme.contains(file)
            #expect(mentioned, "examples/README.md does not mention \(file)")
        }
    }

    static let jqScript = TestPaths.examples.appendingPathComponent("json-to-jq.sh").path

    @Test("json-to-jq.sh is executable and sh -n finds no syntax error")
    func jqScriptIsWellFormed() async throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.jqScript), "chmod +x examples/json-to-jq.sh")
        let output = try await ChildProcess.run(executable: "/bin/sh", arguments: ["-n", Self.jqScript],
                                              environment: ["PATH": "/usr/bin:/bin"], timeout: 30)
        #expect(output.status == 0, "sh -n examples/json-to-jq.sh: \(output.stderrText)")
    }

    @Test("json-to-jq.sh without jq says so on stderr and exits 1, running nothing")
    func jqScriptWithoutJQ() async throws {
        let empty = TemporaryDirectory()
        defer { empty.remove() }
        let output = try await ChildProcess.run(executable: "/bin/sh", arguments: [Self.jqScript],
                                              environment: ["PATH": empty.url.path], timeout: 30)
        #expect(output.status == 1)
        #expect(output.stdoutText == "")
        #expect(output.stderrText.contains("jq"), "stderr: \(output.stderrText)")
    }
}
