extension String {
    /// The string made safe to print on a terminal: no C0 or C1 control characters, no DEL,
    /// no bidirectional overrides. Tabs and line breaks become single spaces, so one value stays
    /// on one line; everything else that could move the cursor or start an escape sequence
    /// (ESC, CSI, OSC, BEL, backspace, …) is removed.
    ///
    /// Every string that came from the network passes through here before it is printed.
    public var sanitizedForTerminal: String {
        // Most text has nothing to remove: one look over its bytes says so.
        if !withUTF8Bytes(Self.holdsUnprintable) { return self }
        var scalars = String.UnicodeScalarView()
        scalars.reserveCapacity(unicodeScalars.count)
        for scalar in unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D, 0x0B, 0x0C, 0x85, 0x2028, 0x2029:
                scalars.append(" ")
            case 0x00...0x1F, 0x7F...0x9F:
                continue
            case 0x202A...0x202E, 0x2066...0x2069:
                continue
            default:
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// ``sanitizedForTerminal`` and its ``displayWidth``: printable ASCII and a list's stars, the
    /// most of what a table holds, are both found and measured in one look over their bytes.
    var sanitizedAndMeasured: (text: String, width: Int) {
        if let width = withUTF8Bytes(DisplayWidth.simpleWidth) { return (self, width) }
        let sanitized = sanitizedForTerminal
        return (sanitized, sanitized.displayWidth)
    }

    /// Whether UTF-8 `bytes` hold anything ``sanitizedForTerminal`` changes: a C0 control or
    /// DEL (one byte), a C1 control (`C2 80`–`C2 9F`), a line or paragraph separator or a
    /// bidirectional embedding or override (`E2 80 A8`–`E2 80 AE`), or an isolate
    /// (`E2 81 A6`–`E2 81 A9`).
    static func holdsUnprintable(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x20 || byte == 0x7F { return true }
            if byte == 0xC2, index + 1 < count, bytes[index + 1] < 0xA0 { return true }
            if byte == 0xE2, index + 2 < count {
                let second = bytes[index + 1], third = bytes[index + 2]
                if second == 0x80 && (0xA8...0xAE).contains(third) { return true }
                if second == 0x81 && (0xA6...0xA9).contains(third) { return true }
            }
            index += 1
        }
        return false
    }
}
