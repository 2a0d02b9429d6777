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
        return switch order(a, b) {
        case .orderedSame: nil
        case .orderedAscending: !descending
        case .orderedDescending: descending
        }
    }

    /// The place of each of `names` in ``names(_:_:descending:)``'s ascending order, names that
    /// tie sharing a place: sorting many rows by their names' places asks the locale-aware
    /// comparison about the distinct names alone, and gives the same order.
    ///
    /// An array, not any sequence: compiled here for it rather than generically, where making
    /// the set of names went through a table of functions for every name.
    public static func places(of names: [String]) -> [Int] {
        // One name over and over (an artist's results, all from one album): one place.
        if let first = names.first, names.allSatisfy({ $0 == first }) { return [Int](repeating: 0, count: names.count) }
        // The distinct names, each found among those before (most names of a search repeat the
        // one before, and the distinct ones are few): hashing every name cost more.
        var distinct: [String] = []
        distinct.reserveCapacity(names.count)
        var which = [Int](repeating: 0, count: names.count)
        for (index, name) in names.enumerated() {
            if index > 0, names[index - 1] == name {
                which[index] = which[index - 1]
            } else if let found = distinct.firstIndex(of: name) {
                which[index] = found
            } else {
                which[index] = distinct.count
                distinct.append(name)
            }
        }
        // Each name inserted where a binary search finds its place: about log2(n) comparisons a
        // name, where `sorted` insertion-sorts a list this short, n / 4 (docs/performance.md).
        var ascending: [Int] = []
        ascending.reserveCapacity(distinct.count)
        for candidate in distinct.indices {
            var (low, high) = (0, ascending.count)
            while low < high {
                let middle = (low + high) / 2
                if order(distinct[candidate], distinct[ascending[middle]]) == .orderedAscending { high = middle } else { low = middle + 1 }
            }
            ascending.insert(candidate, at: low)
        }
        var places = [Int](repeating: 0, count: distinct.count)
        var place = 0
        for (rank, candidate) in ascending.enumerated() {
            if rank > 0, order(distinct[ascending[rank - 1]], distinct[candidate]) != .orderedSame { place += 1 }
            places[candidate] = place
        }
        return which.map { places[$0] }
    }
}
