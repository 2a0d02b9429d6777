import ExplorerClock
import Synchronization

/// A continuation resumed by whichever comes first of several racers (an answer, a
/// cancellation); later results are dropped. A result that arrives before the continuation
/// is stored and delivered as soon as it is.
final class ResumeOnce<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, Error>?
        var early: Result<Value, Error>?
        var isDone = false
    }

    private let state = Mutex(State())

    func wait(with continuation: CheckedContinuation<Value, Error>) {
        let early: Result<Value, Error>? = state.withLock { state in
            if let early = state.early {
                state.early = nil
                state.isDone = true
                return early
            }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(with: early) }
    }

    func resume(_ result: Result<Value, Error>) {
        let continuation: CheckedContinuation<Value, Error>? = state.withLock { state in
            guard !state.isDone else { return nil }
            guard let continuation = state.continuation else {
                if state.early == nil { state.early = result }
                return nil
            }
            state.continuation = nil
            state.isDone = true
            return continuation
        }
        continuation?.resume(with: result)
    }
}
