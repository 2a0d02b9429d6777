import Foundation

/// How many child processes the tests run to their end at once (``ChildProcess/run(executable:arguments:environment:stdin:directory:timeout:)``): twice the
/// cores. Swift Testing starts every test it can, so without a limit a 2-core machine ran
/// dozens of explorers side by side, each then too slow for its own time limit; a test waits
/// here for a slot, and a process's time limit counts from its start, not from the wait.
public actor ProcessSlots {
    public static let shared = ProcessSlots(limit: max(2, 2 * ProcessInfo.processInfo.activeProcessorCount))
    /// How many fake servers start at once (``FakeSWAPI``): a hundred Pythons started together
    /// on two cores took over 35 s to announce their ports, past the time they are given.
    public static let serverStarts = ProcessSlots(limit: max(2, 2 * ProcessInfo.processInfo.activeProcessorCount))

    private let limit: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) {
        self.limit = limit
    }

    /// Returns once a slot is free, and takes it.
    public func acquire() async {
        if running < limit {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Runs `body` in a slot: waits for one, and frees it when `body` returns or throws.
    public nonisolated func holding<Result>(_ body: () async throws -> Result) async rethrows -> Result {
        await acquire()
        do {
            let result = try await body()
            await release()
            return result
        } catch {
            await release()
            throw error
        }
    }

    /// Frees the slot taken, or hands it to the longest waiting.
    public func release() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
