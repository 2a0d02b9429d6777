import Foundation

/// How long ago something happened, as people say it: `just now`, `5 min ago`, `2 h ago`,
/// `3 days ago` (for `offline — cached 2 h ago`). A time in the future reads `just now`.
public enum ElapsedTime {
    public static func ago(_ then: Date, now: Date) -> String {
        let seconds = now.timeIntervalSince(then)
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return "\(Int(seconds / 60)) min ago"
        case ..<86_400: return "\(Int(seconds / 3600)) h ago"
        default:
            let days = Int(seconds / 86_400)
            return days == 1 ? "1 day ago" : "\(days) days ago"
        }
    }
}
