import Foundation
import Testing
import TestSupport
@testable import ExplorerCore

private struct Refused: Error, Equatable {}

/// Waiting for a task's value, but not past the caller's own cancellation.
@Suite("Task.valueUnlessCancelled")
struct TaskValueUnlessCancelledTests {
    @Test func givesTheTasksValue() async throws {
        let task = Task<Int, any Error> { 42 }
        #expect(try await task.valueUnlessCancelled() == 42)
    }

    @Test func givesTheValueOfATaskThatFinishesLater() async throws {
        let gate = Gate()
        let task = Task<String, any Error> {
            await gate.wait()
            return "done"
        }
        let waiter = Task { try await task.valueUnlessCancelled() }
        gate.open()
        #expect(try await waiter.value == "done")
    }

    @Test func throwsTheTasksError() async {
        let task = Task<Int, any Error> { throw Refused() }
        await #expect(throws: Refused()) { try await task.valueUnlessCancelled() }
    }

    @Test(.timeLimit(.minutes(1)))
    func aCancelledCallerStopsWaitingAndTheTaskGoesOn() async throws {
        let gate = Gate()
        let finished = LockedValue(false)
        let task = Task<Int, any Error> {
            await gate.wait()
            finished.withLock { $0 = true }
            return 7
        }
        let waiter = Task { try await task.valueUnlessCancelled() }
        waiter.cancel()

        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(!finished.value, "the task is still waiting at the gate")
        #expect(!task.isCancelled)

        gate.open()
        #expect(try await task.value == 7)
        #expect(finished.value)
    }

    @Test func aCallerAlreadyCancelledGetsCancellationErrorEvenForAFinishedTask() async throws {
        let task = Task<Int, any Error> { 1 }
        _ = try await task.value
        let waiter = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await task.valueUnlessCancelled()
        }
        await #expect(throws: CancellationError.self) { try await waiter.value }
    }

    @Test func everyWaiterGetsTheSameValue() async throws {
        let gate = Gate()
        let task = Task<Int, any Error> {
            await gate.wait()
            return 99
        }
        let waiters = (0 ..< 5).map { _ in Task { try await task.valueUnlessCancelled() } }
        gate.open()
        for waiter in waiters { #expect(try await waiter.value == 99) }
    }
}
