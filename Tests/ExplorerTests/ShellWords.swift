/// Splits a transcript's `args:` or `server:` line into words as a POSIX shell would, without
/// running anything: words are separated by blanks; `'single quotes'` keep everything
/// literally; `"double quotes"` keep blanks and allow `\"` and `\\`; outside quotes a
/// backslash takes the next character literally. Then `${NAME}` variables are replaced in
/// each word (see ``TranscriptRunner``), so a path with spaces stays one word.
enum ShellWords {
    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    static func split(_ line: String) throws(Malformed) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var iterator = line.makeIterator()
        while let character = iterator.next() {
            switch character {
            case " ", "\t":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case "'":
                inWord = true
                var closed = false
                while let next = iterator.next() {
                    if next == "'" { closed = true; break }
                    word.append(next)
                }
                if !closed { throw Malformed(description: "unbalanced ' in: \(line)") }
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
                if !closed { throw Malformed(description: "unbalanced \" in: \(line)") }
            case "\\":
                inWord = true
                if let next = iterator.next() { word.append(next) }
            default:
                inWord = true
                word.append(character)
            }
        }
        if inWord { words.append(word) }
        return words
    }
}
