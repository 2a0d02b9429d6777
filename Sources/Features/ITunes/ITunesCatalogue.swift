import ExplorerCore
import ExplorerHTTP
import ExplorerText
import Foundation

/// The offline iTunes store: the embedded answers' results in one catalogue, searched the way
/// the store searches — every word of the term must match, ignoring case and accents (`bjork`
/// finds Björk); Latin words match the start of a word of the artist, album or track, and words
/// in scripts written without spaces (周杰倫, コブクロ) match anywhere.
struct ITunesCatalogue: Sendable {
    /// A class, not a structure: a search reads every entry, and an entry read from the array
    /// is then one reference held, not five.
    private final class Entry: Sendable {
        /// The result as the answer held it, as JSON text: an answer is these texts joined.
        let json: String
        let words: [String]
        /// ``words`` as ``ITunesCatalogue/bytes(_:)``, one after another, compared first: a word
        /// whose bytes do not start with a query word's does not start with it as text either.
        /// Word `n` is `wordBytes[wordStarts[n]..<wordStarts[n + 1]]`.
        let wordBytes: [UInt8]
        let wordStarts: [Int]
        /// The words' first bytes, each as bit `byte % 64`: a query word whose first byte's bit
        /// is not set starts none of them.
        let firstBytes: UInt64
        /// The searchable text, folded, as UTF-8: where words written without spaces are looked for.
        let text: [UInt8]
        let ids: [Int]

        init(json: String, words: [String], text: [UInt8], ids: [Int]) {
            self.json = json
            self.words = words
            var wordBytes: [UInt8] = [], wordStarts = [0]
            for word in words {
                wordBytes += ITunesCatalogue.bytes(word)
                wordStarts.append(wordBytes.count)
            }
            self.wordBytes = wordBytes
            self.wordStarts = wordStarts
            firstBytes = wordStarts.dropLast().reduce(0) { $0 | Entry.bit(wordBytes[$1]) }
            self.text = text
            self.ids = ids
        }

        /// Whether one of the words starts with `query`: its bytes start with the query's, and
        /// the query's last character is whole there (bytes of an ASCII query followed by ASCII,
        /// or nothing, are; otherwise the texts are compared).
        func hasWord(startingWith query: QueryWord) -> Bool {
            wordBytes.withUnsafeBufferPointer { bytes in
                wordStarts.withUnsafeBufferPointer { starts in
                    query.bytes.withUnsafeBufferPointer { prefix in
                        for index in 0..<starts.count - 1 {
                            let start = starts[index], end = starts[index + 1]
                            guard end - start >= prefix.count, bytes[start] == prefix[0],
                                  UnsafeBufferPointer(rebasing: bytes[start..<start + prefix.count]).elementsEqual(prefix) else { continue }
                            let next = start + prefix.count
                            if query.isASCII, next == end || bytes[next] < 0x80 { return true }
                            if words[index].hasPrefix(query.word) { return true }
                        }
                        return false
                    }
                }
            }
        }

        static func bit(_ byte: UInt8) -> UInt64 { 1 << (byte % 64) }
    }

    private let entries: [Entry]

    /// A catalogue of `results`, each one result of a search answer as JSON text (what
    /// scripts/embed-data cuts the recorded answers into); a result that is not a JSON object
    /// is passed over, and of results with the same track id the first is kept. Each text is
    /// read for its names and ids, and sent on as it is.
    init(results: [String]) {
        var seen: Set<Int> = []
        var entries: [Entry] = []
        for json in results {
            guard let result = Self.searched(json) else { continue }
            if let trackID = result.trackID, !seen.insert(trackID).inserted { continue }
            let text = Self.normalize(result.names.joined(separator: " "))
            entries.append(Entry(json: json, words: Self.words(text), text: Self.bytes(text),
                                 ids: [result.trackID, result.collectionID].compactMap { $0 }))
        }
        self.entries = entries
    }

    static let shared = ITunesCatalogue(results: EmbeddedITunesResults.results)

    /// What a result is searched and found by: its ids and its artist's, album's and track's
    /// names (those that are strings, in that order); nil when it is not a JSON object. Read
    /// with a ``JSONCursor`` (a catalogue of hundreds is read at the first search), or, where
    /// that gives up, with `JSONSerialization`.
    static func searched(_ json: String) -> Searched? {
        quicklySearched(json) ?? serializedSearched(json)
    }

    typealias Searched = (trackID: Int?, collectionID: Int?, names: [String])

    static func quicklySearched(_ json: String) -> Searched? {
        JSONCursor.read(Data(utf8: json), searched)
    }

    static func serializedSearched(_ json: String) -> Searched? {
        guard let result = try? JSONSerialization.jsonObject(with: Data(utf8: json)) as? [String: Any] else { return nil }
        return (result["trackId"] as? Int, result["collectionId"] as? Int,
                ["artistName", "collectionName", "trackName"].compactMap { result[$0] as? String })
    }

    /// The members ``searched(_:)`` reads, by their keys' bytes.
    private enum SearchedMember: Int, CaseIterable {
        case trackId, collectionId, artistName, collectionName, trackName

        static let keys = ["trackId", "collectionId", "artistName", "collectionName", "trackName"].map { Array($0.utf8) }

        init?(_ key: UnsafeBufferPointer<UInt8>) {
            guard let index = Self.keys.firstIndex(where: { $0.count == key.count && $0.elementsEqual(key) }) else { return nil }
            self.init(rawValue: index)
        }
    }

