import ExplorerCore
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

    var numbersLines: Bool { false }

    func nextLine(prompt: String) -> LineInput? {
        interrupts.reset()
        switch editor.readLine(prompt: prompt) {
        case .line(let text):
            return .line(text, number: 0)
        case .endOfInput:
            if interrupts.reset() {
                editor.finish()
                return .interrupted
            }
            editor.finish()
            return nil
        }
    }
}
