import ExplorerCore
import ExplorerText

extension Fact {
    /// One row read in place by a ``JSONCursor``, as `init(from:)` reads it: a member that is not
    /// a string is nil, text is trimmed and nil when empty, and cut past
    /// ``KeptText/maxCharacters``. A row that is not an object, or a member given twice, gives up.
    static func read(_ cursor: inout JSONCursor) throws -> Fact {
        var fact = Fact()
        try cursor.readObject(members: Member.init) { member, cursor in
            let value = try text(&cursor).map { KeptText.capped($0) }
            switch member {
            case .title: fact.title = value
            case .description: fact.description = value
            case .imageHref: fact.imageHref = value
            }
        }
        return fact
    }

    /// The members a row is read from, known by their keys' bytes.
    private enum Member: Int {
        case title, description, imageHref

        init?(_ key: UnsafeBufferPointer<UInt8>) {
            if key.holds("title") {
                self = .title
            } else if key.holds("description") {
                self = .description
            } else if key.holds("imageHref") {
                self = .imageHref
            } else {
                return nil
            }
        }
    }

    /// A string member trimmed (nil when nothing is left), or nil for any other value.
    static func text(_ cursor: inout JSONCursor) throws -> String? {
        guard let trimmed = try cursor.stringIfString()?.trimmingWhitespaceAndNewlines, !trimmed.isEmpty else { return nil }
        return trimmed
    }
}
