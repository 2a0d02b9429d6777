import Foundation

/// Threads of their own for the tests' child processes: what feeds their stdin, drains their
/// stdout and stderr and waits for their end (``ChildProcess``, ``RunningProcess``) runs here,
/// not on the concurrency pool. The pool has a thread per core (two
/// on the CI machine), and Swift Testing fills it with tests, some of which compute for seconds
/// at a time; a child's output waiting behind them fills its pipe and stops the child, which
/// then looks like a slow or hung program (seen: explorers killed at their 30 s limit and fake
/// servers whose port never arrived, in one run of the whole suite). Only tasks that feed and
/// drain pipes run here — each in a detached task its caller awaits, so that no test's own
/// code goes on here after it (a test that computed or blocked on these threads stalled every
/// child's pipes: four explorers killed at their limit at once) — so two threads are plenty.
final class ProcessExecutor: TaskExecutor, @unchecked Sendable {
    static let shared = ProcessExecutor(threads: 2)

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    private init(threads: Int) {
        for index in 0..<threads {
            let thread = Thread { [self] in work() }
            thread.name = "test processes \(index + 1)"
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
