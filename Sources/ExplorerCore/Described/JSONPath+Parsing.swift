extension JSONPath {
    /// The path `text` writes, or nil when it is not one: keys joined by `.` (`user.login`),
    /// `[]` right after a key to map over that key's array (`types[].type.name`), and `$` for
    /// the value itself (`$.a.b` is `a.b`). A key is any text without `.`, `[`, `]` or a
    /// control character; there is no escaping. Nil for an empty text or key (`a..b`, `a.`,
    /// `.a`), a `[]` after anything but a key (`[]`, `a[][]`), a bracket that is not `[]`
    /// (`a[0]`, `a[*]`, `a]`), or text right after a `[]` (`a[]b`).
    public static func parse(_ text: String) -> JSONPath? {
        if text == "$" { return .root }
        let bytes = Array(text.utf8)
        var start = bytes.starts(with: "$.".utf8) ? 2 : 0
        var segments: [Segment] = []
        while true {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: ".")) ?? bytes.endIndex
            var key = bytes[start..<end]
            let each = key.count >= 2 && key[end - 2] == UInt8(ascii: "[") && key[end - 1] == UInt8(ascii: "]")
            if each { key = key.dropLast(2) }
            guard !key.isEmpty, isKey(key) else { return nil }
            segments.append(.key(String(decoding: key, as: UTF8.self)))
            if each { segments.append(.each) }
            guard end < bytes.endIndex else { break }
            start = end + 1
        }
        return JSONPath(segments: segments, description: text)
    }

    /// Whether `key` has no `.`, `[`, `]` or control character (C0, DEL or C1: U+0080–U+009F
    /// is `C2 80`–`C2 9F` in UTF-8).
    private static func isKey(_ key: ArraySlice<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for byte in key {
            switch byte {
            case UInt8(ascii: "."), UInt8(ascii: "["), UInt8(ascii: "]"), 0..<0x20, 0x7F: return false
            case 0x80...0x9F where previous == 0xC2: return false
            default: previous = byte
            }
        }
        return true
    }
}
