import ExplorerText
import Foundation

/// Lets a command show screens as it goes, as `watch` does: at a terminal each screen is drawn
/// over the one before (``redrawsInPlace``); otherwise each is printed after the other, in the
/// format in force. The shell connects it to its printer; until then it shows nothing.
@MainActor
public final class LiveDisplay {
    public init() {}

    /// Whether screens replace each other in place (a terminal showing text).
    public private(set) var redrawsInPlace = false
    private var show: ((Screen, Bool) async throws -> Void)?
    private var keyWait: ((TimeInterval) -> Bool)?

    /// Called by the shell: how to print, whether in place, and how to wait for a key.
    public func connect(redrawsInPlace: Bool, show: @escaping (Screen, Bool) async throws -> Void,
                        keyWait: ((TimeInterval) -> Bool)?) {
        self.redrawsInPlace = redrawsInPlace
        self.show = show
        self.keyWait = keyWait
    }

    /// Shows `screen`. Drawing in place, `replacing` draws it over the screen shown before;
    /// otherwise it starts below what is on the terminal (and the next one replaces it).
    /// Elsewhere every screen is printed after the one before.
    public func show(_ screen: Screen, replacing: Bool) async throws {
        try await show?(screen, replacing)
    }

    /// Waits up to `seconds`: for a key at a terminal (true when one was pressed), else simply
    /// for the time to pass (false). Ctrl-C ends the wait with a cancellation.
    public func waitForKey(seconds: TimeInterval) async throws -> Bool {
        if let keyWait, redrawsInPlace {
            // Short slices, so that a Ctrl-C (the command's cancellation) is noticed at once.
            var left = seconds
            while left > 0 {
                try Task.checkCancellation()
                let slice = min(left, 0.1)
                if keyWait(slice) { return true }
                left -= slice
            }
            try Task.checkCancellation()
            return false
        }
        try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
        return false
    }
}
