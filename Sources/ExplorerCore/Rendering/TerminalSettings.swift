/// How output is laid out: the width to fit tables to, and whether colour is on.
public struct TerminalSettings: Sendable, Equatable {
    public var width: Int
    public var style: Style

    public init(width: Int = 80, style: Style = .plain) {
        self.width = width
        self.style = style
    }
}
