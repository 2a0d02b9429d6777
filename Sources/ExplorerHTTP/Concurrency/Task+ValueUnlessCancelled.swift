extension Task where Failure == any Error, Success: Sendable {
    /// The task's value; but a caller that is cancelled (Ctrl-C, a timeout racing it) stops
    /// waiting at once with a `CancellationError`, while the task itself goes on (a download
    /// others may be waiting for, or a transfer that is better left to finish than cancelled).
    public func valueUnlessCancelled() async throws -> Success {
        let race = ResumeOnce<Success>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                race.wait(with: continuation)
                Task<Void, Never> { race.resume(await self.result) }
            }
        } onCancel: {
            race.resume(.failure(_Concurrency.CancellationError()))
        }
    }
}
