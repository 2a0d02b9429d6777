import CustomDump
import Reactive

/// A view model's tests in the style of a test store (TCA's `TestStore`): after each intent
/// the test says how the state changed, as a mutation of the state expected before, and the
/// whole state must then equal it; on a failure, swift-custom-dump prints the difference
/// field by field. A field the test does not mention must not have changed.
@MainActor
public final class StateExpectations<State: Equatable> {
    private let state: Observable<State>
    /// The state the last assertion agreed on.
    public private(set) var expected: State

    public init(_ state: Observable<State>) {
        self.state = state
        expected = state.value
    }

    /// Expects the state to be the last one agreed on, changed by `change`. Afterwards the
    /// state on show is the one agreed on, so that one failure does not fail every later step.
    public func expect(
        _ message: @autoclosure () -> String = "",
        _ change: (inout State) throws -> Void,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) rethrows {
        try change(&expected)
        expectNoDifference(state.value, expected, message(), fileID: fileID, filePath: filePath, line: line, column: column)
        expected = state.value
    }

    /// Expects the state to be exactly the last one agreed on: the intent changed nothing.
    public func expectUnchanged(
        _ message: @autoclosure () -> String = "",
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        expect(message(), { _ in }, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Takes the state on show as the one agreed on, asserting nothing: for a test's set-up
    /// steps, whose states the tests of those intents specify.
    public func takeCurrent() {
        expected = state.value
    }
}
