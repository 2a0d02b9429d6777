/// Colour and emphasis for terminal output, or none at all.
///
/// `--color auto` enables it only when stdout is a terminal and `NO_COLOR` is unset;
/// piped output is always plain so scripts see the same bytes every time.
public struct Style: Sendable, Equatable {
    public var isEnabled: Bool

    public static let plain = Style(isEnabled: false)
    public static let colored = Style(isEnabled: true)

    public init(isEnabled: Bool) {
        self.isEnabled = isEnabled
    }

    public func header(_ text: String) -> String { wrap(text, "1") }
    public func dim(_ text: String) -> String { wrap(text, "2") }
    public func favourite(_ text: String) -> String { wrap(text, "33") }
    public func error(_ text: String) -> String { wrap(text, "31") }
    public func emphasis(_ text: String) -> String { wrap(text, "1") }

    /// `text` in the colour of an SGR code (`36`: cyan), whole: a trace line's layer.
    public func coloured(_ text: String, sgr code: String) -> String { wrap(text, code) }

    private func wrap(_ text: String, _ code: String) -> String {
        isEnabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// A line ``coloured(_:sgr:)`` made, as its code and its text (to wrap the text, then colour
    /// each line of it); nil for any other line.
    public static func colouredWhole(_ line: String) -> (code: String, text: String)? {
        guard line.hasPrefix("\u{1B}["), line.hasSuffix("\u{1B}[0m"), let end = line.firstIndex(of: "m") else { return nil }
        let code = line[line.index(line.startIndex, offsetBy: 2)..<end]
        guard !code.isEmpty, code.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ";") }) else { return nil }
        return (String(code), String(line[line.index(after: end)...].dropLast(4)))
    }
}

public enum ColorChoice: String, Sendable, CaseIterable {
    case auto, always, never

    /// Resolves `auto` from whether output is a terminal, the environment's `NO_COLOR`, and
    /// `TERM` (`dumb` terminals get no escape codes).
    public func style(outputIsTerminal: Bool, environment: [String: String]) -> Style {
        switch self {
        case .always: .colored
        case .never: .plain
        case .auto:
            Style(isEnabled: outputIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb")
        }
    }
}
