import Foundation
import TestSupport
@testable import explorer

/// Command lines and flags for explorer made up from a seed: mostly the commands of every built-in
/// feature with arguments near their edges (numbers past the end, negative, huge; words in any
/// script; quotes left open; escapes), some lines of random bytes, `clock` moves by seconds to
/// centuries and to the ends of the calendar. What is generated never opens anything outside
/// (no `play`, `web`, `trailer`, `poster`, `view`, `watch`), writes files only in the directory
/// it runs in (among them one-character names and a named pipe), and never waits on the wall clock (no `net latency`, no `net fail timeout`: a
/// run with no `--clock`, or after `clock live`, would wait them out in real time).
struct CommandFuzzer {
    var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    static let features = (BuiltinFeatures.all + DescribedFeatures.builtIn).map(\.id)

    /// The ends of what `--clock` and `clock` take, just past them, and ordinary moments.
    static let clocks = ["0000-01-01T00:00:00Z", "0001-01-01T00:00:00Z", "1970-01-01T00:00:00Z", "2026-11-24T09:00:00Z",
                         "9999-12-31T23:59:59Z", "9999-12-31T23:59:00Z", "10000-01-01T00:00:00Z", "2026-02-30T12:00:00Z",
                         "-0001-01-01T00:00:00Z", "2038-01-19T03:14:08Z", "2026-11-24T09:00:00+14:00"]

    mutating func pick<T>(_ items: [T]) -> T { items.randomElement(using: &random)! }
    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    /// Flags for one run: a format, a width, sometimes a clock.
    mutating func arguments() -> [String] {
        var arguments = ["--format", pick(["text", "text", "json", "csv"]), "--width", pick(["40", "80", "200", "1", "100000"])]
        if chance(50) { arguments += ["--clock", pick(Self.clocks)] }
        return arguments
    }

    mutating func number() -> String {
        pick(["0", "1", "2", "3", "10", "11", "-1", "999", "9223372036854775807", "9223372036854775808",
              "-9223372036854775808", "1e9", "0x10", "２", "1.5", "", "NaN", String(Int.random(in: 1...40, using: &random))])
    }

    mutating func word() -> String {
        pick(["star", "wars", "jack johnson", "Ω", "東京", "🚀", "\"", "'open", "a\u{1B}[2Jb", "\u{202E}rtl", "x\ty",
              "%00", "..", "/", "--help", "death star", "luke", "blue", "eye=blue", String(repeating: "w", count: Int.random(in: 1...300, using: &random))])
    }

    mutating func duration() -> String {
        let unit = pick(["s", "m", "h", "d", ""])
        let amount = pick(["1", "30", "59", "366", "0", "100000", "999999999999", "-5", String(Int.random(in: 1...600, using: &random))])
        return pick(["+", "-", ""]) + amount + unit
    }

    /// One command line, without its newline: text, or now and then random bytes (not always
    /// UTF-8, never a newline).
    mutating func line() -> [UInt8] {
        guard chance(92) else {
            return (0..<Int.random(in: 1...60, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
                .map { $0 == 0x0A ? 0x20 : $0 }
        }
        return Array(textLine().utf8)
    }

    mutating func textLine() -> String {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<8: return "use " + pick(Self.features)
        case 8..<10: return pick(Self.features)
        case 10..<18: return "open " + number()
        case 18..<24: return "page " + pick(["next", "prev", number(), "all", "all " + number()])
        case 24..<30: return pick(["fav", "fav " + number(), "favs", "favs all"])
        case 30..<36: return "sort " + pick(["name", "length", "crew", "speed", "cost", "height", "mass", "birth", "off", word()])
            + pick(["", " asc", " desc", " sideways"])
        case 36..<42: return "filter " + pick(["eye", "hair", "skin", "gender", "eye=blue", "hair=none skin=fair", "clear",
                                                 "horse", "harness greyhound", word()])
        case 42..<47: return "search " + word()
        case 47..<50: return pick(["movies", "movies top", "movies upcoming", "tv", "tv top", "tv " + word()])
        case 50..<53: return "lookup " + number()
        case 53..<56: return pick(["back", "back", "refresh", "head " + number(), "raw " + pick(["headers", "body", "body " + number(), word()])])
        case 56..<62: return "clock " + pick(["", "pause", "live", duration(), duration(), pick(Self.clocks)])
        case 62..<65: return "format " + pick(["text", "json", "csv", word()])
        case 65..<67: return "source " + pick(["embedded", "live", word()])
        case 67..<70: return "trace " + pick(["on", "off", "state", word()])
        case 70..<72: return "net " + pick(["", "fail", "fail off", "fail 500", "fail offline", "fail malformed times 2", "latency 0", "latency off", word()])
        case 72..<75: return "arch " + pick(["", "open 1", "use starships", "state", "stack pieces", "modules", word()])
        case 75..<78: return "help " + pick(["", "open", "clock", "filter", word()])
        case 78..<80:
            // Files: ordinary, one-character names (Foundation's path functions trapped on
            // them), `-`, and a named pipe nothing writes or reads (`fifo`, made by the test).
            return pick(["features", "pager on", "pager off", "once out.txt", "output out.txt", "output",
                         "once a", "output x", "once -", "run a", "once fifo", "output fifo", "run fifo"])
        case 80..<83: return pick(["history", "jump", "jump " + number(), "diff " + number(), "diff " + number() + " " + number() + " full",
                                   "jump " + word()])
        case 83..<90: return word()
        default:
            // ASCII noise, controls included.
            return String((0..<Int.random(in: 0...40, using: &random)).map { _ in
                Character(Unicode.Scalar(UInt8.random(in: 1...0x7E, using: &random))) }).replacingOccurrences(of: "\n", with: " ")
        }
    }

    /// A script of `count` lines, starting in a feature more often than not.
    mutating func script(lines count: Int) -> [UInt8] {
        var lines = chance(80) ? [Array(("use " + pick(Self.features)).utf8)] : []
        while lines.count < count { lines.append(line()) }
        return Array(lines.joined(separator: [0x0A])) + [0x0A]
    }
}
