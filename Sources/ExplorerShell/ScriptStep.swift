import ExplorerCore
import ExplorerText

/// One step of `step FILE`: a line of a script file that holds commands, with its caption —
/// the `#` comment lines directly above it, which say what the step shows. A blank line ends a
/// caption, so a file's opening comment, set apart by one, captions nothing.
struct ScriptStep: Equatable {
    enum Input: Equatable {
        /// The line as written, without the blanks around it (`page next`,
        /// `use starships; open 5  # the Falcon`): one step, however many commands it holds.
        case command(String)
        /// Why the line cannot be used (not UTF-8, too long): reported when its turn comes.
        case unusable(String)
    }

    /// The line's number in the file, from 1.
    let line: Int
    let input: Input
    /// The comment lines above, their `#` taken off, joined into paragraphs (a `#` alone between
    /// two lines starts a new one); empty when none is directly above.
    let caption: [String]

    /// The most steps `step` reads from a file.
    static let maxSteps = 10_000

    /// The steps of `lines`, in order: every line that holds a command (or cannot be used),
    /// captioned. Comment lines, blank lines and a `#!` first line are no steps. Nil when there
    /// are more than `limit`.
    @MainActor
    static func steps(reading lines: some LineSource, atMost limit: Int) -> [ScriptStep]? {
        var steps: [ScriptStep] = []
        var caption = Caption()
        while let input = lines.nextLine(prompt: "") {
            guard steps.count <= limit else { return nil }
            switch input {
            case .interrupted:
                continue
            case .unusable(let reason, let number):
                steps.append(ScriptStep(line: number, input: .unusable(reason), caption: caption.paragraphs))
                caption = Caption()
            case .line(let text, let number):
                let trimmed = text.trimmingWhitespaceAndNewlines
                if trimmed.hasPrefix("#") {
                    if !(number == 1 && trimmed.hasPrefix("#!")) { caption.add(trimmed) }
                } else if (try? CommandTokenizer.commands(in: trimmed))?.isEmpty ?? false {
                    // Blank (or `;` alone): the comment above, if any, captions nothing.
                    caption = Caption()
                } else {
                    // A line the tokenizer refuses (a quote never closed) is a step too: its
                    // error shows when it runs, as in `run`.
                    steps.append(ScriptStep(line: number, input: .command(trimmed), caption: caption.paragraphs))
                    caption = Caption()
                }
            }
        }
        return steps.count <= limit ? steps : nil
    }

    /// Comment lines gathered into paragraphs, the lines of each joined by a space so that
    /// they wrap to the width they are shown at.
    private struct Caption {
        private var lines: [[String]] = [[]]

        var paragraphs: [String] {
            lines.filter { !$0.isEmpty }.map { $0.joined(separator: " ") }
        }

        mutating func add(_ comment: String) {
            let text = String(comment.drop { $0 == "#" }).trimmingWhitespaceAndNewlines
            if !text.isEmpty {
                lines[lines.count - 1].append(text)
            } else if !lines[lines.count - 1].isEmpty {
                lines.append([])
            }
        }
    }
}
