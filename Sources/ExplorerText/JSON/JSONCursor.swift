import CPlainText

/// A strict reader of JSON text in place, for a feature that reads an answer of a shape it
/// knows faster than `JSONDecoder` does (an iTunes search answer: thirty members a result,
/// most of them passed over). It makes no value but those asked for, and it gives up
/// (throws ``GiveUp``) on anything it cannot be sure to read exactly as `JSONDecoder` would:
/// malformed JSON, a string that is not UTF-8 or holds a lone surrogate, a number with an
/// exponent, an escaped key, nesting past ``maxDepth``. The caller then leaves the body to
/// `JSONDecoder`, whose answer, or error, stands.
///
/// Use it inside `withUnsafeBytes` of the body: it reads the bytes where they are.
public struct JSONCursor {
    /// Thrown where the reader cannot be sure: let `JSONDecoder` read the body.
    public struct GiveUp: Error {
        public init() {}
    }

    /// The deepest nesting read; deeper is left to `JSONDecoder`.
    public static let maxDepth = 64

    /// What the next value is.
    public enum Kind: Equatable {
        case object, array, string, number, bool, null
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Where the cursor is: the offset of the next byte it reads (after ``nextKind()``, the
    /// first byte of the value that comes next; after a value, the byte past it).
    public var position: Int { index }

    // MARK: Structure

    /// The kind of the value that comes next (after white space).
    @inline(__always)
    public mutating func nextKind() throws -> Kind {
        skipSpace()
        guard index < bytes.count else { throw GiveUp() }
        switch bytes[index] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: throw GiveUp()
        }
    }

    /// Steps into the object that comes next.
    public mutating func enterObject() throws {
        try expect(UInt8(ascii: "{"))
    }

    /// The next member's key, as the bytes it is written with, read up to its `:`; nil at the
    /// end of the object (its `}` read). `first` says whether no member was read yet, and is
    /// cleared. A key written with escapes gives up.
    public mutating func nextKey(first: inout Bool) throws -> UnsafeBufferPointer<UInt8>? {
        skipSpace()
        guard index < bytes.count else { throw GiveUp() }
        if bytes[index] == UInt8(ascii: "}") {
            index += 1
            return nil
        }
        if !first {
            guard bytes[index] == UInt8(ascii: ",") else { throw GiveUp() }
            index += 1
            skipSpace()
            guard index < bytes.count else { throw GiveUp() }
        }
        first = false
        guard bytes[index] == UInt8(ascii: "\"") else { throw GiveUp() }
        index += 1
        let start = index
        skipPlainText()
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            let byte = bytes[index]
            guard byte >= 0x20, byte != UInt8(ascii: "\\"), byte < 0x80 else { throw GiveUp() }
            index += 1
        }
        guard index < bytes.count else { throw GiveUp() }
        let key = UnsafeBufferPointer(rebasing: bytes[start..<index])
        index += 1
        try expect(UInt8(ascii: ":"))
        return key
    }

    /// Steps into the array that comes next.
    public mutating func enterArray() throws {
        try expect(UInt8(ascii: "["))
    }

    /// Whether another element comes (its `,` read), false at the end of the array (its `]`
    /// read). `first` says whether no element was read yet, and is cleared.
    public mutating func nextElement(first: inout Bool) throws -> Bool {
        skipSpace()
        guard index < bytes.count else { throw GiveUp() }
        if bytes[index] == UInt8(ascii: "]") {
            index += 1
            return false
        }
        if !first { try expect(UInt8(ascii: ",")) }
        first = false
        return true
    }

    /// Checks that nothing but white space is left.
    public mutating func end() throws {
        skipSpace()
        guard index == bytes.count else { throw GiveUp() }
    }

    // MARK: Values

    /// The string that comes next, its escapes read.
    public mutating func string() throws -> String {
        let (raw, hasEscapes, isASCII) = try stringBytes()
        if !hasEscapes {
            if isASCII { return String(uncheckedUTF8: raw, isASCII: true) }
            guard let text = String(validating: raw, as: UTF8.self) else { throw GiveUp() }
            return text
        }
        return try Self.unescaped(raw)
    }

    /// Reads the string that comes next, giving up where ``string()`` would, without making it:
    /// its escapes are checked where they are, and its bytes past ASCII checked as UTF-8 as
    /// written (escapes are ASCII, so those bytes are UTF-8 with them read or not).
    private mutating func skipString() throws {
        let (raw, hasEscapes, isASCII) = try stringBytes()
        if hasEscapes { try Self.checkEscapes(raw) }
        if !isASCII {
            guard String(validating: raw, as: UTF8.self) != nil else { throw GiveUp() }
        }
    }

