/// The most of one text field of an API's answer that explorer keeps. A title or a name of a
/// megabyte is kept as its first ``maxCharacters`` characters followed by a note of the cut
/// (`… (cut: the first 4,096 of 1,048,576 characters)`), so the detail, JSON and CSV all say
/// that it was cut and how long it was, and no copy of the rest is ever made: what is kept,
/// drawn, favourited or cached in a table stays a small multiple of a screen.
public enum KeptText {
    public static let maxCharacters = 4_096

    /// `text`, or its first ``maxCharacters`` characters and the note of the cut.
    public static func capped(_ text: String) -> String {
        // Most text is short: its bytes are counted without reading it.
        guard text.utf8.count > maxCharacters,
              let end = text.index(text.startIndex, offsetBy: maxCharacters, limitedBy: text.endIndex),
              end < text.endIndex else { return text }
        let total = text.count
        return String(text[..<end]) + note(total: total)
    }

    /// `capped(text)` for an optional. Inlined where it is called, so that the short text a
    /// quick reader makes of nearly every member is given back without a call.
    @inlinable
    public static func capped(_ text: String?) -> String? {
        guard let text else { return nil }
        return text.utf8.count > maxCharacters ? capped(text) : text
    }

    /// What a cut text ends with.
    static func note(total: Int) -> String {
        "… (cut: the first \(ReadableNumber.grouping(maxCharacters)) of \(ReadableNumber.grouping(total)) characters)"
    }
}
