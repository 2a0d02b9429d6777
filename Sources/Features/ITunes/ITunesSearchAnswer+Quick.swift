import ExplorerCore
import ExplorerHTTP
import ExplorerText
import Foundation

extension ITunesSearchAnswer: QuicklyDecodable {
    /// The answer read in place by a ``JSONCursor``: what `init(from:)` makes of it, or nil
    /// when the body is anything but plain (a result that is not an object, a member given
    /// twice, an odd number), which `JSONDecoder` then reads.
    public static func quicklyDecoded(_ body: Data) -> ITunesSearchAnswer? {
        JSONCursor.read(body, read)
    }

    static func read(_ cursor: inout JSONCursor) throws -> ITunesSearchAnswer {
        let (count, results) = try read(&cursor) { try ITunesItem.read(&$0) }
        var answer = ITunesSearchAnswer(results: results)
        answer.resultCount = count ?? results.count
        return answer
    }

    /// An answer's `resultCount`, when it is an integer, and its results, each read by
    /// `result` (which gives up on one that is not an object).
    static func read<Result>(_ cursor: inout JSONCursor,
                             result: (inout JSONCursor) throws -> Result) throws -> (count: Int?, results: [Result]) {
        var resultCount: Int?
        var countSeen = false
        var results: [Result]?
        try cursor.enterObject()
        var first = true
        while let key = try cursor.nextKey(first: &first) {
            if key.elementsEqual("results".utf8) {
                guard results == nil, try cursor.nextKind() == .array else { throw JSONCursor.GiveUp() }
                var items: [Result] = []
                try cursor.enterArray()
                var firstItem = true
                while try cursor.nextElement(first: &firstItem) {
                    items.append(try result(&cursor))
                }
                results = items
            } else if key.elementsEqual("resultCount".utf8) {
                guard !countSeen else { throw JSONCursor.GiveUp() }
                countSeen = true
                // What `try? decode(Int.self)` keeps: an integer; anything else counts the results.
                if try cursor.nextKind() == .number { resultCount = try cursor.integer() } else { try cursor.skipValue() }
            } else {
                try cursor.skipValue()
            }
        }
        try cursor.end()
        guard let results else { throw JSONCursor.GiveUp() }
        return (resultCount, results)
    }
}
