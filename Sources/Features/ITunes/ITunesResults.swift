import ExplorerHTTP
import ExplorerText
import Foundation

/// The results of a search answer as a list reads them: the whole answer checked as JSON (an
/// answer `JSONDecoder` cannot read is not read), and of each result only what the list needs
/// before it shows any (``ITunesResult/listed``); the rest when it is shown. An answer the quick
/// reader leaves to `JSONDecoder` is read in full, as ``ITunesSearchAnswer`` is.
public struct ITunesResults: Sendable, QuicklyDecodable {
    public var results: [ITunesResult]

    public init(from decoder: Decoder) throws {
        results = try ITunesSearchAnswer(from: decoder).results.map(ITunesResult.init)
    }

    init(results: [ITunesResult]) {
        self.results = results
    }

    /// The answer's results read in place by a ``JSONCursor``, as far as a list needs; nil
    /// where the listed members, or the answer around the results, are anything but plain
    /// (as ``ITunesSearchAnswer/quicklyDecoded(_:)`` gives nil), or the JSON is not JSON.
    public static func quicklyDecoded(_ body: Data) -> ITunesResults? {
        let read = JSONCursor.read(body) { cursor in
            try ITunesSearchAnswer.read(&cursor) { (cursor: inout JSONCursor) -> ITunesResult in
                _ = try cursor.nextKind()
                let start = cursor.position
                let listed = try ITunesItem.read(&cursor, only: .listed)
                return ITunesResult(listed: listed, json: body[body.startIndex + start..<body.startIndex + cursor.position])
            }
        }
        return read.map { ITunesResults(results: $0.results) }
    }
}
