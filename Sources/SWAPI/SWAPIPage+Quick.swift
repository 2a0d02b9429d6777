import ExplorerHTTP
import ExplorerText
import Foundation

extension SWAPIPage: QuicklyDecodable where Item: SWAPIItem {
    /// The page `body` holds, read by a ``JSONCursor`` as `JSONDecoder` reads it (`count`,
    /// `next`, and each of `results` by the item's ``SWAPIItem/init(fields:)``; other members
    /// passed over), or nil to leave it to `JSONDecoder`: a member given twice, a count written
    /// otherwise than as an integer, anything an item's reading gives up on.
    public static func quicklyDecoded(_ body: Data) -> SWAPIPage? {
        JSONCursor.read(body, read)
    }

    private static func read(_ cursor: inout JSONCursor) throws -> SWAPIPage {
        var count: Int?, next: String?, results: [Item]?
        try cursor.readObject(members: SWAPIPageMember.init) { member, cursor in
            switch member {
            case .count:
                guard try cursor.nextKind() == .number else { throw JSONCursor.GiveUp() }
                count = try cursor.integer()
            case .next:
                next = try cursor.null() ? nil : text(&cursor)
            case .results:
                guard try cursor.nextKind() == .array else { throw JSONCursor.GiveUp() }
                try cursor.enterArray()
                var items: [Item] = []
                var firstItem = true
                while try cursor.nextElement(first: &firstItem) { items.append(try Item.read(&cursor)) }
                results = items
            }
        }
        try cursor.end()
        guard let count, let results else { throw JSONCursor.GiveUp() }
        return SWAPIPage(count: count, next: next, results: results)
    }

    private static func text(_ cursor: inout JSONCursor) throws -> String {
        guard try cursor.nextKind() == .string else { throw JSONCursor.GiveUp() }
        return try cursor.string()
    }

}
