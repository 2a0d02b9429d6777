import CPlainText
import Testing

/// The scan the JSON reader passes over plain text with stops at the first byte a string's
/// plain text cannot hold, wherever it falls in a block of sixteen and after it, and only there.
@Suite struct PlainTextScanTests {
    static func isStop(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80
    }

    @Test func stopsAtTheFirstByteThatIsNotPlainText() {
        for byte in UInt8.min...UInt8.max {
            for position in 0..<40 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 40)
                bytes[position] = byte
                let length = bytes.withUnsafeBufferPointer { explorer_plain_text_length($0.baseAddress, $0.count) }
                #expect(length == (Self.isStop(byte) ? position : 40), "byte \(byte) at \(position)")
            }
        }
    }

    @Test func readsNoFurtherThanItIsTold() {
        let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 40) + [UInt8(ascii: "\"")]
        for count in 0...40 {
            #expect(bytes.withUnsafeBufferPointer { explorer_plain_text_length($0.baseAddress, count) } == count)
        }
    }
}
