import Foundation
import TestSupport
import Testing

/// explorer killed (`kill -9`) while it toggles favourites, at moments drawn from a seed: a kill
/// can leave the last frame of the write-ahead log half written, which SQLite ignores (a
/// transaction that never committed). The next run must judge the log as SQLite reads it: where
/// sqlite3's `quick_check` finds the file sound, explorer never calls it damaged.
@Suite("Killed while toggling")
struct KilledWhileTogglingTests {
    static let rounds = 200

    static let seed: UInt64 = ProcessInfo.processInfo.environment["EXPLORER_KILL_SEED"].flatMap { UInt64($0) }
        ?? UInt64.random(in: 0...UInt64.max)

    @Test("kill -9 at 200 moments while toggling: no false damage where sqlite3's quick_check says ok")
    func killsLeaveNoFalseDamage() async throws {
        let sandbox = try Sandbox("killed-toggling")
        let data = sandbox.file("data").path
        let script = "use starships\n" + (0..<2_000).map { "fav \($0 % 10 + 1)" }.joined(separator: "\n") + "\n"
        try sandbox.write(script, to: "toggles.txt")
        var random = SplitMix64(seed: Self.seed)
        var falseDamage: [String] = []
        var sound = 0
        for round in 0..<Self.rounds {
            let explorer = try await RunningProcess(executable: TestPaths.explorer,
                                                    arguments: ["--data-dir", data, sandbox.file("toggles.txt").path],
                                                    environment: sandbox.environment)
            // The moment of the kill: anywhere from start-up to well into the toggles.
            try await Task.sleep(for: .milliseconds(Int.random(in: 5...150, using: &random)))
            explorer.send(signal: SIGKILL)
            _ = await explorer.exitStatus()

            // sqlite3 reads a copy of the file and its log (its own open would recover the log
            // into the file): what SQLite makes of them.
            let copy = sandbox.file("copy-\(round)")
            try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
            for name in ["explorer.sqlite", "explorer.sqlite-wal"] where FileManager.default.fileExists(atPath: data + "/" + name) {
                try FileManager.default.copyItem(atPath: data + "/" + name, toPath: copy.appendingPathComponent(name).path)
            }
            let check = try await ChildProcess.run(executable: TestPaths.sqlite3,
                                                  arguments: [copy.appendingPathComponent("explorer.sqlite").path, "pragma quick_check;"],
                                                  environment: sandbox.environment, timeout: 30)
            try? FileManager.default.removeItem(at: copy)
            guard check.stdoutText == "ok\n" else { continue }
            sound += 1
            let next = try await Explorer.run(["--data-dir", data, "-c", "favs all"], in: sandbox)
            if next.stderrText.contains("damaged") || next.status != 0 {
                falseDamage.append("round \(round): \(next.stderrText)")
                break
            }
        }
        #expect(falseDamage.isEmpty, "seed \(Self.seed) (EXPLORER_KILL_SEED=\(Self.seed) runs it again): \(falseDamage)")
        #expect(sound > Self.rounds / 2, "most kills leave a file sqlite3 finds sound: \(sound) of \(Self.rounds)")
    }
}
