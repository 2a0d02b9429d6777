import Foundation

/// Whether `EXPLORER_MEMO=off` is set: then no ``RecentValues`` keeps anything, so bench/run can
/// measure a script with every table and screen text made afresh. (`getenv`: the variables as a
/// dictionary cost a tenth of start-up.)
private let memosAreOff = getenv("EXPLORER_MEMO").map { String(cString: $0) } == "off"

/// The values made lately for a few keys, the most recently asked for last: a key asked for
/// again finds its value (and becomes the most recent), a new one makes it, and past
/// `capacity` the least recently asked for goes. What ``ListTableCache`` keeps tables in, and
/// ``ScreenPrinter`` the text of its screens. With `EXPLORER_MEMO=off` in the environment the
/// capacity is 0: every value is made afresh (what bench/run compares against).
public struct RecentValues<Key: Equatable, Value> {
    @usableFromInline var entries: [(key: Key, value: Value)] = []
    @usableFromInline let capacity: Int

    public init(capacity: Int) {
        self.capacity = memosAreOff ? 0 : capacity
    }

    /// The value kept for `key`, or `make()`'s, kept from now on.
    @inlinable
    public mutating func value(for key: Key, make: () -> Value) -> Value {
        if let index = entries.firstIndex(where: { $0.key == key }) {
            let entry = entries.remove(at: index)
            entries.append(entry)
            return entry.value
        }
        let value = make()
        guard capacity > 0 else { return value }
        entries.append((key, value))
        if entries.count > capacity { entries.removeFirst() }
        return value
    }
}

extension RecentValues: Sendable where Key: Sendable, Value: Sendable {}
