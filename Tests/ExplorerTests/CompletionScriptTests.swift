import Foundation
import TestSupport
import Testing

/// `explorer --generate-completion-script bash|zsh|fish` (swift-argument-parser's) offers the
/// values of the enum flags, files for `--config` (JSON) and for the script files, and
/// directories for `--data-dir`.
@Suite("Completion scripts")
struct CompletionScriptTests {
    /// The script the built binary prints for `shell`.
    static func script(for shell: String) async throws -> String {
        let sandbox = try Sandbox("completion-\(shell)")
        let output = try await ChildProcess.run(
            executable: TestPaths.explorer, arguments: ["--generate-completion-script", shell],
            environment: sandbox.environment, timeout: Explorer.processTimeout)
        #expect(output.status == 0, "\(shell): \(output.stderrText)")
        #expect(output.stderrText.isEmpty)
        return output.stdoutText
    }

    /// The line after the one that is exactly `marker` (trimmed): what bash offers after a flag.
    static func lineAfter(_ marker: String, in script: String) -> String? {
        let lines = script.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let index = lines.firstIndex(of: marker), index + 1 < lines.count else { return nil }
        return lines[index + 1]
    }

    /// The line that holds `needle`: fish's `complete` line of one flag.
    static func line(containing needle: String, in script: String) -> String? {
        script.split(separator: "\n").map(String.init).first { $0.contains(needle) }
    }

    @Test func bashOffersFlagValuesFilesAndDirectories() async throws {
        let script = try await Self.script(for: "bash")
        #expect(Self.lineAfter("'--source')", in: script) == #"__explorer_add_completions -W 'embedded'$'\n''live'"#)
        #expect(Self.lineAfter("'--format')", in: script) == #"__explorer_add_completions -W 'text'$'\n''json'$'\n''csv'"#)
        #expect(Self.lineAfter("'--color')", in: script) == #"__explorer_add_completions -W 'auto'$'\n''always'$'\n''never'"#)
        #expect(Self.lineAfter("'--images')", in: script) == #"__explorer_add_completions -W 'auto'$'\n''inline'$'\n''off'"#)
        #expect(Self.lineAfter("'--config')", in: script) == "__explorer_add_completions -o plusdirs -fX '!*.@(json)'")
        #expect(Self.lineAfter("'--data-dir')", in: script) == "__explorer_add_completions -d")
        // The script files, positional: files.
        let positional = script.components(separatedBy: "# Offer positional completions").dropFirst().first ?? ""
        #expect(positional.contains("__explorer_add_completions -f"))
    }

    @Test func zshOffersFlagValuesFilesAndDirectories() async throws {
        let script = try await Self.script(for: "zsh")
        for expected in [
            "local -ar ___source=('embedded' 'live')",
            "local -ar ___format=('text' 'json' 'csv')",
            "local -ar ___color=('auto' 'always' 'never')",
            "local -ar ___images=('auto' 'inline' 'off')",
            #"'--config[A Plugins.json to use instead of the built-in one.]:path:_files -g '\''*.json'\'''"#,
            "]:path:_files -/'",
            "'*:file:_files'",
        ] {
            #expect(script.contains(expected), "zsh script lacks \(expected)")
        }
        #expect(Self.line(containing: "'--data-dir[", in: script)?.hasSuffix(":path:_files -/'") == true)
    }

    @Test func fishOffersFlagValuesFilesAndDirectories() async throws {
        let script = try await Self.script(for: "fish")
        #expect(Self.line(containing: "-l 'source'", in: script)?.hasSuffix("-rfka 'embedded live'") == true)
        #expect(Self.line(containing: "-l 'format'", in: script)?.hasSuffix("-rfka 'text json csv'") == true)
        #expect(Self.line(containing: "-l 'color'", in: script)?.hasSuffix("-rfka 'auto always never'") == true)
        #expect(Self.line(containing: "-l 'images'", in: script)?.hasSuffix("-rfka 'auto inline off'") == true)
        #expect(Self.line(containing: "-l 'config'", in: script)?.contains(#"*.\'json\'"#) == true)
        #expect(Self.line(containing: "-l 'data-dir'", in: script)?.hasSuffix("-rfa '(__explorer_complete_directories)'") == true)
        #expect(Self.line(containing: "__explorer_should_offer_completions_for_positional \"explorer\" -ge 1", in: script)?.hasSuffix(" -F") == true)
    }
}
