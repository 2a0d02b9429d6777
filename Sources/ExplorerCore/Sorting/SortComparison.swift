import Foundation

/// Comparisons that sort commands share: numbers where a missing value (`unknown`, `n/a`)
/// goes last whichever the direction, and names in the order people expect.
public enum SortComparison {
    /// Whether `a` goes before `b`; nil when they tie (the caller falls back to row order).
    public static func numbers(_ a: Double?, _ b: Double?, descending: Bool) -> Bool? {
        switch (a, b) {
        case let (x?, y?) where x != y: descending ? x > y : x < y
        case (_?, nil): true
        case (nil, _?): false
        default: nil
        }
    }

    /// Case- and number-aware name order (`X-wing` after `TIE Advanced x1`); nil on a tie.
    /// Equal names tie at once: the locale-aware comparison is the slow part of sorting search
    /// results, most of which share an artist and an album.
    public static func names(_ a: String, _ b: String, descending: Bool) -> Bool? {
        if a == b { return nil }
        return switch a.localizedStandardCompare(b) {
        case .orderedSame: nil
        case .orderedAscending: !descending
        case .orderedDescending: descending
        }
    }

    /// Each distinct name of `names` with its place in ``names(_:_:descending:)``'s ascending
    /// order, names that tie sharing a place: sorting many rows by their names' places asks the
    /// locale-aware comparison about the distinct names alone, and gives the same order.
    ///
    /// An array, not any sequence: compiled here for it rather than generically, where making
    /// the set of names went through a table of functions for every name.
    public static func places(of names: [String]) -> [String: Int] {
        // Each name inserted where a binary search finds its place: about log2(n) comparisons a
        // name, where `sorted` insertion-sorts a list this short, n / 4 (docs/performance.md).
        var distinct: [String] = []
        for name in Set(names) {
            var (low, high) = (0, distinct.count)
            while low < high {
                let middle = (low + high) / 2
                if name.localizedStandardCompare(distinct[middle]) == .orderedAscending { high = middle } else { low = middle + 1 }
            }
            distinct.insert(name, at: low)
        }
        var places: [String: Int] = [:]
        places.reserveCapacity(distinct.count)
        var place = 0
        for (index, name) in distinct.enumerated() {
            if index > 0, distinct[index - 1].localizedStandardCompare(name) != .orderedSame { place += 1 }
            places[name] = place
        }
        return places
    }
}
