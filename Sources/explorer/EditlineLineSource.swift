import ExplorerCore
import ExplorerShell
import LineEditor

/// Lines typed at a terminal, through libedit.
@MainActor
final class EditlineLineSource: LineSource {
    private let editor: LineEditor
    private let interrupts: InterruptSignal

    init(editor: LineEditor, interrupts: InterruptSignal) {
        self.editor = editor
        self.interrupts = interrupts
    }

    var positions: LinePositions { .unnumbered }

    func nextLine(prompt: String) -> LineInput? {
        interrupts.reset()
        switch editor.readLine(prompt: prompt, interruptDescriptor: interrupts.descriptor, onInterrupt: { interrupts.reset() }) {
        case .line(let text): return .line(text, number: 0)
        case .interrupted: return .interrupted
        case .endOfInput: return nil
        }
    }
}
