/// The four hex digits of a JSON `\u` escape, read as a number.
enum HexDigits {
    /// The value of `digits` (`0`–`9`, `a`–`f`, `A`–`F`, no sign), or nil for anything else.
    static func value<Digits: Collection<UInt8>>(of digits: Digits) -> UInt32? {
        var value: UInt32 = 0
        for byte in digits {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
