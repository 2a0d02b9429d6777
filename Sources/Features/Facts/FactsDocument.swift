import ExplorerCore
import ExplorerText
import Foundation

/// The facts document: a title (`About Canada`) and its rows.
///
/// Read as the real file comes: with any content type, in UTF-8 or ISO-8859-1, with nulls
/// anywhere and rows that are not objects skipped. Read in one pass of `JSONDecoder` over the
/// body, and kept within bounds: at most ``maxRows`` rows (``cutRows`` says how many more the
/// document had) and each text at most ``KeptText/maxCharacters`` characters, so that a huge
/// document costs memory in proportion to what is kept, not to its every row.
public struct FactsDocument: Sendable, Equatable, Decodable {
    public var title: String?
    public var rows: [Fact]
    /// How many rows the document had after the first ``maxRows`` (left out).
    public var cutRows: Int

    /// The most rows kept: five hundred screens of twenty.
    public static let maxRows = 10_000

    public init(title: String?, rows: [Fact], cutRows: Int = 0) {
        self.title = title
        self.rows = rows
        self.cutRows = cutRows
    }

    enum CodingKeys: String, CodingKey {
        case title, rows
    }

    /// Any value at all, passed over.
    private struct Skipped: Decodable {
        init(from decoder: any Decoder) {}
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let title = (try? container.decodeIfPresent(String.self, forKey: .title)) ?? nil
        self.title = KeptText.capped(title.map(\.trimmingWhitespaceAndNewlines).flatMap { $0.isEmpty ? nil : $0 })
        // Not an array (absent, null, an object): not a facts document.
        var list = try container.nestedUnkeyedContainer(forKey: .rows)
        var rows: [Fact] = []
        var cut = 0
        while !list.isAtEnd {
            if rows.count < Self.maxRows, let fact = try? list.decode(Fact.self) {
                rows.append(fact)
            } else if (try? list.decode(Skipped.self)) == nil {
                break
            } else if rows.count >= Self.maxRows {
                cut += 1
            }
        }
        self.rows = rows
        cutRows = cut
    }

    /// Why a body is not a facts document, for the generic message.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case html
        case malformed
        case notFacts

        public var description: String {
            switch self {
            case .html: "an HTML page, not JSON"
            case .malformed: "malformed or truncated JSON"
            case .notFacts: "JSON without a list of rows"
            }
        }
    }

    /// Decodes `body`: UTF-8 (a byte-order mark allowed), or ISO-8859-1 when it is not UTF-8.
    /// The body is read in place (a copy only for ISO-8859-1).
    public static func decode(_ body: Data) throws -> FactsDocument {
        var bytes = body
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        if bytes.first(where: { !(Character(Unicode.Scalar($0)).isWhitespace) }) == UInt8(ascii: "<") { throw Problem.html }
        if !isUTF8(bytes) {
            // ISO-8859-1: each byte is the scalar of its value.
            bytes = Data(String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) })).utf8)
        }
        if let quick = quicklyDecoded(bytes) { return quick }
        do {
            return try JSONDecoder().decode(FactsDocument.self, from: bytes)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            throw Problem.malformed
        } catch {
            throw Problem.notFacts
        }
    }

    /// Whether `bytes` are UTF-8: the standard library's validation over the contiguous bytes
    /// (a loop over `Data`'s iterator took 6% of reading a 10,000-row document).
    static func isUTF8(_ bytes: Data) -> Bool {
        bytes.withUnsafeBytes { String(validating: $0, as: UTF8.self) != nil }
    }
}
