extension String {
    /// The text without the white space and line breaks around it, as Foundation's
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` trims, scalar by scalar, without
    /// Foundation (docs/performance.md). Text with nothing to trim is returned as it is.
    public var trimmingWhitespaceAndNewlines: String {
        let scalars = unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return self }
        guard Self.isWhitespaceOrNewline(first) || Self.isWhitespaceOrNewline(last) else { return self }
        guard let start = scalars.firstIndex(where: { !Self.isWhitespaceOrNewline($0) }),
              let end = scalars.lastIndex(where: { !Self.isWhitespaceOrNewline($0) }) else { return "" }
        return String(scalars[start...end])
    }

    /// Whether `scalar` is in Foundation's `CharacterSet.whitespacesAndNewlines`: a Unicode
    /// separator (Zs, Zl, Zp), a tab, a line feed to a carriage return, U+0085, or the zero
    /// width space U+200B (which Foundation counts as white space too).
    @inlinable
    public static func isWhitespaceOrNewline(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x200B: return true
        case 0..<0x80: return false
        default:
            switch scalar.properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
            default: return false
            }
        }
    }
}
