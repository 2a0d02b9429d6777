import ExplorerText
import Foundation

/// Durations as people type them: `50s`, `5m`, `1h30m`, `2d`, `1.5m` — always with a unit. A
/// bare number (`5`) could be seconds or minutes, so it is not a duration: `clock +5`, `watch 5`
/// and `net latency 5` all refuse it in the same words (``needsUnit(_:examples:)``).
public enum DurationText {
    /// How many seconds `text` says, or nil when it is not a duration with its units.
    public static func seconds(_ text: String) -> TimeInterval? {
        var total = 0.0
        var number = ""
        var sawUnit = false
        for character in text.lowercased() {
            if character.isASCII && (character.isNumber || character == ".") {
                number.append(character)
                continue
            }
            guard let value = Double(number), value.isFinite else { return nil }
            switch character {
            case "s": total += value
            case "m": total += value * 60
            case "h": total += value * 3600
            case "d": total += value * 86_400
            default: return nil
            }
            number = ""
            sawUnit = true
        }
        return number.isEmpty && sawUnit ? total : nil
    }

    /// Whether `text` is a plain number, which would be a duration with a unit after it.
    public static func isBareNumber(_ text: String) -> Bool {
        Double(text).map(\.isFinite) ?? false
    }

    /// The one error for a number typed without its unit: `'5' needs a unit: 5s or 5m`.
    public static func needsUnit(_ text: String, examples: String) -> CommandError {
        CommandError("'\(text.sanitizedForTerminal.truncated(toWidth: 20))' needs a unit: \(examples)")
    }

    /// Reads a duration from 0 (exclusive) up to `maximum` seconds, or says what is wrong with
    /// it: a bare number needs a unit; anything else is not a duration up to `limit`
    /// (`a day`), with `examples` of what is.
    public static func parse(_ text: String, upTo maximum: TimeInterval, limit: String, examples: String) throws(CommandError) -> TimeInterval {
        if isBareNumber(text) {
            let number = text.hasPrefix("+") ? String(text.dropFirst()) : text
            throw needsUnit(text, examples: "\(number)s or \(number)m")
        }
        guard let seconds = seconds(text), seconds > 0, seconds <= maximum else {
            throw CommandError("'\(text.sanitizedForTerminal.truncated(toWidth: 20))' is not a duration up to \(limit) (\(examples))")
        }
        return seconds
    }
}
