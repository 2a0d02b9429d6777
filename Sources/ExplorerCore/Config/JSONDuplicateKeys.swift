import Foundation

/// Finds a key that appears twice in one object of a JSON text. JSONSerialization and
/// JSONDecoder keep one of the two silently (which one is not promised), so a file that says
/// `"limit": 10, … "limit": 500` would mean whatever the reader picked.
///
/// Expects text that a JSON parser has already accepted; on anything else it finds nothing.
enum JSONDuplicateKeys {
    /// Where the first repeated key is, as a JSON path (`$.features[2].settings.limit`).
    static func first(in data: Data) -> String? {
        var scanner = Scanner(bytes: Array(data))
        do {
            scanner.skipByteOrderMark()
            try scanner.value(path: "$")
        } catch Scanner.Stop.duplicate(let path) {
            return path
        } catch {
            return nil
        }
        return nil
    }

    /// `.name` for a plain key, `["odd key"]` for any other.
    static func member(_ key: String, of path: String) -> String {
        let plain = key.first.map { $0.isLetter || $0 == "_" } == true
            && key.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_") }
        return plain ? "\(path).\(key)" : "\(path)[\(JSONWriter.string(.string(key)))]"
    }

    private struct Scanner {
        enum Stop: Error {
            case duplicate(String)
            case malformed
        }

        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        mutating func skipByteOrderMark() {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        mutating func value(path: String) throws(Stop) {
            skipSpace()
            guard index < bytes.count else { throw .malformed }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var seen: Set<String> = []
                skipSpace()
                if peek(UInt8(ascii: "}")) { index += 1; return }
                while true {
                    skipSpace()
                    let key = try string()
                    let keyPath = JSONDuplicateKeys.member(key, of: path)
                    guard seen.insert(key).inserted else { throw .duplicate(keyPath) }
                    skipSpace()
                    guard peek(UInt8(ascii: ":")) else { throw .malformed }
                    index += 1
                    try value(path: keyPath)
                    skipSpace()
                    if peek(UInt8(ascii: ",")) { index += 1; continue }
                    guard peek(UInt8(ascii: "}")) else { throw .malformed }
                    index += 1
                    return
                }
            case UInt8(ascii: "["):
                index += 1
                skipSpace()
                if peek(UInt8(ascii: "]")) { index += 1; return }
                var position = 0
                while true {
                    try value(path: "\(path)[\(position)]")
                    skipSpace()
                    if peek(UInt8(ascii: ",")) { index += 1; position += 1; continue }
                    guard peek(UInt8(ascii: "]")) else { throw .malformed }
                    index += 1
                    return
                }
            case UInt8(ascii: "\""):
                _ = try string()
            default:
                // A number, true, false or null: up to the next delimiter.
                while index < bytes.count, !Self.delimiters.contains(bytes[index]) { index += 1 }
            }
        }

        /// The string starting here, its escapes decoded.
        mutating func string() throws(Stop) -> String {
            guard peek(UInt8(ascii: "\"")) else { throw .malformed }
            let start = index
            index += 1
            var escaped = false
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    let literal = Data(bytes[start..<index])
                    if !literal.contains(UInt8(ascii: "\\")) {
                        return String(decoding: literal.dropFirst().dropLast(), as: UTF8.self)
                    }
                    guard let text = try? JSONSerialization.jsonObject(with: literal, options: [.fragmentsAllowed]) as? String else {
                        throw .malformed
                    }
                    return text
                }
            }
            throw .malformed
        }

        func peek(_ byte: UInt8) -> Bool {
            index < bytes.count && bytes[index] == byte
        }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        static let delimiters: Set<UInt8> = [UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D]
    }
}
