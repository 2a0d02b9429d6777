/// Prints screens in the format in force: text laid out for the terminal (``TextRenderer``),
/// one JSON object per line, or CSV rows (``CSVRenderer``). A screen's warnings go to stderr
/// as `warning: …` whatever the format. Text taller than the terminal goes through the pager,
/// when there is one and it is on.
@MainActor
public final class ScreenPrinter {
    public var format: OutputFormat
    public let terminal: TerminalSettings
    /// Pages text taller than the terminal; nil when output is not a terminal or paging is off.
    public var pager: Pager?
    private let output: ShellOutput

    public init(output: ShellOutput, terminal: TerminalSettings, format: OutputFormat = .text, pager: Pager? = nil) {
        self.output = output
        self.terminal = terminal
        self.format = format
        self.pager = pager
    }

    public func print(_ screen: Screen) async throws(CommandError) {
        switch format {
        case .text:
            let text = TextRenderer(width: terminal.currentWidth, style: terminal.style, images: terminal.images).render(screen)
            guard !text.isEmpty else { break }
            if let pager, let height = terminal.currentHeight, Self.lineCount(text) >= height {
                output.clearProgress()
                if await pager.show(text) { break }
            }
            output.line(text)
        case .json:
            output.line(JSONWriter.string(screen.json))
        case .csv:
            output.write(try CSVRenderer.render(screen))
        }
        for warning in screen.allWarnings {
            output.errorLine("warning: " + warning.sanitizedForTerminal)
        }
    }

    static func lineCount(_ text: String) -> Int {
        text.utf8.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }
}
