
extension String {
    /// Edit distance with transpositions (optimal string alignment): the fewest single-character
    /// insertions, deletions, substitutions or swaps of neighbours that turn one string into the
    /// other, so the common typo `hlep` is one edit from `help`.
    public func editDistance(to other: String) -> Int {
        let a = Array(self), b = Array(other)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = Array(repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = Swift.min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }

    /// The candidate nearest to this string, if it is near enough to be what was meant:
    /// a prefix of it, or at most a third of its letters away (at least one).
    public func nearest(in candidates: [String]) -> String? {
        guard !isEmpty, count <= 64 else { return nil }
        let lowered = lowercased()
        if let prefixed = candidates.filter({ $0.hasPrefix(lowered) }).min(by: { $0.count < $1.count }) {
            return prefixed
        }
        let limit = Swift.max(1, count / 3)
        let scored = candidates.map { ($0, lowered.editDistance(to: $0)) }.filter { $0.1 <= limit }
        return scored.min { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }?.0
    }
}
