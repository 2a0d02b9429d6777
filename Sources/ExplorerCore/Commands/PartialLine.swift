
/// The text before the cursor, read as ``CommandTokenizer`` reads a line, for completion: the
/// words of the command being typed (after the last `;`), the word at the cursor as the
/// tokenizer will read it (quotes and backslashes taken away), and how to write a completed
/// word back so that the tokenizer reads it as that word again — `run my<Tab>` gives
/// `run my\ demo.txt`, as readline escapes file names, and `run "my<Tab>` gives
/// `run "my demo.txt"`.
///
/// libedit replaces its own idea of the word: the text after the last space, tab or `;` that no
/// backslash escapes (so in `run "my d` only `d`). ``replacement(for:isOnly:)`` gives the text
/// for that stretch, so that the line ends up as the completed word written out in full.
/// Positions are counted in Unicode scalars, as libedit counts its wide characters.
public struct PartialLine: Sendable, Equatable {
    /// The words of the command being typed, before the word at the cursor.
    public private(set) var words: [String] = []
    /// The word at the cursor as the tokenizer reads it ("" when a new word starts there).
    public private(set) var partial = ""
    /// Whether the cursor is in a comment (`open 5  # the Fal`): nothing to complete there.
    public private(set) var inComment = false

    private var line: [Unicode.Scalar]
    /// Where the word at the cursor starts, as typed.
    private var wordStart: Int
    /// The quote open at the cursor (`"` or `'`), if any.
    private var openQuote: Unicode.Scalar?
    /// Whether the typed word ends in a backslash that escapes nothing yet.
    private var endsInEscape = false

    public init(_ text: String) {
        line = Array(text.unicodeScalars)
        wordStart = line.count
        var word = String.UnicodeScalarView()
        var inWord = false
        var index = 0
        func startWord() {
            if !inWord { wordStart = index }
            inWord = true
        }
        scanning: while index < line.count {
            let scalar = line[index]
            if let quote = openQuote {
                if quote == "\"", scalar == "\\" {
                    guard index + 1 < line.count else {
                        endsInEscape = true
                        break scanning
                    }
                    let escaped = line[index + 1]
                    if escaped != "\"" && escaped != "\\" { word.append("\\") }
                    word.append(escaped)
                    index += 2
                    continue
                }
                if scalar == quote { openQuote = nil } else { word.append(scalar) }
                index += 1
                continue
            }
            switch scalar {
            case "#" where !inWord:
                inComment = true
                break scanning
            case " ", "\t", ";":
                if inWord { words.append(String(word)) }
                if scalar == ";" { words = [] }
                word = String.UnicodeScalarView()
                inWord = false
            case "\\":
                startWord()
                guard index + 1 < line.count else {
                    endsInEscape = true
                    break scanning
                }
                word.append(line[index + 1])
                index += 1
            case "\"", "'":
                startWord()
                openQuote = scalar
            default:
                startWord()
                word.append(scalar)
            }
            index += 1
        }
        if inWord {
            partial = String(word)
        } else {
            wordStart = line.count
        }
    }

    /// The text libedit puts in place of its word (see the type's summary) so that the word at
    /// the cursor reads as `candidate`: what was typed kept as it was, the rest escaped (or
    /// inside the open quote), and the quote closed when `isOnly` and the candidate is complete
    /// (a directory `…/` or a key `…=` goes on). Nil when the candidate cannot be written so.
    public func replacement(for candidate: String, isOnly: Bool) -> String? {
        let typed = line[wordStart...].dropLast(endsInEscape ? 1 : 0)
        var written: [Unicode.Scalar]
        let wanted = Array(candidate.unicodeScalars), read = Array(partial.unicodeScalars)
        if wanted.starts(with: read) {
            written = Array(typed) + Self.escaped(wanted[read.count...], inside: openQuote, atWordStart: typed.isEmpty)
        } else {
            // Another case (`USE` → `use`): the whole word written afresh.
            guard openQuote == nil else { return nil }
            written = Self.escaped(wanted[...], inside: nil, atWordStart: true)
        }
        if isOnly, let quote = openQuote, !candidate.hasSuffix("/"), !candidate.hasSuffix("=") {
            written.append(quote)
        }
        let completed = line[..<wordStart] + written
        let start = editorWordStart
        guard start <= completed.count, completed[..<start].elementsEqual(line[..<start]) else { return nil }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: completed[start...])
        return String(result)
    }

    /// Where libedit's word starts (its `find_word_to_complete`): back from the cursor to a space,
    /// tab or `;` that no backslash escapes, stepping over a quote or backslash right before the cursor.
    var editorWordStart: Int {
        let breaks: Set<Unicode.Scalar> = [" ", "\t", ";"]
        var start = line.count
        if start > 0, ["\\", "'", "\""].contains(line[start - 1]) { start -= 1 }
        while start > 0 {
            if breaks.contains(line[start - 1]) {
                if start >= 2, line[start - 2] == "\\" {
                    start -= 2
                    continue
                }
                break
            }
            start -= 1
        }
        return start
    }

    /// `text` written so the tokenizer reads it back: inside double quotes `"` and `\` escaped;
    /// inside single quotes a `'` closed, escaped and opened again; outside quotes a backslash
    /// before each space, tab, quote, backslash and `;`, and before a `#` that starts the word.
    static func escaped(_ text: ArraySlice<Unicode.Scalar>, inside quote: Unicode.Scalar?, atWordStart: Bool) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        var atStart = atWordStart
        for scalar in text {
            switch quote {
            case "\"":
                if scalar == "\"" || scalar == "\\" { out.append("\\") }
                out.append(scalar)
            case "'":
                if scalar == "'" { out += ["'", "\\", "'", "'"] } else { out.append(scalar) }
            default:
                if [" ", "\t", "\\", "\"", "'", ";"].contains(scalar) || (scalar == "#" && atStart) { out.append("\\") }
                out.append(scalar)
            }
            atStart = false
        }
        return out
    }
}
