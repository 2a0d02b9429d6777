import Foundation

extension Shell {
    /// `clock [pause|live|+DURATION|TIME]`.
    func clockCommand(_ arguments: [String]) async throws -> Screen {
        var ran: Int?
        let words = arguments.map { $0.lowercased() }
        if words.count > 1 { throw CommandError.usage("clock [pause|live|+DURATION|TIME]") }
        if let word = words.first {
            if word == "pause" {
                clock.pause()
            } else if word == "live" {
                clock.goLive()
            } else if word.hasPrefix("+") {
                guard let seconds = DurationText.seconds(String(word.dropFirst())), seconds > 0 else {
                    throw CommandError("'\(word.sanitizedForTerminal.truncated(toWidth: 20))' is not a duration (`+50s`, `+5m`, `+1h30m`)")
                }
                guard seconds <= 366 * 86_400 else { throw CommandError("at most a year at a time") }
                guard SchedulingClock.range.contains(clock.now.addingTimeInterval(seconds)) else {
                    throw CommandError("the clock cannot go past \(UTCTimestamp.iso8601(SchedulingClock.range.upperBound))")
                }
                ran = await clock.advance(by: seconds)
            } else if let date = SchedulingClock.time(arguments[0]) {
                guard SchedulingClock.range.contains(date) else {
                    throw CommandError("the clock goes \(SchedulingClock.rangeText), not \(arguments[0].sanitizedForTerminal.truncated(toWidth: 40))")
                }
                clock.set(date)
            } else {
                throw CommandError.usage("clock [pause|live|+DURATION|TIME] (TIME as 2024-03-15T05:00:00Z)")
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
