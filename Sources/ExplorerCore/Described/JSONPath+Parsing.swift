extension JSONPath {
    /// The path `text` writes, or nil when it is not one: keys joined by `.` (`user.login`),
    /// `[]` right after a key to map over that key's array (`types[].type.name`), and `$` for
    /// the value itself (`$.a.b` is `a.b`). A key is any text without `.`, `[`, `]` or a
    /// control character; there is no escaping. Nil for an empty text or key (`a..b`, `a.`,
    /// `.a`), a `[]` after anything but a key (`[]`, `a[][]`), a bracket that is not `[]`
    /// (`a[0]`, `a[*]`, `a]`), or text right after a `[]` (`a[]b`).
    public static func parse(_ text: String) -> JSONPath? {
        if text == "$" { return .root }
        var rest = Substring(text)
        if rest.hasPrefix("$.") { rest = rest.dropFirst(2) }
        var segments: [Segment] = []
        for part in rest.split(separator: ".", omittingEmptySubsequences: false) {
            var key = part
            var each = false
            if key.hasSuffix("[]") {
                key = key.dropLast(2)
                each = true
            }
            guard !key.isEmpty, key.unicodeScalars.allSatisfy(isKeyScalar) else { return nil }
            segments.append(.key(String(key)))
            if each { segments.append(.each) }
        }
        return JSONPath(segments: segments, description: text)
    }

    private static func isKeyScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case ".", "[", "]": false
        default: !(scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value))
        }
    }
}
