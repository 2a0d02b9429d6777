import ExplorerCore
import ExplorerStore
import ExplorerText

/// Prints screens in the format in force: text laid out for the terminal (``TextRenderer``),
/// one JSON object per line, or CSV rows (``CSVRenderer``); to stdout, or to a file
/// (`once FILE`, `output FILE`). A screen's warnings go to stderr
/// as `warning: …` whatever the format (a damaged database's once a run). Text taller than
/// the terminal goes through the pager, when there is one and it is on.
@MainActor
public final class ScreenPrinter {
    public var format: OutputFormat
    public let terminal: TerminalSettings
    /// Pages text taller than the terminal; nil when output is not a terminal or paging is off.
    public var pager: Pager?
    private let output: ShellOutput
    /// The damaged databases' warnings already written.
    private var damageReported: Set<String> = []
    /// The text of the screens printed lately, newest last: a screen shown again (`back`, a
    /// page seen before) is not laid out again (text is a function of the screen, the width
    /// and the style, images inline aside). Cheap to look up: a screen made from a table
    /// kept by its view shares that table's storage, which comparing takes as equal at once.
    private var recentTexts = RecentValues<RenderedScreen, String>(capacity: 8)

    /// A screen as one renderer lays it out (the renderer first: comparing it is cheaper).
    private struct RenderedScreen: Equatable {
        var renderer: TextRenderer
        var screen: Screen
    }

    public init(output: ShellOutput, terminal: TerminalSettings, format: OutputFormat = .text, pager: Pager? = nil) {
        self.output = output
        self.terminal = terminal
        self.format = format
        self.pager = pager
    }

    /// Where screens go instead of stdout from now on (`output FILE`); nil: stdout.
    public var outputFile: OutputFile?
    /// Where the next screen goes instead of stdout or ``outputFile`` (`once FILE`); used once.
    public var onceFile: OutputFile?

    /// Why the pager asked for cannot run (``Pager/problem(_:)``), until it is said once, at
    /// the first screen that would have been paged.
    public var pagerProblem: String?

    /// Whether the next screen goes to a file rather than stdout.
    public var writesToFile: Bool { onceFile != nil || outputFile != nil }

    /// `--rows N`: every list is cut to its first N rows (one `head` cut already is left as it is).
    public var rowLimit: Int?

    /// `screen`, its list cut to ``rowLimit``.
    private func limited(_ screen: Screen) -> Screen {
        guard let rowLimit, !screen.isHeadOfList else { return screen }
        return screen.keepingRows(rowLimit, by: "--rows \(rowLimit)")
    }

    public func print(_ screen: Screen) async throws(CommandError) {
        // Warnings go to stderr wherever the screen goes, even if writing it fails.
        defer { warn(screen) }
        let screen = limited(screen)
        if let file = onceFile {
            let text = fileText(of: screen)
            guard !text.isEmpty else {
                // A screen with nothing in this format (a detail in CSV) replaces no file:
                // `once` waits for the next screen, and says so.
                output.warning("once \(file.name): \(Self.nothingToWrite(in: format)); the file waits for the next screen")
                return
            }
            onceFile = nil
            try file.replace(with: text)
            return
        }
        if let file = outputFile {
            try file.append(fileText(of: screen))
            return
        }
        switch format {
        case .text:
            let text = self.text(of: screen, TextRenderer(width: terminal.currentWidth, style: terminal.style, images: terminal.images))
            guard !text.isEmpty else { break }
            if let height = terminal.currentHeight, Self.lineCount(text) >= height {
                if let pager {
                    output.clearProgress()
                    let outcome = await pager.show(text)
                    reportDropped(outcome.droppedLines)
                    if outcome.shown { break }
                    pagerProblem = "the pager (\(pager.program.name)) did not run; long screens are printed whole"
                    self.pager = nil
                }
                if let problem = pagerProblem {
                    // Once, as git does: the screen is printed whole.
                    output.warning(problem)
                    pagerProblem = nil
                }
            }
            output.line(text)
        case .json:
            output.line(JSONWriter.string(screen.json))
        case .csv:
            output.write(CSVRenderer.render(screen))
        }
    }

    /// Prints `screen` on stdout in the format in force, whatever `once` and `output` say, never
    /// paged: what the shell says beside the screens, as the prompt is (`step`'s captions and
    /// commands). Nothing in CSV, where stdout holds tables alone.
    public func printBeside(_ screen: Screen) {
        switch format {
        case .text:
            let text = TextRenderer(width: terminal.currentWidth, style: terminal.style).render(screen)
            if !text.isEmpty { output.line(text) }
        case .json:
            output.line(JSONWriter.string(screen.json))
        case .csv:
            break
        }
    }

    /// The screen as a file gets it, in the format in force: text without colour, images or
    /// pager; one JSON line; CSV.
    private func fileText(of screen: Screen) -> String {
        switch format {
        case .text:
            let text = self.text(of: screen, TextRenderer(width: terminal.currentWidth, style: .plain, images: .off))
            return text.isEmpty ? "" : text + "\n"
        case .json:
            return JSONWriter.string(screen.json) + "\n"
        case .csv:
            return CSVRenderer.render(screen)
        }
    }

    /// Says which lines typed ahead the pager's start dropped (they would have been given to
    /// it as keys): typed again, they run.
    private func reportDropped(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        let named = lines.map { "`\($0.sanitizedForTerminal.truncated(toWidth: 30))`" }
        let count = lines.count == 1 ? "1 line typed ahead was" : "\(lines.count) lines typed ahead were"
        output.warning("\(count) dropped as the pager started\(named.isEmpty ? "" : ": " + named.joined(separator: ", "))")
    }

    /// Why a screen wrote nothing, for a `once` left waiting.
    private static func nothingToWrite(in format: OutputFormat) -> String {
        switch format {
        case .csv: "this screen has no table to write as CSV"
        case .json, .text: "this screen is empty"
        }
    }

    private func warn(_ screen: Screen) {
        for warning in screen.allWarnings {
            // A damaged database is said once a run on stderr (JSON keeps it on every screen).
            if StoreError.isDamageReport(warning), !damageReported.insert(warning).inserted { continue }
            output.warning(warning)
        }
    }

    private func text(of screen: Screen, _ renderer: TextRenderer) -> String {
        // Images drawn inline are read from their files as the text is made: never kept.
        guard renderer.images == .off else { return renderer.render(screen) }
        return recentTexts.value(for: RenderedScreen(renderer: renderer, screen: screen)) { renderer.render(screen) }
    }

    /// How many lines the last screen drawn in place took (0: none is on screen).
    private var linesInPlace = 0

    /// Draws `screen` over the one drawn in place before it (cursor up, clear to the end of the
    /// screen): `watch` at a terminal. Lines written to stderr meanwhile (`trace on`) are moved
    /// above it (``ShellOutput/drawInPlace(_:over:width:)``). Warnings are left out (they would
    /// scroll the screen).
    public func printInPlace(_ screen: Screen) {
        let width = terminal.currentWidth
        let text = TextRenderer(width: width, style: terminal.style, images: .off).render(limited(screen))
        output.drawInPlace(text, over: linesInPlace, width: width)
        linesInPlace = Self.lineCount(text)
    }

    /// The next screen drawn in place starts afresh below what is on the screen; the shell ends
    /// drawing in place with each command.
    public func endInPlace() {
        guard linesInPlace > 0 else { return }
        linesInPlace = 0
        output.endInPlace()
    }

    static func lineCount(_ text: String) -> Int {
        text.utf8.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }
}
