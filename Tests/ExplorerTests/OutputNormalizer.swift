import Foundation

/// Makes output comparable across runs: timings (`(12 ms)` → `(N ms)`, `+0.4 ms` → `+N ms`) and the paths and
/// ports that differ each run (the scenario's temporary directory → `${TMP}`, the fake
/// server's port → `${PORT}`).
struct OutputNormalizer: Sendable {
    /// Literal replacements, applied longest first.
    var replacements: [(String, String)] = []

    private static let milliseconds = try! NSRegularExpression(pattern: #"\(\d+(?:\.\d+)? ms\)"#)
    /// `arch <command>`'s times since the command began, in a column of their own.
    private static let offsets = try! NSRegularExpression(pattern: #" *\+\d+(?:\.\d+)? ms +"#)

    func normalize(_ text: String) -> String {
        var text = text
        for (from, to) in replacements.sorted(by: { $0.0.count > $1.0.count }) where !from.isEmpty {
            text = text.replacingOccurrences(of: from, with: to)
        }
        return Self.normalizeTimings(text)
    }

    static func normalizeTimings(_ text: String) -> String {
        let range = NSRange(text.startIndex..., in: text)
        let timed = milliseconds.stringByReplacingMatches(in: text, range: range, withTemplate: "(N ms)")
        return offsets.stringByReplacingMatches(in: timed, range: NSRange(timed.startIndex..., in: timed), withTemplate: " +N ms  ")
    }
}
