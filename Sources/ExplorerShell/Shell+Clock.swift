import ExplorerClock
import ExplorerCore
import ExplorerText
import Foundation

extension Shell {
    static let clockUsage = "clock [pause|live|+DURATION|TIME]"

    /// `clock [pause|live|+DURATION|TIME]`.
    func clockCommand(_ arguments: [String]) async throws -> Screen {
        var ran: Int?
        let words = arguments.map { $0.lowercased() }
        if words.count > 1 { throw CommandError.usage(Self.clockUsage) }
        if let word = words.first {
            if word == "pause" {
                clock.pause()
            } else if word == "live" {
                clock.goLive()
            } else if word.hasPrefix("+") {
                let text = String(word.dropFirst())
                if DurationText.isBareNumber(text) { throw DurationText.needsUnit(word, examples: "+\(text)s or +\(text)m") }
                guard let seconds = DurationText.seconds(text), seconds > 0 else {
                    throw CommandError("'\(word.sanitizedForTerminal.truncated(toWidth: 20))' is not a duration (`+50s`, `+5m`, `+1h30m`)")
                }
                guard seconds <= 366 * 86_400 else { throw CommandError("at most a year at a time") }
                guard SchedulingClock.range.contains(clock.now.addingTimeInterval(seconds)) else {
                    throw CommandError("the clock cannot go past \(UTCTimestamp.iso8601(SchedulingClock.range.upperBound))")
                }
                ran = await clock.advance(by: seconds)
            } else if word.hasPrefix("-") {
                throw CommandError("the clock only moves forward: `clock +5m` moves it on, `clock TIME` sets it (2024-03-15T05:00:00Z)")
            } else if let date = SchedulingClock.time(arguments[0]) {
                guard SchedulingClock.range.contains(date) else {
                    throw CommandError("the clock goes \(SchedulingClock.rangeText), not \(arguments[0].sanitizedForTerminal.truncated(toWidth: 40))")
                }
                clock.set(date)
            } else if DurationText.isBareNumber(word) {
                throw DurationText.needsUnit(word, examples: "`clock +\(word)s` or `clock +\(word)m`")
            } else if DurationText.seconds(word) != nil {
                throw CommandError("to move the clock on, put + before the duration: `clock +\(word.sanitizedForTerminal.truncated(toWidth: 20))`")
            } else {
                throw CommandError.usage("\(Self.clockUsage) (TIME as 2024-03-15T05:00:00Z)")
            }
        }
        let now = clock.now
        let stamp = Self.stampFormatter.string(from: now)
        var text = "clock: \(clock.isVirtual ? "virtual, stands at" : "live,") \(stamp)"
        if let ran { text += " (\(ran) timer\(ran == 1 ? "" : "s") ran)" }
        var facts: JSONObject = ["time": .string(UTCTimestamp.iso8601(now)), "virtual": .bool(clock.isVirtual),
                                 "timers": .int(clock.timerCount)]
        if let ran { facts["ran"] = .int(ran) }
        return .message(text, kind: "clock", facts: facts)
    }

    /// `2026-11-23 10:00:00 +0100`: the local time.
    static let stampFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
        return formatter
    }()
}
