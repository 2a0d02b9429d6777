import Testing
@testable import ExplorerText

/// A string made of bytes the program wrote, without checking them again, is the string
/// checking them makes; and the byte look for printable ASCII, eight bytes at a time, finds
/// what a look at each byte finds.
@Suite("Unchecked UTF-8")
struct UncheckedUTF8Tests {
    @Test(arguments: ["", "a", "Millennium Falcon", "12,345", "★ X-wing…", "周杰倫 · 한국어", "e\u{301}", "👍🏽 ok",
                      String(repeating: "long ASCII text ", count: 20)])
    func isTheStringCheckingMakes(_ text: String) {
        let bytes = Array(text.utf8)
        let isASCII = bytes.allSatisfy { $0 < 0x80 }
        let made = bytes.withUnsafeBufferPointer { String(uncheckedUTF8: $0, isASCII: isASCII) }
        #expect(made == String(decoding: bytes, as: UTF8.self))
        #expect(Array(made.utf8) == bytes)
        #expect(made.count == text.count)
    }

    @Test func printableASCIIIsFoundEightBytesAtATimeAsByteByByte() {
        for count in 0...24 {
            for position in 0..<max(count, 1) {
                for byte: UInt8 in [0x00, 0x1F, 0x20, 0x41, 0x7E, 0x7F, 0x80, 0xC3, 0xFF] {
                    var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: count)
                    if count > 0 { bytes[position] = byte }
                    let expected = bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
                    #expect(bytes.withUnsafeBufferPointer(DisplayWidth.isPrintableASCII) == expected, "\(count) bytes, \(byte) at \(position)")
                }
            }
        }
    }
}
