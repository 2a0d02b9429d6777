/// One thing that changed in a view model's state, at a key path (`rows`, `refinement.filter`):
/// a value replaced, or a collection's elements removed, added, moved or changed, each
/// named by who it is.
public enum StateChange: Sendable, Equatable {
    /// An element of a collection, by who it is.
    public struct Element: Sendable, Equatable {
        public var id: String
        public var name: String

        /// `#5 Millennium Falcon`: its name, or its id when it has none.
        public var shown: String { name.isEmpty ? id : name }
    }

    /// A value replaced: as swift-custom-dump writes it before and after.
    case value(path: String, before: String, after: String)
    /// A collection of ``TraceIdentifiable`` elements: its count before and after, who left,
    /// who came, who moved (or only that the order changed, for a long list), and what changed
    /// in each element that stayed.
    case collection(path: String, counts: (before: Int, after: Int), removed: [Element], added: [Element],
                    moved: [Element], reordered: Bool, changed: [(element: Element, changes: [StateChange])])

    public var path: String {
        switch self {
        case .value(let path, _, _), .collection(let path, _, _, _, _, _, _): path
        }
    }

    public static func == (lhs: StateChange, rhs: StateChange) -> Bool {
        switch (lhs, rhs) {
        case let (.value(a, b, c), .value(d, e, f)): a == d && b == e && c == f
        case let (.collection(a, b, c, d, e, f, g), .collection(h, i, j, k, l, m, n)):
            a == h && b == i && c == j && d == k && e == l && f == m
                && g.count == n.count && zip(g, n).allSatisfy { $0.element == $1.element && $0.changes == $1.changes }
        default: false
        }
    }
}
