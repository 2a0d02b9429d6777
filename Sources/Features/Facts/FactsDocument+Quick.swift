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
        var title: String?
        var rows: [Fact]?
        var cut = 0
        try cursor.readObject(members: Member.init) { member, cursor in
            switch member {
            case .title:
                title = try Fact.text(&cursor)
            case .rows:
                guard try cursor.nextKind() == .array else { throw JSONCursor.GiveUp() }
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
            }
        }
        try cursor.end()
        guard let rows else { throw JSONCursor.GiveUp() }
        // As `init(from:)`: the title trimmed, and none when nothing is left of it.
        return FactsDocument(title: title.map { KeptText.capped($0) }, rows: rows, cutRows: cut)
    }

    /// The members a document is read from, known by their keys' bytes.
    private enum Member: Int {
        case title, rows

        init?(_ key: UnsafeBufferPointer<UInt8>) {
            if key.holds("title") {
                self = .title
            } else if key.holds("rows") {
                self = .rows
            } else {
                return nil
            }
        }
    }
}
