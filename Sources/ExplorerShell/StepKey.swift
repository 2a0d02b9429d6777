/// What a key pressed while `step` waits asks for: Enter, Space or → run the command shown;
/// `s` skips it; `q`, Escape, Ctrl-C or Ctrl-D stop stepping. Any other key is not one of
/// these (nil), and `step` goes on waiting.
public enum StepKey: Sendable, Equatable {
    case run, skip, stop

    /// The key whose bytes the terminal sent (one key press, read raw: `\r` or `\n` for Enter,
    /// `ESC [ C` or `ESC O C` for →, `ESC` alone for Escape).
    public init?(bytes: [UInt8]) {
        switch bytes {
        case [0x0D], [0x0A], [0x0D, 0x0A], [0x20], [0x1B, 0x5B, 0x43], [0x1B, 0x4F, 0x43]:
            self = .run
        case [UInt8(ascii: "s")], [UInt8(ascii: "S")]:
            self = .skip
        case [UInt8(ascii: "q")], [UInt8(ascii: "Q")], [0x1B], [0x03], [0x04]:
            self = .stop
        default:
            return nil
        }
    }
}
