extension StateChange {
    /// The longest value a headline shows on either side of its `→`; a longer one is `changed`.
    static let headlineValueWidth = 40

    /// The change in a few words, for a line that sums up a command (`history`): `page 1 → 2`,
    /// `detail nil → #5 Millennium Falcon`, `screen .list → .detail(number: 5)` (the type both
    /// sides name left out), `rows reordered (82)`, `rows 76 removed`, `rows #5 Millennium
    /// Falcon: isFavourite false → true`; a value too long for a few words is `sort changed`.
    public var headline: String {
        switch self {
        case .value(let path, let before, let after):
            let label = path.isEmpty ? "" : "\(path) "
            guard var shortBefore = Self.compact(before), var shortAfter = Self.compact(after),
                  shortBefore.count <= Self.headlineValueWidth, shortAfter.count <= Self.headlineValueWidth else {
                return path.isEmpty ? "changed" : "\(path) changed"
            }
            if let type = Self.typePrefix(shortBefore), shortAfter.hasPrefix(type) {
                shortBefore.removeFirst(type.count - 1)
                shortAfter.removeFirst(type.count - 1)
            }
            return "\(label)\(shortBefore) → \(shortAfter)"
        case .collection(let path, let counts, let removed, let added, _, let reordered, let changed):
            var parts: [String] = []
            if reordered && removed.isEmpty && added.isEmpty && changed.isEmpty { return "\(path) reordered (\(counts.after))" }
            if !removed.isEmpty { parts.append("\(removed.count) removed") }
            if !added.isEmpty { parts.append("\(added.count) added") }
            if reordered { parts.append("reordered") }
            if changed.count == 1, let (element, changes) = changed.first {
                parts.append(changes.count == 1 ? "\(element.shown): \(changes[0].headline)" : "\(element.shown) changed")
            } else if changed.count > 1 {
                parts.append("\(changed.count) changed")
            }
            return "\(path) \(parts.joined(separator: ", "))"
        }
    }

    /// `ListPlace.` of `ListPlace.detail(number: 5)`, `Outer.Place.` of `Outer.Place.list`: the
    /// type a case is written with (names that start with a capital, before the case's).
    private static func typePrefix(_ value: String) -> String? {
        let components = value.prefix { $0 != "(" }.split(separator: ".", omittingEmptySubsequences: false)
        let types = components.prefix { component in
            component.first?.isUppercase == true && component.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        }
        guard !types.isEmpty, types.count < components.count else { return nil }
        return types.joined(separator: ".") + "."
    }
}
