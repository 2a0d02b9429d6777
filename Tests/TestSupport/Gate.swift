/// A gate a task waits at until the test opens it (waiting past the opening returns at once).
public final class Gate: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    public init() {
        (stream, continuation) = AsyncStream.makeStream()
    }

    public func wait() async {
        for await _ in stream {}
    }

    public func open() {
        continuation.finish()
    }

    /// Returns when the calling task is cancelled, and not before.
    public static func untilCancelled() async {
        let gate = Gate()
        await withTaskCancellationHandler { await gate.wait() } onCancel: { gate.open() }
    }
}
