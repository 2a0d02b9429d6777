import ExplorerCore
import ExplorerText

extension Shell {
    /// The prompt for `path` (the feature, then where in it: `moviedb › movies popular › Indiana
    /// Jones and the Dial of Destiny`), at most half of `width` columns wide, so that at least
    /// half the line is left to type in whatever the window. What gives way first, as long as
    /// the feature stays whole: the end of the last place (the title, cut with `…` but kept to 12
    /// columns), then the places between (one `…`), then more of the title (to 8, then 5
    /// columns, the places between gone), and last the title itself.
    ///
    /// At 40 columns: `moviedb › Indiana…› `; at 80: `moviedb › … › Indiana Jones and the D…› `.
    nonisolated static func prompt(path: [String], width: Int) -> String {
        let separator = " › ", end = "› "
        let budget = width / 2
        func fitting(_ parts: [String]) -> String? {
            let text = parts.joined(separator: separator) + end
            return text.displayWidth <= budget ? text : nil
        }
        guard let head = path.first else { return end }
        if let whole = fitting(path) { return whole }
        guard path.count > 1, let last = path.last else { return head.truncated(toWidth: max(budget - end.displayWidth, 1)) + end }
        let middle = Array(path.dropFirst().dropLast())
        /// `parts` then the last place cut to what is left, if that leaves it `least` columns.
        func withLast(after parts: [String], least: Int) -> String? {
            let room = budget - (parts + [""]).joined(separator: separator).displayWidth - end.displayWidth
            guard room >= least else { return nil }
            return fitting(parts + [last.truncated(toWidth: room)])
        }
        if let text = withLast(after: [head] + middle, least: 12) { return text }
        if !middle.isEmpty {
            if let text = fitting([head, "…", last]) ?? withLast(after: [head, "…"], least: 8) { return text }
        }
        if let text = withLast(after: [head], least: 5) { return text }
        return fitting([head, "…"]) ?? head.truncated(toWidth: max(budget - end.displayWidth, 1)) + end
    }
}
