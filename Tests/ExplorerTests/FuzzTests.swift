import Foundation
import TestSupport
import Testing

/// Generated command lines across every built-in feature, in text, JSON and CSV, at odd widths, with
/// the clock at the ends of the calendar and moved by seconds to centuries: nothing crashes,
/// hangs, prints a control byte or an unprefixed line, and the data directory they all share
/// stays readable. The seed changes each run; a failure names it, and
/// `EXPLORER_FUZZ_SEED=N swift test --filter FuzzTests` runs exactly the same lines again.
@Suite("Fuzzed command lines")
struct FuzzTests {
    /// Runs of explorer, and lines in each: about 3,000 lines, a few seconds.
    static let runs = 24
    static let linesPerRun = 125

    static let seed: UInt64 = ProcessInfo.processInfo.environment["EXPLORER_FUZZ_SEED"].flatMap { UInt64($0) }
        ?? UInt64.random(in: 0...UInt64.max)

    /// Every live request goes to a proxy that refuses it at once: a run that switches to
    /// `source live` finds the network unavailable, and never reaches the real APIs.
    static let environment = ["http_proxy": "http://127.0.0.1:9", "https_proxy": "http://127.0.0.1:9",
                              "HTTPS_PROXY": "http://127.0.0.1:9", "ALL_PROXY": "http://127.0.0.1:9",
                              "TMDB_API_KEY": "fuzz-key-not-a-secret"]

    /// What may start a line on stderr: a message, a warning, a trace.
    static let stderrPrefixes = ["error: ", "warning: ", "trace: "]

    /// The first character a terminal would act on (C0 controls but newline and tab, DEL, C1
    /// controls, bidirectional overrides), with its offset; a carriage return before a newline
    /// ends a CSV record, so it is allowed on stdout.
    static func firstControl(in text: String, allowingCRLF: Bool) -> String? {
        let scalars = Array(text.unicodeScalars)
        for (offset, scalar) in scalars.enumerated() {
            let value = scalar.value
            if value == 0x0A || value == 0x09 { continue }
            if allowingCRLF && value == 0x0D && offset + 1 < scalars.count && scalars[offset + 1] == "\n" { continue }
            if value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) {
                return "U+\(String(value, radix: 16, uppercase: true)) at scalar \(offset)"
            }
        }
        return nil
    }

    @Test("generated scripts over every built-in feature: no crash, no hang, no raw control byte, the store still reads")
    func generatedScripts() async throws {
        let seed = Self.seed
        var fuzzer = CommandFuzzer(seed: seed)
        let sandbox = try Sandbox("fuzz")
        // A named pipe nothing writes to or reads from: `once fifo`, `output fifo` and `run fifo`
        // must neither block nor crash.
        #expect(mkfifo(sandbox.file("fifo").path, 0o644) == 0)
        for run in 0..<Self.runs {
            let arguments = ["--timeout", "2"] + fuzzer.arguments()
            let script = fuzzer.script(lines: Self.linesPerRun)
            let output = try await Explorer.run(arguments, stdin: script, environment: Self.environment,
                                                directory: sandbox.path, in: sandbox)
            let again = "seed \(seed), run \(run) of explorer \(arguments.joined(separator: " ")) (EXPLORER_FUZZ_SEED=\(seed) runs it again)"
            let hung = output.timedOut
            #expect(!hung, "hung: \(again)\n\(output.stderrText.suffix(600))")
            #expect([0, 1, 64].contains(output.status), "exit \(output.status): \(again)\n\(output.stderrText.suffix(600))")
            if let control = Self.firstControl(in: output.stdoutText, allowingCRLF: true) {
                Issue.record("stdout holds \(control): \(again)")
            }
            if let control = Self.firstControl(in: output.stderrText, allowingCRLF: false) {
                Issue.record("stderr holds \(control): \(again)")
            }
            if output.status != 64 {
                // In JSON every line is an object (`{"error":…}`); in text each has its prefix.
                let stray = output.stderrText.split(separator: "\n").first { line in
                    !Self.stderrPrefixes.contains { line.hasPrefix($0) }
                        && (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] == nil
                }
                #expect(stray == nil, "a stderr line without a prefix: \(String(describing: stray)): \(again)")
            }
        }
        // Whatever clock the runs wrote their favourites and caches at, a run today reads them all.
        let after = try await Explorer.run(["--clock", "2026-11-24T09:00:00Z", "--width", "80"], stdin: Array("favs all\nuse moviedb\nfilter star\n".utf8),
                                           environment: Self.environment, directory: sandbox.path, in: sandbox)
        #expect(after.status == 0, "seed \(seed): the data directory no longer reads: \(after.stderrText)")
        let errors = after.stderrText.split(separator: "\n").filter { $0.hasPrefix("error: ") }
        #expect(errors.isEmpty, "seed \(seed): \(errors)")
    }
}