    /// The bytes between the quotes of the string that comes next, as written, and whether
    /// they hold an escape or a byte past ASCII.
    @inline(__always)
    private mutating func stringBytes() throws -> (raw: UnsafeBufferPointer<UInt8>, hasEscapes: Bool, isASCII: Bool) {
        skipSpace()
        try expect(UInt8(ascii: "\""))
        let start = index
        var hasEscapes = false
        var isASCII = true
        while true {
            skipPlainText()
            guard index < bytes.count else { throw GiveUp() }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            guard byte >= 0x20 else { throw GiveUp() }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                index += 2
                continue
            }
            if byte >= 0x80 { isASCII = false }
            index += 1
        }
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<index])
        index += 1
        return (raw, hasEscapes, isASCII)
    }

    /// Passes over the bytes of a string or key up to the first that ends it, escapes, or is
    /// past ASCII or a control character: most of an answer is plain text in strings
    /// (addresses of a hundred bytes), scanned sixteen bytes at a time (CPlainText).
    @inline(__always)
    private mutating func skipPlainText() {
        guard let base = bytes.baseAddress, index < bytes.count else { return }
        index += explorer_plain_text_length(base + index, bytes.count - index)
    }

    /// An integer written as one (digits, maybe a minus) in at most 18 characters, so that its
    /// digits' value fits an `Int` as it is summed; a number written otherwise (a fraction, an
    /// exponent, more digits) gives up.
    public mutating func integer() throws -> Int {
        skipSpace()
        let start = index
        let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let digits = index
        var value = 0
        while index < bytes.count, case let digit = bytes[index] &- UInt8(ascii: "0"), digit < 10 {
            value = value &* 10 &+ Int(digit)
            index += 1
        }
        guard index > digits, index - start <= 18, bytes[digits] != UInt8(ascii: "0") || index == digits + 1 else { throw GiveUp() }
        if index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): throw GiveUp()
            default: break
            }
        }
        return negative ? -value : value
    }

    /// A number written with digits and maybe a fraction (no exponent), as a `Double`.
    public mutating func double() throws -> Double {
        let text = try doubleText()
        if let value = Self.shortDecimal(text) { return value }
        guard let value = Double(Self.text(text)), value.isFinite else { throw GiveUp() }
        return value
    }

    /// A number of at most 15 digits, its point at most 22 from its end (a price: `1.29`), read
    /// as its digits' integer divided by a power of ten: both are exact in a `Double`, so the
    /// one rounding of the division gives the nearest `Double`, as `strtod` does. Nil for other
    /// numbers.
    private static func shortDecimal(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var digits: UInt64 = 0
        var digitCount = 0
        var fractionDigits = 0
        var inFraction = false
        for byte in text {
            switch byte {
            case UInt8(ascii: "-"): continue
            case UInt8(ascii: "."): inFraction = true
            default:
                digits = digits &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
                digitCount += 1
                if inFraction { fractionDigits += 1 }
            }
        }
        guard digitCount <= 15, fractionDigits <= 22 else { return nil }
        var scale = 1.0
        for _ in 0..<fractionDigits { scale *= 10 }
        let value = Double(digits) / scale
        return text.first == UInt8(ascii: "-") ? -value : value
    }

    /// The text of a number ``double()`` reads: at most 24 characters, so always a finite
    /// `Double`; a negative zero (`-0`, `-0.0`) gives up.
    private mutating func doubleText() throws -> UnsafeBufferPointer<UInt8> {
        let text = try numberText()
        guard text.count <= 24, text.first != UInt8(ascii: "-")
            || text.contains(where: { (UInt8(ascii: "1")...UInt8(ascii: "9")).contains($0) }) else { throw GiveUp() }
        return text
    }

    /// The string that comes next, or nil when the next value is something else (which is read
    /// and passed over): what a lenient reader's text member is.
    public mutating func stringIfString() throws -> String? {
        guard try nextKind() == .string else {
            try skipValue()
            return nil
        }
        return try string()
    }

    /// ``integer()`` of the number that comes next, or nil when the next value is not a number
    /// (it is read and passed over).
    public mutating func integerIfNumber() throws -> Int? {
        guard try nextKind() == .number else {
            try skipValue()
            return nil
        }
        return try integer()
    }

    /// ``double()`` of the number that comes next, or nil when the next value is not a number
    /// (it is read and passed over).
    public mutating func doubleIfNumber() throws -> Double? {
        guard try nextKind() == .number else {
            try skipValue()
            return nil
        }
        return try double()
    }

    /// Reads the value that comes next, whatever it is, and makes nothing of it.
    public mutating func skipValue() throws {
        try skipValue(depth: 0)
    }

    private mutating func skipValue(depth: Int) throws {
        guard depth < Self.maxDepth else { throw GiveUp() }
        skipSpace()
        guard index < bytes.count else { throw GiveUp() }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            try skipString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            _ = try numberText()
        case UInt8(ascii: "{"):
            index += 1
            var first = true
            while try nextKey(first: &first) != nil { try skipValue(depth: depth + 1) }
        case UInt8(ascii: "["):
            index += 1
            var first = true
            while try nextElement(first: &first) { try skipValue(depth: depth + 1) }
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            if !literal("true") && !literal("false") { throw GiveUp() }
        case UInt8(ascii: "n"):
            if !literal("null") { throw GiveUp() }
        default:
            throw GiveUp()
        }
    }

    /// Reads `null` if it comes next.
    public mutating func null() -> Bool {
        skipSpace()
        return literal("null")
    }

    // MARK: Reading

    // Both are inlined: called for every key, colon, comma and value, as functions they cost
    // more than the reading they do (docs/performance.md).
    @inline(__always)
    private mutating func skipSpace() {
        // Anything past a space is not white space: one comparison for most bytes.
        while index < bytes.count, bytes[index] <= 0x20 {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    @inline(__always)
    private mutating func expect(_ byte: UInt8) throws {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { throw GiveUp() }
        index += 1
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += count
        return true
    }

    /// A number's text, checked against JSON's grammar: `-`, then `0` or digits not starting
    /// with `0`, then maybe `.` and digits. An exponent gives up.
    private mutating func numberText() throws -> UnsafeBufferPointer<UInt8> {
        skipSpace()
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digits = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        guard index > digits, bytes[digits] != UInt8(ascii: "0") || index == digits + 1 else { throw GiveUp() }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fraction = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard index > fraction else { throw GiveUp() }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") { throw GiveUp() }
        return UnsafeBufferPointer(rebasing: bytes[start..<index])
    }

    private static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> Substring {
        Substring(String(decoding: bytes, as: UTF8.self))
    }

    /// Checks a string's escapes as ``unescaped(_:)`` reads them, giving up alike, without
    /// making the string.
    private static func checkEscapes(_ raw: UnsafeBufferPointer<UInt8>) throws {
        var nothing: [UInt8]?
        try readEscapes(raw, into: &nothing)
    }

    /// A string's bytes between its quotes with its escapes read; a lone surrogate, an escape
    /// JSON does not have, or bytes that are not UTF-8 give up.
    private static func unescaped(_ raw: UnsafeBufferPointer<UInt8>) throws -> String {
        var out: [UInt8]? = []
        out?.reserveCapacity(raw.count)
        try readEscapes(raw, into: &out)
        guard let text = String(validating: out ?? [], as: UTF8.self) else { throw GiveUp() }
        return text
    }

    /// Reads the escapes of a string's bytes `raw`, giving up on a lone surrogate or an escape
    /// JSON does not have; with `out`, writes the UTF-8 of the text they stand for into it.
    private static func readEscapes(_ raw: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]?) throws {
        var index = 0
        func hex4(_ at: Int) throws -> UInt32 {
            guard at + 4 <= raw.count, let value = HexDigits.value(of: raw[at..<at + 4]) else { throw GiveUp() }
            return value
        }
        while index < raw.count {
            let byte = raw[index]
            guard byte == UInt8(ascii: "\\") else {
                out?.append(byte)
                index += 1
                continue
            }
            guard index + 1 < raw.count else { throw GiveUp() }
            let escape = raw[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out?.append(escape)
            case UInt8(ascii: "b"): out?.append(0x08)
            case UInt8(ascii: "f"): out?.append(0x0C)
            case UInt8(ascii: "n"): out?.append(0x0A)
            case UInt8(ascii: "r"): out?.append(0x0D)
            case UInt8(ascii: "t"): out?.append(0x09)
            case UInt8(ascii: "u"):
                var code = try hex4(index)
                index += 4
                if (0xD800..<0xDC00).contains(code) {
                    guard index + 6 <= raw.count, raw[index] == UInt8(ascii: "\\"), raw[index + 1] == UInt8(ascii: "u") else { throw GiveUp() }
                    let low = try hex4(index + 2)
                    guard (0xDC00..<0xE000).contains(low) else { throw GiveUp() }
                    index += 6
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw GiveUp() }
                if out != nil { out! += Array(String(scalar).utf8) }
            default:
                throw GiveUp()
            }
        }
    }
}
