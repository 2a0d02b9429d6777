import ExplorerClock
import ExplorerCore
import ExplorerText
import Foundation

/// `clock [pause|live|+DURATION|TIME]`: the time the program runs on, virtual or live, and the
/// timers it runs as it moves.
struct ClockCommand: GlobalCommand {
    static let name = "clock"
    static let usage = "clock [pause|live|+DURATION|TIME]"
    static let synopsis = "clock [pause|live|+5m]"
    static let summary = "show the time, or pause, move or free it"
    static let details = """
        `clock` says the time and whether it is live or virtual, and the timers it will run, each by name, how \
        often and when next (`races poll · every 5 min · next 08:05:00`). `clock pause` freezes a virtual clock at now; \
        `clock +50s`, `clock +5m`, `clock +1h30m` move it forward (only forward; a duration always has its unit), running every timer that falls due on the way \
        in order (races: a re-sort every 50 s, a poll every 5 min); `clock 2024-03-15T05:00:00Z` sets it; \
        `clock live` returns to real time. `--clock TIME` starts explorer on a virtual clock.
        """

    static func complete(_ previous: [String], _ partial: String, in shell: Shell) -> [String] {
        oneOf(["pause", "live", "+50s", "+5m"], after: previous)
    }

    /// The word typed, as typed; nil: say the time.
    let word: String?

    init(_ arguments: [String]) throws(CommandError) {
        guard arguments.count <= 1 else { throw Self.usageError }
        word = arguments.first
    }

    func run(in shell: Shell) async throws -> CommandOutput {
        let clock = shell.clock
        var ran: Int?
        if let typed = word {
            // The user has the clock now: a replay's answers no longer move it.
            shell.tape.clockFollowsReplay = false
            let word = typed.lowercased()
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
            } else if let date = SchedulingClock.time(typed) {
                guard SchedulingClock.range.contains(date) else {
                    throw CommandError("the clock goes \(SchedulingClock.rangeText), not \(typed.sanitizedForTerminal.truncated(toWidth: 40))")
                }
                clock.set(date)
            } else if DurationText.isBareNumber(word) {
                throw DurationText.needsUnit(word, examples: "`clock +\(word)s` or `clock +\(word)m`")
            } else if DurationText.seconds(word) != nil {
                throw CommandError("to move the clock on, put + before the duration: `clock +\(word.sanitizedForTerminal.truncated(toWidth: 20))`")
            } else {
                throw Self.usageError(hint: "TIME as 2024-03-15T05:00:00Z")
            }
        }
        let now = clock.now
        let stamp = Self.stampFormatter.string(from: now)
        var text = "clock: \(clock.isVirtual ? "virtual, stands at" : "live,") \(stamp)"
        if let ran { text += " (\(ran) timer\(ran == 1 ? "" : "s") ran)" }
        var facts: JSONObject = ["time": .string(UTCTimestamp.iso8601(now)), "virtual": .bool(clock.isVirtual),
                                 "timers": .int(clock.timerCount)]
        if let ran { facts["ran"] = .int(ran) }
        let timers = clock.pendingTimers
        facts["pending"] = .array(timers.map { timer in
            ["name": .string(timer.name), "every_s": timer.repeats ? .double(timer.interval) : .null, "next": .string(UTCTimestamp.iso8601(timer.next))]
        })
        var screen = Screen.message(text, kind: "clock", facts: facts)
        // Each timer by name: `races poll · every 5 min · next 08:05:00`.
        for (index, timer) in timers.enumerated() {
            let line = "\(timer.name) · \(timer.repeats ? "every \(Self.interval(timer.interval))" : "once") · next \(Self.timeFormatter.string(from: timer.next))"
            screen.blocks.append(.line((index == 0 ? "timers: " : "        ") + line))
        }
        return .reply(screen)
    }

    /// `50 s`, `5 min`, `1 h 30 min`.
    static func interval(_ seconds: TimeInterval) -> String {
        let whole = Int(seconds.rounded())
        guard whole >= 60 else { return "\(max(whole, 1)) s" }
        let (hours, minutes, rest) = (whole / 3600, whole % 3600 / 60, whole % 60)
        return [hours > 0 ? "\(hours) h" : nil, minutes > 0 ? "\(minutes) min" : nil, rest > 0 ? "\(rest) s" : nil]
            .compactMap { $0 }.joined(separator: " ")
    }

    /// `08:05:00`, in the time zone the clock's stamp is written in.
    static let timeFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "HH:mm:ss"
        return formatter
    }()

    /// `2026-11-23 10:00:00 +0100`: the local time.
    static let stampFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
        return formatter
    }()
}
