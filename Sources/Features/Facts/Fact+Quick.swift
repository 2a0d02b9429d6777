import ExplorerCore
import ExplorerText

extension Fact {
    /// One row read in place by a ``JSONCursor``, as `init(from:)` reads it: a member that is not
    /// a string is nil, text is trimmed and nil when empty, and cut past
    /// ``KeptText/maxCharacters``. A row that is not an object, or a member given twice, gives up.
    static func read(_ cursor: inout JSONCursor) throws -> Fact {
        guard try cursor.nextKind() == .object else { throw JSONCursor.GiveUp() }
        var fact = Fact()
        var seen = (title: false, description: false, imageHref: false)
        try cursor.enterObject()
        var first = true
        while let key = try cursor.nextKey(first: &first) {
            if key.elementsEqual("title".utf8) {
                guard !seen.title else { throw JSONCursor.GiveUp() }
                seen.title = true
                fact.title = try text(&cursor).map { KeptText.capped($0) }
            } else if key.elementsEqual("description".utf8) {
                guard !seen.description else { throw JSONCursor.GiveUp() }
                seen.description = true
                fact.description = try text(&cursor).map { KeptText.capped($0) }
            } else if key.elementsEqual("imageHref".utf8) {
                guard !seen.imageHref else { throw JSONCursor.GiveUp() }
                seen.imageHref = true
                fact.imageHref = try text(&cursor).map { KeptText.capped($0) }
            } else {
                try cursor.skipValue()
            }
        }
        return fact
    }

    /// A string member trimmed (nil when nothing is left), or nil for any other value.
    static func text(_ cursor: inout JSONCursor) throws -> String? {
        guard let trimmed = try cursor.stringIfString()?.trimmingWhitespaceAndNewlines, !trimmed.isEmpty else { return nil }
        return trimmed
    }
}
