import CustomDump

/// What changed between two values of a view model's state, field by field, as key paths: a
/// collection of ``TraceIdentifiable`` elements is compared by who each element is (a list
/// sorted is its rows moved; a row starred is that row changed), anything else as
/// swift-custom-dump writes it. What did not change is left out.
public enum StateDiff {
    /// How many elements a collection that is not ``TraceIdentifiable`` may hold and still be
    /// written out whole (beyond it, only its count is compared), and one that is may hold and
    /// still have its elements' moves and changes said (beyond it, who left and who came).
    static let largestDumped = 500

    /// The changes from `old` to `new`, whose key paths start at `path`.
    public static func changes(_ old: Any, _ new: Any, path: String = "") -> [StateChange] {
        // Equal values changed nothing: a list kept as it was (the same storage) is found so at
        // once, without its rows being written out to compare.
        if areEqual(old, new) { return [] }
        if let before = identified(old), let after = identified(new) {
            return collectionChanges(before, after, path: path)
        }
        if let before = entries(old), let after = entries(new) {
            return collectionChanges(before, after, path: path, ordered: false)
        }
        if let before = optionalIdentified(old), let after = optionalIdentified(new) {
            switch (before, after) {
            case (nil, nil): return []
            case let (before?, after?) where before.traceID == after.traceID:
                return collectionChanges([before], [after], path: path)
            default:
                return [.value(path: path, before: before.map(shown) ?? "nil", after: after.map(shown) ?? "nil")]
            }
        }
        let (oldMirror, newMirror) = (Mirror(reflecting: old), Mirror(reflecting: new))
        if oldMirror.displayStyle == .struct, newMirror.displayStyle == .struct, type(of: old) == type(of: new),
           !oldMirror.children.isEmpty {
            var changes: [StateChange] = []
            for (before, after) in zip(oldMirror.children, newMirror.children) {
                let name = before.label ?? "_"
                changes += Self.changes(before.value, after.value, path: path.isEmpty ? name : "\(path).\(name)")
            }
            return changes
        }
        if let a = (old as? any Collection)?.count, let b = (new as? any Collection)?.count, max(a, b) > largestDumped {
            return a == b ? [] : [.value(path: path, before: "\(a) elements", after: "\(b) elements")]
        }
        let (before, after) = (dump(old), dump(new))
        return before == after ? [] : [.value(path: path, before: before, after: after)]
    }

    /// `value` as swift-custom-dump writes it; a string on one line, a number and a flag
    /// written as it does without asking the library (which reflects on the value first).
    static func dump(_ value: Any) -> String {
        switch value {
        case let text as String where !text.contains(where: \.isNewline) && !text.utf8.contains(UInt8(ascii: "\"")) && !text.utf8.contains(UInt8(ascii: "\\")):
            text.debugDescription
        case let number as Int: String(number)
        case let flag as Bool: flag ? "true" : "false"
        default: String(customDumping: value)
        }
    }

    /// Whether both are of one `Equatable` type and equal.
    private static func areEqual(_ old: Any, _ new: Any) -> Bool {
        guard let old = old as? any Equatable else { return false }
        return equal(old, new)
    }

    private static func equal<Value: Equatable>(_ old: Value, _ new: Any) -> Bool {
        (new as? Value) == old
    }

    private static func identified(_ value: Any) -> [any TraceIdentifiable]? {
        guard Mirror(reflecting: value).displayStyle == .collection else { return nil }
        return value as? [any TraceIdentifiable]
    }

