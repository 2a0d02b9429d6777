import Foundation

/// Reads JSON text into a ``JSONValue`` keeping each object's members in the order written (so
/// an answer shown by `raw` reads as the API sent it), for text from anywhere: nesting deeper
/// than ``maxDepth`` and anything that is not JSON give nil rather than a crash.
public enum JSONReader {
    /// How deep arrays and objects may nest.
    public static let maxDepth = 256

    public static func value(_ data: Data) -> JSONValue? {
        read(data, strict: false)
    }

    /// The value of `data` when it is JSON by the letter of RFC 8259, as a file a person wrote
    /// is held to: no key twice in one object, and numbers and `\u` escapes as its grammar
    /// writes them. Nil otherwise (what is wrong, and where, is for a slower reader to say).
    public static func strictValue(_ data: Data) -> JSONValue? {
        read(data, strict: true)
    }

    private static func read(_ data: Data, strict: Bool) -> JSONValue? {
        var reader = Reader(bytes: [UInt8](data), strict: strict)
        guard let value = reader.value(depth: 0) else { return nil }
        reader.skipSpace()
        return reader.index == reader.bytes.count ? value : nil
    }

    private struct Reader {
        let bytes: [UInt8]
        /// Whether a key given twice, or a number outside the grammar, makes the text unreadable.
        let strict: Bool
        var index = 0

        init(bytes: [UInt8], strict: Bool) {
            self.bytes = bytes
            self.strict = strict
        }

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func value(depth: Int) -> JSONValue? {
            guard depth <= JSONReader.maxDepth else { return nil }
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                // Members in order, and where each key is: a later duplicate replaces the value
                // in place, in constant time (an object of 400,000 keys reads in one pass).
                var members: [JSONObject.Member] = []
                var places: [String: Int] = [:]
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(JSONObject()) }
                while true {
                    skipSpace()
                    guard let key = string() else { return nil }
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                    index += 1
                    guard let member = value(depth: depth + 1) else { return nil }
                    // A small object is searched; a large one keeps its keys' places.
                    let place = members.count <= Self.searchedMembers
                        ? members.firstIndex { $0.key == key }
                        : places[key]
                    if let place {
                        guard !strict else { return nil }
                        members[place].value = member
                    } else {
                        if members.count == Self.searchedMembers {
                            for (position, earlier) in members.enumerated() { places[earlier.key] = position }
                        }
                        if members.count >= Self.searchedMembers { places[key] = members.count }
                        members.append(JSONObject.Member(key: key, value: member))
                    }
                    skipSpace()
                    guard index < bytes.count else { return nil }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    guard bytes[index] == UInt8(ascii: "}") else { return nil }
                    index += 1
                    return .object(JSONObject(uniqueMembers: members))
                }
            case UInt8(ascii: "["):
                index += 1
                var values: [JSONValue] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(values) }
                while true {
                    guard let element = value(depth: depth + 1) else { return nil }
                    values.append(element)
                    skipSpace()
                    guard index < bytes.count else { return nil }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    guard bytes[index] == UInt8(ascii: "]") else { return nil }
                    index += 1
                    return .array(values)
                }
            case UInt8(ascii: "\""):
                return string().map(JSONValue.string)
            case UInt8(ascii: "t"): return literal("true", .bool(true))
            case UInt8(ascii: "f"): return literal("false", .bool(false))
            case UInt8(ascii: "n"): return literal("null", .null)
            default: return number()
            }
        }

        mutating func literal(_ word: StaticString, _ value: JSONValue) -> JSONValue? {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else { return nil }
            for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return nil }
            index += count
            return value
        }

        mutating func number() -> JSONValue? {
            let start = index
            var integer = 0
            var isInteger = true
            var isNegative = false
            scan: while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    if isInteger {
                        let (times, overflowTimes) = integer.multipliedReportingOverflow(by: 10)
                        let (sum, overflowSum) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
                        if overflowTimes || overflowSum { isInteger = false } else { integer = sum }
                    }
                case UInt8(ascii: "-") where index == start:
                    isNegative = true
                case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
                    isInteger = false
                default:
                    break scan
                }
                index += 1
            }
            let digits = index - start - (isNegative ? 1 : 0)
            guard digits > 0, !strict || Self.isNumber(bytes[start..<index]) else { return nil }
            if isInteger { return .int(isNegative ? -integer : integer) }
            guard let text = String(bytes: bytes[start..<index], encoding: .utf8) else { return nil }
            if let integer = Int(text) { return .int(integer) }
            guard let double = Double(text), double.isFinite else { return nil }
            return .double(double)
        }

        /// A string at `index` (its opening quote), escapes read; nil when it is not one.
        mutating func string() -> String? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            index += 1
            // Most strings have no escape: their bytes are the text.
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"),
                  bytes[index] >= 0x20 {
                index += 1
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                index += 1
                let text = bytes[start..<index - 1]
                // ASCII is UTF-8 already; anything else is checked.
                if text.allSatisfy({ $0 < 0x80 }) { return String(decoding: text, as: UTF8.self) }
                return String(validating: text, as: UTF8.self)
            }
            var scalars = Array(bytes[start..<index])
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(validating: scalars, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { return nil }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
                    case UInt8(ascii: "b"): scalars.append(0x08)
                    case UInt8(ascii: "f"): scalars.append(0x0C)
                    case UInt8(ascii: "n"): scalars.append(0x0A)
                    case UInt8(ascii: "r"): scalars.append(0x0D)
                    case UInt8(ascii: "t"): scalars.append(0x09)
                    case UInt8(ascii: "u"):
                        guard var code = hex4() else { return nil }
                        if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                           bytes[index + 1] == UInt8(ascii: "u") {
                            index += 2
                            guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        // A lone surrogate stands as U+FFFD.
                        scalars += Array(String(Character(Unicode.Scalar(code) ?? "\u{FFFD}")).utf8)
                    default: return nil
                    }
                default:
                    guard byte >= 0x20 else { return nil }
                    scalars.append(byte)
                }
            }
            return nil
        }

        /// Objects with at most this many members find a repeated key by searching them.
        static let searchedMembers = 16

        mutating func hex4() -> UInt32? {
            guard index + 4 <= bytes.count, let value = HexDigits.value(of: bytes[index..<index + 4]) else { return nil }
            index += 4
            return value
        }

        /// Whether `text` is a number as JSON's grammar writes one:
        /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
        static func isNumber(_ text: ArraySlice<UInt8>) -> Bool {
            var rest = text[...]
            func digits() -> Int {
                let count = rest.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
                rest = rest.dropFirst(count)
                return count
            }
            if rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
            if rest.first == UInt8(ascii: "0") {
                rest = rest.dropFirst()
            } else if digits() == 0 {
                return false
            }
            if rest.first == UInt8(ascii: ".") {
                rest = rest.dropFirst()
                guard digits() > 0 else { return false }
            }
            if rest.first == UInt8(ascii: "e") || rest.first == UInt8(ascii: "E") {
                rest = rest.dropFirst()
                if rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
                guard digits() > 0 else { return false }
            }
            return rest.isEmpty
        }
    }
}
