
/// Splits a line into commands (separated by unquoted `;`) and each command into words.
///
/// Words are separated by spaces or tabs. `"double quotes"` group words and allow `\"` and `\\`
/// inside; `'single quotes'` group words literally; outside quotes a backslash takes the next
/// character literally. An unterminated quote is an error, never a guess. As in a shell, a `#`
/// that starts a word starts a comment that runs to the end of the line (`page 2  # the next`);
/// inside a word (`c#`) or quoted it is a `#` like any other.
public enum CommandTokenizer {
    public static func commands(in line: String) throws(CommandError) -> [[String]] {
        var commands: [[String]] = []
        var words: [String] = []
        var word = ""
        var inWord = false
        var iterator = line.makeIterator()

        func endWord() {
            if inWord { words.append(word) }
            word = ""
            inWord = false
        }

        scanning: while let character = iterator.next() {
            switch character {
            case "#" where !inWord:
                break scanning
            case " ", "\t":
                endWord()
            case ";":
                endWord()
                if !words.isEmpty { commands.append(words) }
                words = []
            case "\\":
                // A backslash at the very end escapes nothing and adds nothing.
                if let next = iterator.next() {
                    inWord = true
                    word.append(next)
                }
            case "\"":
                inWord = true
                var closed = false
                while let next = iterator.next() {
                    if next == "\"" { closed = true; break }
                    if next == "\\", let escaped = iterator.next() {
                        if escaped != "\"" && escaped != "\\" { word.append("\\") }
                        word.append(escaped)
                    } else {
                        word.append(next)
                    }
                }
                if !closed { throw CommandError("unbalanced quote: a \" is never closed") }
            case "'":
                inWord = true
                var closed = false
                while let next = iterator.next() {
                    if next == "'" { closed = true; break }
                    word.append(next)
                }
                if !closed { throw CommandError("unbalanced quote: a ' is never closed") }
            default:
                inWord = true
                word.append(character)
            }
        }
        endWord()
        if !words.isEmpty { commands.append(words) }
        return commands
    }

    /// The words of a single command; a `;` is an error here.
    public static func words(in line: String) throws(CommandError) -> [String] {
        let commands = try commands(in: line)
        if commands.count > 1 { throw CommandError("one command at a time here (found a `;`)") }
        return commands.first ?? []
    }
}
