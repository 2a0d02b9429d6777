import Foundation
import TestSupport
import Testing

/// Six explorers started at once on a data directory with no database yet, each marking a
/// favourite: one of them makes the file, the others find it being made (for a moment an empty
/// file beside a log). None may call it damaged, and no toggle may be lost.
@Suite("Explorers starting at once")
struct FirstStartRaceTests {
    static let rounds = 40

    @Test("six at once on a new data directory, 40 rounds: no false damage, every toggle kept")
    func sixAtOnce() async throws {
        let sandbox = try Sandbox("first-start-race")
        var problems: [String] = []
        for round in 0..<Self.rounds {
            let data = sandbox.file("data-\(round)").path
            let outputs = try await withThrowingTaskGroup(of: ProcessOutput.self) { group in
                for row in 1...6 {
                    group.addTask { try await Explorer.run(["--data-dir", data, "-c", "use starships; fav \(row)"], in: sandbox) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for output in outputs where output.status != 0 || output.stderrText != "" {
                problems.append("round \(round): \(output.stderrText)")
            }
            let count = try await ChildProcess.run(executable: TestPaths.sqlite3, arguments: [data + "/explorer.sqlite", "select count(*) from favourite;"],
                                                   environment: sandbox.environment, timeout: 30)
            if count.stdoutText != "6\n" { problems.append("round \(round): \(count.stdoutText) favourites") }
            if !problems.isEmpty { break }
        }
        #expect(problems.isEmpty, "\(problems)")
    }
}
