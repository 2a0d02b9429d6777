import ExplorerCore
import ExplorerHTTP

/// `net latency` and `--latency` read here, in the shell's words (a ``CommandError``, a
/// ``DurationText``): the HTTP layer knows a latency, not how a user types one.
extension NetworkConditions.Latency {
    /// The usage of `net latency`.
    public static let usage = "net latency 800ms [jitter 200ms] | net latency off"
    /// The most a latency or its jitter may be: a minute.
    public static let maximum = 60_000

    /// Reads `800ms`, `800ms jitter 200ms`, `1.5s` (nil for `off` or `0ms`).
    public static func parse(_ words: [String]) throws(CommandError) -> Self? {
        guard let first = words.first else { throw CommandError.usage(usage) }
        if words == ["off"] { return nil }
        let milliseconds = try Self.milliseconds(first)
        var jitter = 0
        switch words.count {
        case 1: break
        case 3 where words[1].lowercased() == "jitter": jitter = try Self.milliseconds(words[2])
        default: throw CommandError.usage(usage)
        }
        guard milliseconds > 0 || jitter > 0 else { return nil }
        return Self(milliseconds: milliseconds, jitter: jitter)
    }

    /// `800ms`, `0.8s`, `1m`: a duration with its unit, in milliseconds.
    static func milliseconds(_ text: String) throws(CommandError) -> Int {
        let lowered = text.lowercased()
        let seconds: Double?
        if lowered.hasSuffix("ms") {
            seconds = Double(lowered.dropLast(2)).map { $0 / 1000 }
        } else if DurationText.isBareNumber(lowered) {
            throw DurationText.needsUnit(text, examples: "800ms or 0.8s")
        } else {
            seconds = DurationText.seconds(lowered)
        }
        guard let seconds, seconds.isFinite, seconds >= 0, seconds * 1000 <= Double(maximum) else {
            throw CommandError("'\(text.sanitizedForTerminal.truncated(toWidth: 20))' is not a delay up to a minute (800ms, 1.5s)")
        }
        return Int((seconds * 1000).rounded())
    }
}