    private static func searched(_ cursor: inout JSONCursor) throws -> Searched {
        var trackID: Int?, collectionID: Int?
        var names: [SearchedMember: String] = [:]
        try cursor.readObject(members: SearchedMember.init) { member, cursor in
            switch member {
            case .trackId, .collectionId:
                // An id written otherwise than as an integer (or null) is left to JSONSerialization.
                let kind = try cursor.nextKind()
                guard kind == .number || kind == .null else { throw JSONCursor.GiveUp() }
                let id = try cursor.integerIfNumber()
                if member == .trackId { trackID = id } else { collectionID = id }
            case .artistName, .collectionName, .trackName:
                guard let name = try cursor.stringIfString() else { return }
                // JSONSerialization (on Linux) drops a byte-order mark in a string: left to it.
                guard !name.unicodeScalars.contains("\u{FEFF}") else { throw JSONCursor.GiveUp() }
                names[member] = name
            }
        }
        try cursor.end()
        return (trackID, collectionID, [SearchedMember.artistName, .collectionName, .trackName].compactMap { names[$0] })
    }

    var count: Int { entries.count }

    /// The results matching every word of `term`, at most `limit`, in catalogue order, as JSON texts.
    func search(_ term: String, limit: Int) -> [String] {
        // Each word's script is looked at once, not once for every entry.
        let queryWords = Self.words(Self.normalize(term)).map(QueryWord.init)
        guard !queryWords.isEmpty, limit > 0 else { return [] }
        // The first bytes an entry's words must have among them, looked at before its words.
        let firstBytes = queryWords.reduce(0) { $1.isUnspaced ? $0 : $0 | $1.firstByte }
        // One pass that stops at `limit` (a lazy filter's prefix asked each entry two or three times).
        var found: [String] = []
        found.reserveCapacity(min(limit, entries.count))
        for index in entries.indices
        where entries[index].firstBytes & firstBytes == firstBytes && Self.matches(entries[index], queryWords) {
            found.append(entries[index].json)
            if found.count == limit { break }
        }
        return found
    }

    /// A word of a query, normalized, as it is looked for.
    struct QueryWord {
        let word: String
        let bytes: [UInt8]
        /// Written without spaces (``ITunesCatalogue/isUnspaced(_:)``): looked for anywhere.
        let isUnspaced: Bool
        let isASCII: Bool
        /// The bit of its first byte, as ``Entry/firstBytes`` has it.
        let firstByte: UInt64

        init(_ word: String) {
            self.word = word
            bytes = ITunesCatalogue.bytes(word)
            firstByte = bytes.first.map(Entry.bit) ?? 0
            isUnspaced = ITunesCatalogue.isUnspaced(word)
            isASCII = bytes.allSatisfy { $0 < 0x80 }
        }
    }

    /// Whether `entry` matches every one of `queryWords`.
    private static func matches(_ entry: Entry, _ queryWords: [QueryWord]) -> Bool {
        for query in queryWords {
            guard query.isUnspaced ? contains(entry.text, query.bytes) : entry.hasWord(startingWith: query) else { return false }
        }
        return true
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
        return .json(answer(results))
    }

    /// The body of an answer of `results` (JSON texts), written as bytes once, into memory the
    /// answer then owns.
    static func answer(_ results: [String]) -> Data {
        let head = #"{"resultCount":\#(results.count),"results":["#, tail = "]}"
        let count = results.reduce(head.utf8.count + tail.utf8.count + max(results.count - 1, 0)) { $0 + $1.utf8.count }
        let body = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
        var written = 0
        func write(_ text: String) {
            UnsafeMutableRawBufferPointer(rebasing: body[written...]).copyBytes(from: text.utf8)
            written += text.utf8.count
        }
        write(head)
        for (index, result) in results.enumerated() {
            if index > 0 { write(",") }
            write(result)
        }
        write(tail)
        return Data(bytesNoCopy: body.baseAddress!, count: count, deallocator: .custom { bytes, _ in bytes.deallocate() })
    }

    static func normalize(_ text: String) -> String {
        // Printable ASCII: its lower case (NFKC and folding change nothing else in it), without
        // Foundation's round trip through CFString.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.lowercased() }
        // NFKC first, so half-width kana with separate sound marks (ｽﾋﾟｯﾂ) become スピッツ.
        return text.precomposedStringWithCompatibilityMapping
            .folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// Words split at anything that is neither a letter nor a digit (`guns n' roses` → guns, n, roses).
    static func words(_ text: String) -> [String] {
        // ASCII: its letters and digits are a to z of either case and 0 to 9, a byte each.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return text.utf8.split { !isASCIILetterOrDigit($0) }.map { String(decoding: $0, as: UTF8.self) }
        }
        return text.split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    private static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: false
        }
    }

    /// Folded text composed again (folding can leave a kana's sound mark apart) as UTF-8: text
    /// that compares equal as `String`s is then equal byte for byte.
    static func bytes(_ folded: String) -> [UInt8] {
        // ASCII is composed already.
        folded.utf8.allSatisfy { $0 < 0x80 } ? Array(folded.utf8) : Array(folded.precomposedStringWithCanonicalMapping.utf8)
    }

    /// Whether `needle` occurs in `haystack`, byte for byte (both from ``bytes(_:)``). A search
    /// by bytes costs a fraction of a `String` search (Foundation's goes through CFString and a
    /// locale, the standard library's compares characters).
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, needle.count <= haystack.count else { return needle.isEmpty }
        var start = 0
        let last = haystack.count - needle.count
        while start <= last {
            if haystack[start] == first, haystack[start..<start + needle.count].elementsEqual(needle) { return true }
            start += 1
        }
        return false
    }

    /// Han, kana, Hangul and similar scripts are written without spaces between words.
    static func isUnspaced(_ word: String) -> Bool {
        word.unicodeScalars.contains { DisplayWidth.of($0) == 2 }
    }
}
