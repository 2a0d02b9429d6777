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
        var results: [Result]?
        try cursor.readObject(members: Member.init) { member, cursor in
            switch member {
            case .results:
                guard try cursor.nextKind() == .array else { throw JSONCursor.GiveUp() }
                var items: [Result] = []
                try cursor.enterArray()
                var firstItem = true
                while try cursor.nextElement(first: &firstItem) {
                    items.append(try result(&cursor))
                }
                results = items
            case .resultCount:
                // What `try? decode(Int.self)` keeps: an integer; anything else counts the results.
                if try cursor.nextKind() == .number { resultCount = try cursor.integer() } else { try cursor.skipValue() }
            }
        }
        try cursor.end()
        guard let results else { throw JSONCursor.GiveUp() }
        return (resultCount, results)
    }

    /// The members an answer is read from, known by their keys' bytes.
    private enum Member: Int {
        case results, resultCount

        init?(_ key: UnsafeBufferPointer<UInt8>) {
            if key.holds("results") {
                self = .results
            } else if key.holds("resultCount") {
                self = .resultCount
            } else {
                return nil
            }
        }
    }
}
