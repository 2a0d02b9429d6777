/// How output is laid out: the width to fit tables to, and whether colour is on.
///
/// At a terminal without `--width`, the size is measured again before each screen, so a
/// resized window gets screens laid out for its new width.
public struct TerminalSettings: Sendable {
    /// The narrowest width everything is laid out to fit.
    public static let minimumWidth = 30

    /// The width given (`--width`), or the one to use when the terminal cannot be measured.
    public var width: Int
    public var style: Style
    /// Measures the terminal now; nil when explorer does not write to one, or `--width` was given.
    public var measure: (@Sendable () -> TerminalSize?)?
    /// How images are drawn inline (`--images`): off unless the terminal can.
    public var images: InlineImages = .off

    public init(width: Int = 80, style: Style = .plain, measure: (@Sendable () -> TerminalSize?)? = nil) {
        self.width = width
        self.style = style
        self.measure = measure
    }

    /// The width to lay the next screen out for: the terminal's now, never under ``minimumWidth``.
    public var currentWidth: Int {
        max(measure?()?.width ?? width, Self.minimumWidth)
    }

    /// The terminal's height now, when there is a terminal to measure.
    public var currentHeight: Int? {
        measure?()?.height
    }
}

/// A terminal's size in character cells.
public struct TerminalSize: Sendable, Equatable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
