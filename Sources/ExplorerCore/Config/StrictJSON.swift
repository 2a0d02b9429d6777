import ExplorerText
import Foundation

/// Reads a JSON text as strictly as RFC 8259 (and jq) do, for what JSONSerialization lets
/// through: a trailing comma (`{"a": 1,}`, `[1, 2,]`), which it accepts silently, and a key
/// that appears twice in one object, of which it keeps one (which one is not promised), so a
/// file that says `"limit": 10, … "limit": 500` would mean whatever the reader picked. Numbers,
/// literals and strings are held to the grammar too, so the text is JSON by the standard's
/// letter; and nested no deeper than ``JSONReader`` reads, so a file too deep for it is named
/// where it goes too deep. It says what ``JSONReader/strictValue(_:)`` refused, and where.
enum StrictJSON {
    enum Problem: Error, Equatable {
        /// A key given twice in one object, at this JSON path (`$.features[2].settings.limit`).
        case duplicateKey(path: String)
        /// Not JSON: what is wrong, and the byte offset where it is.
        case malformed(String, offset: Int)
    }

    /// The first problem of `data`, reading it from the start; nil when it is strict JSON.
    static func firstProblem(in data: Data) -> Problem? {
        var scanner = Scanner(bytes: Array(data))
        do throws(Problem) {
            scanner.skipByteOrderMark()
            try scanner.value()
            scanner.skipSpace()
            guard scanner.index == scanner.bytes.count else {
                throw Problem.malformed("text after the end of the JSON value", offset: scanner.index)
            }
        } catch {
            return error
        }
        return nil
    }

    /// `.name` for a plain key, `["odd key"]` for any other.
    static func member(_ key: String, of path: String) -> String {
        // ASCII letters, digits and `_` (Foundation's `CharacterSet.alphanumerics` costs a tenth
        // of start-up the first time).
        let plain = key.first.map { $0.isLetter || $0 == "_" } == true
            && key.unicodeScalars.allSatisfy {
                switch $0 {
                case "a"..."z", "A"..."Z", "0"..."9", "_": true
                default: false
                }
            }
        return plain ? "\(path).\(key)" : "\(path)[\(JSONWriter.string(.string(key)))]"
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        mutating func skipByteOrderMark() {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        func malformed(_ what: String, at offset: Int? = nil) -> Problem {
            .malformed(what, offset: offset ?? index)
        }

        /// Where the scanner is, as the keys and positions leading to the value being read: made
        /// into a JSON path only for a problem to name it.
        enum PathPart {
            case key(String)
            case position(Int)
        }

        var path: [PathPart] = []

        /// `$.features[2].settings`: the path of the value being read.
        var pathText: String {
            path.reduce("$") { text, part in
                switch part {
                case .key(let key): StrictJSON.member(key, of: text)
                case .position(let position): "\(text)[\(position)]"
                }
            }
        }

        mutating func value() throws(Problem) {
            skipSpace()
            guard index < bytes.count else { throw malformed("unexpected end of file") }
            // As deep as the reader of the file's value goes (and no deeper than this recursion should).
            guard path.count <= JSONReader.maxDepth else {
                throw malformed("arrays and objects nested more than \(JSONReader.maxDepth) deep")
            }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var seen: Set<String> = []
                skipSpace()
                if peek(UInt8(ascii: "}")) { index += 1; return }
                while true {
                    skipSpace()
                    let key = try string()
                    path.append(.key(key))
                    guard seen.insert(key).inserted else { throw .duplicateKey(path: pathText) }
                    skipSpace()
                    guard peek(UInt8(ascii: ":")) else { throw malformed("expected ':' after a key") }
                    index += 1
                    try value()
                    path.removeLast()
                    skipSpace()
                    if peek(UInt8(ascii: ",")) {
                        let comma = index
                        index += 1
                        skipSpace()
                        if peek(UInt8(ascii: "}")) { throw malformed("a comma before '}'", at: comma) }
                        continue
                    }
                    guard peek(UInt8(ascii: "}")) else { throw malformed("expected ',' or '}'") }
                    index += 1
                    return
                }
            case UInt8(ascii: "["):
                index += 1
                skipSpace()
                if peek(UInt8(ascii: "]")) { index += 1; return }
                var position = 0
                while true {
                    path.append(.position(position))
                    try value()
                    path.removeLast()
                    skipSpace()
                    if peek(UInt8(ascii: ",")) {
                        let comma = index
                        index += 1
                        skipSpace()
                        if peek(UInt8(ascii: "]")) { throw malformed("a comma before ']'", at: comma) }
                        position += 1
                        continue
                    }
                    guard peek(UInt8(ascii: "]")) else { throw malformed("expected ',' or ']'") }
                    index += 1
                    return
                }
            case UInt8(ascii: "\""):
                try skipString()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try number()
            default:
                for literal in ["true", "false", "null"] where bytes[index...].starts(with: literal.utf8) {
                    index += literal.utf8.count
                    return
                }
                throw malformed("unexpected character")
            }
        }

        /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
        mutating func number() throws(Problem) {
            let start = index
            func digits() -> Int {
                let first = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                return index - first
            }
            if peek(UInt8(ascii: "-")) { index += 1 }
            if peek(UInt8(ascii: "0")) {
                index += 1
            } else if digits() == 0 {
                throw malformed("a number without digits", at: start)
            }
            if peek(UInt8(ascii: ".")) {
                index += 1
                guard digits() > 0 else { throw malformed("a number without digits after its '.'", at: start) }
            }
            if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
                index += 1
                if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
                guard digits() > 0 else { throw malformed("a number without digits in its exponent", at: start) }
            }
            if index < bytes.count, !Self.delimiters.contains(bytes[index]) {
                throw malformed("a malformed number", at: start)
            }
        }

        /// The string starting here, its escapes decoded.
        mutating func string() throws(Problem) -> String {
            let start = index
            try skipString()
            let literal = bytes[start..<index]
            if !literal.contains(UInt8(ascii: "\\")) {
                return String(decoding: literal.dropFirst().dropLast(), as: UTF8.self)
            }
            guard let text = try? JSONSerialization.jsonObject(with: Data(literal), options: [.fragmentsAllowed]) as? String else {
                throw malformed("a malformed string", at: start)
            }
            return text
        }

        /// Reads past the string starting here, held to the grammar; its text is not made (a
        /// value's is never needed, only a key's).
        mutating func skipString() throws(Problem) {
            guard peek(UInt8(ascii: "\"")) else { throw malformed("expected a string") }
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x20 { throw malformed("a control character in a string") }
                index += 1
                if byte == UInt8(ascii: "\\") {
                    guard index < bytes.count else { break }
                    let escape = bytes[index]
                    index += 1
                    if escape == UInt8(ascii: "u") {
                        let hex = bytes[index..<min(index + 4, bytes.count)]
                        guard hex.count == 4, hex.allSatisfy(Self.isHexDigit) else { throw malformed("a malformed \\u escape", at: index - 2) }
                        index += 4
                    } else if !Self.escapes.contains(escape) {
                        throw malformed("an unknown escape", at: index - 2)
                    }
                } else if byte == UInt8(ascii: "\"") {
                    return
                }
            }
            throw malformed("unexpected end of file in a string")
        }

        func peek(_ byte: UInt8) -> Bool {
            index < bytes.count && bytes[index] == byte
        }

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        static func isHexDigit(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
        }

        static let escapes: Set<UInt8> = Set("\"\\/bfnrt".utf8)
        static let delimiters: Set<UInt8> = [UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D]
    }
}
