import Synchronization

/// Whether the answers of every feature's live transport are recorded, replayed from a
/// recording, or neither: one for the whole program, which ``TapeHTTPClient`` in each
/// feature's client stack reads at each request, and `record`, `source replay`, `--record` and
/// `--replay` set.
public final class SessionTape: Sendable {
    public enum Mode: Sendable {
        case off
        case recording(TapeRecorder)
        case replaying(TapeRecording)
    }

    private let state = Mutex<Mode>(.off)
    private let follows = Mutex(false)

    public init() {}

    /// Whether a replay's clock follows the times its answers came (``TapeHTTPClient``): when
    /// the replay set the clock to when the recording started, not when the user set it
    /// (`--clock`, `clock TIME`, `clock +5m`), which no answer moves.
    public var clockFollowsReplay: Bool {
        get { follows.withLock { $0 } }
        set { follows.withLock { $0 = newValue } }
    }

    public var mode: Mode { state.withLock { $0 } }

    /// Sets the mode; a recording in progress is stopped (its file unlocked) when it is left.
    public func set(_ mode: Mode) {
        let previous = state.withLock { state in
            defer { state = mode }
            return state
        }
        if case .recording(let recorder) = previous {
            if case .recording(let next) = mode, next === recorder { return }
            recorder.stop()
        }
    }

    /// The recording being replayed, if any.
    public var replaying: TapeRecording? {
        if case .replaying(let recording) = mode { return recording }
        return nil
    }

    /// The recorder in use, if any.
    public var recording: TapeRecorder? {
        if case .recording(let recorder) = mode { return recorder }
        return nil
    }
}
