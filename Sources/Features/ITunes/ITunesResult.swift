import ExplorerText
import Foundation

/// One result of a search as a list holds it: read from the answer as far as the list needs
/// before it shows any (``listed``), and in full when it is shown (``item``). A search answer
/// is mostly what a detail shows (prices, addresses, genres), and a list shows ten of its fifty
/// results.
public struct ITunesResult: Sendable {
    /// The result's artist, album, track number and track id (what the list sorts and finds
    /// results by), its other members nil; or all of it, when it came read in full.
    public let listed: ITunesItem
    /// The result's JSON object, as the answer holds it, when only ``listed`` was read of it.
    private let json: Data?

    /// A result read in full.
    public init(_ item: ITunesItem) {
        listed = item
        json = nil
    }

    /// A result of which `listed` was read from `json`, an object the answer's reader found
    /// well-formed, its other members passed over.
    init(listed: ITunesItem, json: Data) {
        self.listed = listed
        self.json = json
    }

    /// The whole result, read from its JSON: by a ``JSONCursor``, or where that gives up (a
    /// member given twice, an odd number) by `JSONDecoder`, which reads a result from its own
    /// object alone as it reads it within the whole answer.
    public var item: ITunesItem {
        guard let json else { return listed }
        return JSONCursor.read(json) { try ITunesItem.read(&$0) } ?? (try? JSONDecoder().decode(ITunesItem.self, from: json)) ?? listed
    }
}
