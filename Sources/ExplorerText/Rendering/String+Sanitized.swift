extension String {
    /// The string made safe to print on a terminal: no C0 or C1 control characters, no DEL,
    /// no bidirectional overrides. Tabs and line breaks become single spaces, so one value stays
    /// on one line; everything else that could move the cursor or start an escape sequence
    /// (ESC, CSI, OSC, BEL, backspace, …) is removed.
    ///
    /// Every string that came from the network passes through here before it is printed.
    public var sanitizedForTerminal: String {
        if DisplayWidth.isPrintableASCII(self) { return self }  // nothing to do
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
}
