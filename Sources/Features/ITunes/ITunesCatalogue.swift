import ExplorerCore
import Foundation

/// The offline iTunes store: the embedded answers merged into one catalogue, searched the way
/// the store searches — every word of the term must match, ignoring case and accents (`bjork`
/// finds Björk); Latin words match the start of a word of the artist, album or track, and words
/// in scripts written without spaces (周杰倫, コブクロ) match anywhere.
struct ITunesCatalogue: Sendable {
    private struct Entry: Sendable {
        /// The result as the answer held it, written out once as JSON text: an answer is these
        /// texts joined, never a dictionary serialized again at every search.
        let json: String
        let words: [String]
        let text: String
        let ids: [Int]
    }

    private let entries: [Entry]

    init(answers: [String]) {
        var seen: Set<Int> = []
        var entries: [Entry] = []
        for answer in answers {
            guard let object = try? JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any],
                  let results = object["results"] as? [[String: Any]] else { continue }
            for result in results {
                let trackID = result["trackId"] as? Int
                if let trackID, !seen.insert(trackID).inserted { continue }
                let searchable = ["artistName", "collectionName", "trackName"]
                    .compactMap { result[$0] as? String }.joined(separator: " ")
                let text = Self.normalize(searchable)
                guard let json = try? JSONSerialization.data(withJSONObject: result) else { continue }
                entries.append(Entry(json: String(decoding: json, as: UTF8.self), words: Self.words(text), text: text,
                                     ids: [trackID, result["collectionId"] as? Int].compactMap { $0 }))
            }
        }
        self.entries = entries
    }

    static let shared = ITunesCatalogue(answers: EmbeddedITunesAnswers.answers)

    var count: Int { entries.count }

    /// The results matching every word of `term`, at most `limit`, in catalogue order, as JSON texts.
    func search(_ term: String, limit: Int) -> [String] {
        // Each word's script is looked at once, not once for every entry.
        let queryWords = Self.words(Self.normalize(term)).map { (word: $0, isUnspaced: Self.isUnspaced($0)) }
        guard !queryWords.isEmpty else { return [] }
        return Array(entries.lazy.filter { entry in
            queryWords.allSatisfy { query in
                // `firstRange(of:)`, the standard library's: Foundation's `contains` goes through
                // CFString, a locale-aware search, for text both sides have already folded.
                query.isUnspaced ? entry.text.firstRange(of: query.word) != nil : entry.words.contains { $0.hasPrefix(query.word) }
            }
        }.prefix(max(limit, 0)).map(\.json))
    }

    /// The results whose track id (or, for an audiobook, collection id) is `id`.
    func lookup(_ id: Int) -> [String] {
        entries.filter { $0.ids.first == id }.map(\.json)
    }

    /// The embedded server: `/search` and `/lookup` as the API answers them; previews are a
    /// short generated tone, because audio is not compiled in.
    static let responder: EmbeddedResponder = { request in
        if request.absoluteURL != nil {
            return HTTPResponse(status: 200, headers: ["content-type": "audio/wav"], body: PreviewTone.wav)
        }
        let results: [String]
        switch request.path {
        case "/search":
            let limit = request.queryValue("limit").flatMap { Int($0) } ?? 50
            results = shared.search(request.queryValue("term") ?? "", limit: min(limit, 200))
        case "/lookup":
            results = request.queryValue("id").flatMap { Int($0) }.map { shared.lookup($0) } ?? []
        default:
            return nil
        }
        return .json(#"{"resultCount":\#(results.count),"results":["# + results.joined(separator: ",") + "]}")
    }

    static func normalize(_ text: String) -> String {
        // NFKC first, so half-width kana with separate sound marks (ｽﾋﾟｯﾂ) become スピッツ.
        text.precomposedStringWithCompatibilityMapping
            .folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// Words split at anything that is neither a letter nor a digit (`guns n' roses` → guns, n, roses).
    static func words(_ text: String) -> [String] {
        text.split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    /// Han, kana, Hangul and similar scripts are written without spaces between words.
    static func isUnspaced(_ word: String) -> Bool {
        word.unicodeScalars.contains { DisplayWidth.of($0) == 2 }
    }
}
