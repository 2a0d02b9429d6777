/// Prints screens in the format in force: text laid out for the terminal (``TextRenderer``),
/// one JSON object per line, or CSV rows (``CSVRenderer``). A screen's warnings go to stderr
/// as `warning: …` whatever the format.
@MainActor
public final class ScreenPrinter {
    public var format: OutputFormat
    public let terminal: TerminalSettings
    private let output: ShellOutput

    public init(output: ShellOutput, terminal: TerminalSettings, format: OutputFormat = .text) {
        self.output = output
        self.terminal = terminal
        self.format = format
    }

    public func print(_ screen: Screen) throws(CommandError) {
        switch format {
        case .text:
            let text = TextRenderer(width: terminal.width, style: terminal.style).render(screen)
            if !text.isEmpty { output.line(text) }
        case .json:
            output.line(JSONWriter.string(screen.json))
        case .csv:
            output.write(try CSVRenderer.render(screen))
        }
        for warning in screen.allWarnings {
            output.errorLine("warning: " + warning.sanitizedForTerminal)
        }
    }
}