    /// An optional's identifiable value: `.some(nil)` for nil, nil when it is not such an optional.
    private static func optionalIdentified(_ value: Any) -> (any TraceIdentifiable)?? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return nil }
        guard let wrapped = mirror.children.first?.value else { return .some(nil) }
        guard let element = wrapped as? any TraceIdentifiable else { return nil }
        return .some(element)
    }

    /// A dictionary's entries, each told apart by its key, in the order of their keys.
    private static func entries(_ value: Any) -> [any TraceIdentifiable]? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .dictionary, mirror.children.count <= largestDumped else { return nil }
        return mirror.children.map { child -> Entry in
            let pair = Array(Mirror(reflecting: child.value).children)
            // Each as the optional a mirror's child is (its dump names an enum's case without its
            // type: `.eye`), a string as itself (written the same, and without the library).
            func part(_ value: Any?) -> Any { (value as? String) ?? value as Any }
            return Entry(traceID: dump(part(pair.first?.value)), content: part(pair.last?.value))
        }.sorted { $0.traceID < $1.traceID }
    }

    /// A dictionary's entry: its key is who it is, its value what it holds, and its value
    /// names it when short (written out only for an entry a change names).
    private struct Entry: TraceIdentifiable {
        var traceID: String
        var content: Any

        var traceName: String {
            StateChange.compact(dump(content)).flatMap { $0.count <= 40 ? $0 : nil } ?? traceID
        }
    }

    private static func shown(_ element: any TraceIdentifiable) -> String {
        StateChange.Element(id: element.traceID, name: element.traceName).shown
    }

    private static func collectionChanges(_ before: [any TraceIdentifiable], _ after: [any TraceIdentifiable], path: String,
                                          ordered: Bool = true) -> [StateChange] {
        func element(_ item: any TraceIdentifiable) -> StateChange.Element { .init(id: item.traceID, name: item.traceName) }
        let beforeIDs = before.map(\.traceID), afterIDs = after.map(\.traceID)
        let (beforeSet, afterSet) = (Set(beforeIDs), Set(afterIDs))
        let removed = before.filter { !afterSet.contains($0.traceID) }.map(element)
        let added = after.filter { !beforeSet.contains($0.traceID) }.map(element)
        // The elements that stayed, in their old and new order: those outside the longest run
        // kept in order moved.
        let keptBefore = beforeIDs.filter(afterSet.contains), keptAfter = afterIDs.filter(beforeSet.contains)
        var moved: [StateChange.Element] = []
        var reordered = false
        if ordered, keptBefore != keptAfter {
            reordered = true
            if keptAfter.count <= largestDumped {
                let staying = Set(longestCommonSubsequence(keptBefore, keptAfter))
                moved = after.filter { beforeSet.contains($0.traceID) && !staying.contains($0.traceID) }.map(element)
            }
        }
        var oldByID: [String: any TraceIdentifiable] = [:]
        for item in before { oldByID[item.traceID] = item }
        var changed: [(element: StateChange.Element, changes: [StateChange])] = []
        // Beyond the size written out whole, who left and came is said, not what changed within.
        for item in after where after.count <= largestDumped {
            guard let old = oldByID[item.traceID] else { continue }
            let inner = (old as? Entry).map { changes($0.content, (item as? Entry)?.content as Any) } ?? changes(old, item)
            if !inner.isEmpty { changed.append((element(item), inner)) }
        }
        guard !removed.isEmpty || !added.isEmpty || reordered || !changed.isEmpty else { return [] }
        return [.collection(path: path, counts: (before.count, after.count), removed: removed, added: added,
                            moved: moved, reordered: reordered, changed: changed)]
    }

    /// The longest run of `a`'s elements that `b` holds in the same order (both hold the same
    /// elements, each once).
    static func longestCommonSubsequence(_ a: [String], _ b: [String]) -> [String] {
        // The same elements each once: the longest increasing run of `a`'s positions in `b`'s order.
        var position: [String: Int] = [:]
        for (index, id) in a.enumerated() { position[id] = index }
        let sequence = b.compactMap { position[$0] }
        var tails: [Int] = [], tailIndex: [Int] = [], previous = [Int](repeating: -1, count: sequence.count)
        for (index, value) in sequence.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if tails[middle] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tailIndex[low - 1] }
            if low == tails.count { tails.append(value); tailIndex.append(index) } else { tails[low] = value; tailIndex[low] = index }
        }
        var run: [String] = []
        var index = tailIndex.last ?? -1
        while index >= 0 { run.append(a[sequence[index]]); index = previous[index] }
        return run.reversed()
    }
}

