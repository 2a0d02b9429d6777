/// Numbers the layouts of fields: fields of the same keys in the same order have the same
/// layout. A list's rows of one layout find each column's field at the same place, looked for
/// once a layout rather than once a row (``ScreenTable/ListRows``). A few layouts are kept
/// (a feature's items have one or two: a film and a series differ); fields of any other are
/// given a number of their own, which no other fields share.
public struct FieldLayouts: Sendable {
    /// The keys of each layout kept, numbered from 0.
    private var keys: [[String]] = []
    /// How many fields were given a number of their own.
    private var unkept = 0
    static let kept = 8

    public init() {}

    /// The number of the layout of `fields`.
    public mutating func layout(of fields: [ScreenField]) -> Int {
        // Fields are read where they are stored (docs/performance.md).
        let found = fields.withUnsafeBufferPointer { fields in
            keys.firstIndex { keys in keys.count == fields.count && fields.indices.allSatisfy { fields[$0].key == keys[$0] } }
        }
        if let found { return found }
        guard keys.count < Self.kept else {
            unkept += 1
            return Self.kept + unkept
        }
        keys.append(fields.map(\.key))
        return keys.count - 1
    }
}
