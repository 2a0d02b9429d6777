import ExplorerCore
import Foundation

/// The facts document: a title (`About Canada`) and its rows.
///
/// Read as the real file comes: with any content type, in UTF-8 or ISO-8859-1, with nulls
/// anywhere and rows that are not objects skipped.
public struct FactsDocument: Sendable, Equatable, Decodable {
    public var title: String?
    public var rows: [Fact]

    public init(title: String?, rows: [Fact]) {
        self.title = title
        self.rows = rows
    }

    enum CodingKeys: String, CodingKey {
        case title, rows
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let title = (try? container.decodeIfPresent(String.self, forKey: .title)) ?? nil
        self.title = title.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
        rows = (try? container.decode(LenientArray<Fact>.self, forKey: .rows))?.elements ?? []
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
    public static func decode(_ body: Data) throws -> FactsDocument {
        var bytes = body
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let text = String(data: bytes, encoding: .utf8)
            ?? String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        let start = text.drop { $0.isWhitespace }
        if start.hasPrefix("<") { throw Problem.html }
        let data = Data(text.utf8)
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            throw Problem.malformed
        }
        guard object is [String: Any] else { throw Problem.notFacts }
        guard let document = try? JSONDecoder().decode(FactsDocument.self, from: data),
              (object as? [String: Any])?["rows"] is [Any] else { throw Problem.notFacts }
        return document
    }
}
