import Foundation

/// How a terminal draws images inline, if it can: kitty's graphics protocol (PNG only, sent
/// as base64 in chunks) or iTerm2's inline images (any format; WezTerm and others speak it too).
/// Chosen with `--images auto|inline|off`; `auto` draws only where the environment names such a
/// terminal and stdout is one.
public enum InlineImages: Sendable, Equatable {
    case off
    case kitty
    case iterm

    /// `--images auto|inline|off`.
    public enum Choice: String, Sendable, CaseIterable {
        case auto, inline, off

        /// What to draw with: `auto` the detected protocol at a terminal showing text; `inline`
        /// the detected one, else iTerm2's (which WezTerm and others speak); `off` nothing.
        public func images(outputIsTerminal: Bool, textFormat: Bool, environment: [String: String]) -> InlineImages {
            guard textFormat else { return .off }
            switch self {
            case .off: return .off
            case .auto: return outputIsTerminal ? InlineImages.detected(in: environment) ?? .off : .off
            case .inline: return InlineImages.detected(in: environment) ?? .iterm
            }
        }
    }

    /// The protocol the environment says the terminal speaks, if any.
    public static func detected(in environment: [String: String]) -> InlineImages? {
        if environment["KITTY_WINDOW_ID"] != nil || environment["TERM"] == "xterm-kitty" { return .kitty }
        let program = environment["TERM_PROGRAM"] ?? ""
        if ["iTerm.app", "WezTerm"].contains(program) || environment["LC_TERMINAL"] == "iTerm2" { return .iterm }
        return nil
    }

    /// The escape sequences that draw `file` (of `format`), or nil where this terminal cannot.
    public func draw(file: String, format: ImageFormat) -> String? {
        guard self != .off, let data = FileManager.default.contents(atPath: file), !data.isEmpty else { return nil }
        let encoded = data.base64EncodedString()
        switch self {
        case .off:
            return nil
        case .kitty:
            guard format == .png else { return nil }
            var chunks: [String] = []
            var start = encoded.startIndex
            while start < encoded.endIndex {
                let end = encoded.index(start, offsetBy: 4096, limitedBy: encoded.endIndex) ?? encoded.endIndex
                let more = end < encoded.endIndex ? 1 : 0
                let control = start == encoded.startIndex ? "f=100,a=T,m=\(more)" : "m=\(more)"
                chunks.append("\u{1B}_G\(control);\(encoded[start..<end])\u{1B}\\")
                start = end
            }
            return chunks.joined()
        case .iterm:
            return "\u{1B}]1337;File=inline=1;size=\(data.count);preserveAspectRatio=1:\(encoded)\u{07}"
        }
    }
}
