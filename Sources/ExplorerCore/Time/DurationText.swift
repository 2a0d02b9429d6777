import Foundation

/// Durations as people type them: `50s`, `5m`, `1h30m`, `2d`, or plain seconds (`90`).
public enum DurationText {
    /// How many seconds `text` says, or nil when it is not a duration.
    public static func seconds(_ text: String) -> TimeInterval? {
        if let seconds = Double(text), seconds.isFinite { return seconds }
        var total = 0.0
        var number = ""
        var sawUnit = false
        for character in text.lowercased() {
            if character.isNumber || character == "." {
                number.append(character)
                continue
            }
            guard let value = Double(number) else { return nil }
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
}
