import Synchronization
import Testing

/// The calls a test says a view model's service will get, in the style of a test store's
/// dependencies: a call the test did not expect fails the test (and the call), so a view model
/// that asks for more than the test says is caught, not answered. Calls made at once (a
/// detail's linked names, a load's pages) match in any order.
///
/// A fixture's service asks ``take(_:)`` first, then answers as it would.
public final class ExpectedCalls<Call: Hashable & Sendable>: Sendable {
    private let expected = Mutex<[Call]>([])
    private let failing = Mutex<[Call: any Error]>([:])

    public init() {}

    /// The next calls the view model may make, each once (a call expected twice is listed
    /// twice); `failing` ones throw their error when made.
    public func expect(_ calls: [Call], failing: [Call: any Error] = [:]) {
        expected.withLock { $0 += calls }
        self.failing.withLock { $0.merge(failing) { $1 } }
    }

    /// Every call expected was made.
    public func expectAllMade(sourceLocation: SourceLocation = #_sourceLocation) {
        let left = expected.withLock { $0 }
        #expect(left.isEmpty, "calls expected but not made: \(left)", sourceLocation: sourceLocation)
    }

    /// Takes `call` off the calls expected; throws ``UnexpectedCall`` (and records an issue)
    /// when it was not expected, or its failure when it was expected to fail.
    public func take(_ call: Call) throws {
        let known = expected.withLock { calls in
            guard let index = calls.firstIndex(of: call) else { return false }
            calls.remove(at: index)
            return true
        }
        guard known else {
            Issue.record("a call the test did not expect: \(call)")
            throw UnexpectedCall(description: "\(call)")
        }
        if let failure = failing.withLock({ $0.removeValue(forKey: call) }) { throw failure }
    }
}

/// What a service throws for a call the test did not expect.
public struct UnexpectedCall: Error, CustomStringConvertible {
    public let description: String
}
