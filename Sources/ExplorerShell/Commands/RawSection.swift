/// A part of what `raw` shows, by itself, so one fits a slide: `raw headers` is an answer
/// without its body (the request, the status, which layer answered, the headers, the body's
/// type and size), `raw body` its body alone.
enum RawSection: String, CaseIterable, Sendable {
    case headers, body

    /// The section a word names (`body`, `BODY`); nil for any other word.
    init?(word: String) {
        self.init(rawValue: word.lowercased())
    }
}
