import ExplorerCore
import ExplorerText
import Foundation

extension FactsDocument {
    /// The document read in place by a ``JSONCursor``: what `init(from:)` makes of it, or nil
    /// when it is anything but plain (a row that is not an object, a member given twice), which
    /// `JSONDecoder` then reads. A 10,000-row document cost `JSONDecoder` most of its reading.
    static func quicklyDecoded(_ body: Data) -> FactsDocument? {
        JSONCursor.read(body, read)
    }

    private static func read(_ cursor: inout JSONCursor) throws -> FactsDocument {
        var title: String??
        var rows: [Fact]?
        var cut = 0
        guard try cursor.nextKind() == .object else { throw JSONCursor.GiveUp() }
        try cursor.enterObject()
        var first = true
        while let key = try cursor.nextKey(first: &first) {
            if key.elementsEqual("title".utf8) {
                guard title == nil else { throw JSONCursor.GiveUp() }
                title = try Fact.text(&cursor)
            } else if key.elementsEqual("rows".utf8) {
                guard rows == nil, try cursor.nextKind() == .array else { throw JSONCursor.GiveUp() }
                var read: [Fact] = []
                try cursor.enterArray()
                var firstRow = true
                while try cursor.nextElement(first: &firstRow) {
                    if read.count < maxRows {
                        read.append(try Fact.read(&cursor))
                    } else {
                        try cursor.skipValue()
                        cut += 1
                    }
                }
                rows = read
            } else {
                try cursor.skipValue()
            }
        }
        try cursor.end()
        guard let rows else { throw JSONCursor.GiveUp() }
        // As `init(from:)`: the title trimmed, and none when nothing is left of it.
        return FactsDocument(title: (title ?? nil).map { KeptText.capped($0) }, rows: rows, cutRows: cut)
    }
}
