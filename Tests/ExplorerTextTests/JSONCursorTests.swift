import ExplorerText
import Foundation
import TestSupport
import Testing

/// The cursor passes over plain text sixteen bytes at a time, up to the first byte that stops it
/// (a quote, an escape, a byte past ASCII, a control character): wherever that byte falls in
/// the sixteen, a string reads as JSONSerialization reads it, and a key as it is written. What it
/// passes over it checks as it would read it, and the numbers it reads are the ones Swift's own
/// parsers make of their text.
@Suite struct JSONCursorTests {
    static let quote = UInt8(ascii: "\"")

    static func string(_ json: [UInt8]) -> String? {
        json.withUnsafeBufferPointer { buffer in
            var cursor = JSONCursor(buffer)
            return try? cursor.string()
        }
    }

    static func firstKey(_ json: [UInt8]) -> [UInt8]? {
        json.withUnsafeBufferPointer { buffer in
            var cursor = JSONCursor(buffer)
            var first = true
            guard (try? cursor.enterObject()) != nil, let key = try? cursor.nextKey(first: &first) else { return nil }
            return key.map { $0 }
        }
    }

    @Test func aStringReadsAsJSONSerializationReadsItWhereverItStops() throws {
        let stops = [#"\""#, #"\\"#, #"\n"#, #"\u00e9"#, "é", "桜", "\u{7F}", "~"].map { Array($0.utf8) }
        for length in 0..<40 {
            let before = [UInt8](repeating: UInt8(ascii: "a"), count: length)
            for stop in stops {
                let json = [Self.quote] + before + stop + Array("bcdefghijk".utf8) + [Self.quote]
                let expected = try JSONSerialization.jsonObject(with: Data(json), options: .fragmentsAllowed) as? String
                #expect(Self.string(json) == expected, "\(length) bytes before \(String(decoding: stop, as: UTF8.self))")
            }
            #expect(Self.string([Self.quote] + before + [0x09, Self.quote]) == nil, "a tab in a string is not JSON")
            #expect(Self.string([Self.quote] + before + [0xFF, Self.quote]) == nil, "nor a byte that is not UTF-8")
            #expect(Self.string([Self.quote] + before) == nil, "nor a string that does not end")
        }
    }

    @Test func aKeyIsItsBytesWhereverItEnds() {
        for length in 1..<40 {
            let key = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            #expect(Self.firstKey(Array("{\"".utf8) + key + Array("\": 1}".utf8)) == key)
            for odd in [#"\u0061"#, "é", "\u{1}"] {
                #expect(Self.firstKey(Array("{\"".utf8) + key + Array(odd.utf8) + Array("\": 1}".utf8)) == nil,
                        "a key with an escape, a byte past ASCII or a control character is left to JSONDecoder")
            }
        }
    }

    static func read<Value>(_ json: String, _ reading: (inout JSONCursor) throws -> Value) -> Value? {
        Array(json.utf8).withUnsafeBufferPointer { buffer in
            var cursor = JSONCursor(buffer)
            guard let value = try? reading(&cursor), (try? cursor.end()) != nil else { return nil }
            return value
        }
    }

    @Test(arguments: [#""plain""#, #""caf\u00e9 \ud83c\udfb8 \"q\" \\ \/ \b\f\n\r\t""#, #""\u0000""#, "\"é桜\"",
                      #""lone \ud800 high""#, #""lone \udc00 low""#, #""\ud800\u0041 not low""#, #""\ud800\""#,
                      #""bad \x escape""#, #""short \u12""#, #""\u12g4""#, #""ends \""#, "\"tab\tinside\"",
                      "\"\u{7F}\"", "\"\u{1}\""])
    func aStringIsPassedOverWhereItIsRead(_ json: String) {
        let read = Self.read(json) { try $0.string() }
        let passed = Self.read(json) { try $0.skipValue() }
        #expect((read != nil) == (passed != nil))
    }

    @Test func bytesThatAreNotUTF8AreNotPassedOver() {
        for bytes in [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80]] as [[UInt8]] {
            let broken = Array(#"["x"#.utf8) + bytes + Array(#"y"]"#.utf8)
            let passed = broken.withUnsafeBufferPointer { buffer in
                var cursor = JSONCursor(buffer)
                return (try? cursor.skipValue()) != nil
            }
            #expect(!passed, "\(bytes)")
        }
    }

    @Test func anIntegerIsWhatIntMakesOfItsTextOrGivesUp() {
        for text in ["0", "-0", "7", "-7", "42", "123456789012345678", "-12345678901234567"] {
            #expect(Self.read(text) { try $0.integer() } == Int(text), "\(text)")
        }
        for text in ["01", "-", "1.", "1.0", "1e3", "1E3", "1234567890123456789", "-123456789012345678", "+1", ".5"] {
            #expect(Self.read(text) { try $0.integer() } == nil, "\(text) is left to JSONDecoder")
        }
    }

    @Test func aDecimalIsWhatDoubleMakesOfItsText() {
        var generator = SplitMix64(seed: 44)
        var texts = ["0", "0.0", "1.29", "-1.5", "9.99", "0.1", "0.3", "123456789012345", "1234567890123456",
                     "0.00000000000001", "0.0000000000000000000001", "99999999999999999999.5", "1.2900000000000000355"]
        for _ in 0..<20_000 {
            func digits(_ count: ClosedRange<Int>) -> String {
                String((0..<Int.random(in: count, using: &generator)).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
            }
            let whole = String(digits(0...9).drop { $0 == "0" })
            let fraction = digits(0...10)
            let text = (whole.isEmpty ? "0" : whole) + (fraction.isEmpty ? "" : "." + fraction)
            texts.append(Bool.random(using: &generator) ? "-" + text : text)
        }
        for text in texts where !(text.hasPrefix("-") && Double(text) == 0) {
            #expect(Self.read(text) { try $0.double() } == Double(text), "\(text)")
        }
    }

    @Test func bytesHoldATextWhenTheyAreItsUTF8() {
        let texts: [StaticString] = ["", "a", "kind", "trackId", "currency", "trackName", "collectionName", "primaryGenreName",
                                     "collectionExplicitness", "abcdefghijklmnopqrstuvwxyz0123456789"]
        for text in texts {
            let utf8 = Array(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
            utf8.withUnsafeBufferPointer { #expect($0.holds(text)) }
            Array(utf8.dropLast()).withUnsafeBufferPointer { #expect(!$0.holds(text) || utf8.isEmpty) }
            (utf8 + [0x61]).withUnsafeBufferPointer { #expect(!$0.holds(text)) }
            for position in utf8.indices {
                var changed = utf8
                changed[position] ^= 0x20
                changed.withUnsafeBufferPointer { #expect(!$0.holds(text), "differs at \(position)") }
            }
        }
    }
}
