extension ReadableNumber {
    /// `value` in decimal digits (`-1234`), or grouped by threes with commas (`-1,234`): the
    /// digits written from the right into a buffer on the stack, and one string made of them
    /// (why not `String(value)`: docs/performance.md).
    public static func decimal(_ value: Int, grouped: Bool = false) -> String {
        // 19 digits, 6 commas and a sign at most.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 26) { buffer in
            var magnitude = value.magnitude
            var start = buffer.count
            var digits = 0
            repeat {
                if grouped, digits > 0, digits % 3 == 0 {
                    start -= 1
                    buffer[start] = UInt8(ascii: ",")
                }
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                digits += 1
            } while magnitude > 0
            if value < 0 {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            return String(uncheckedUTF8: UnsafeBufferPointer(rebasing: buffer[start...]), isASCII: true)
        }
    }
}
