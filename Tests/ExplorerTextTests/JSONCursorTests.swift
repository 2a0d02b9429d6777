import ExplorerText
import Foundation
import Testing

/// The cursor passes over plain text eight bytes at a time, up to the first byte that stops it
/// (a quote, an escape, a byte past ASCII, a control character): wherever that byte falls in
/// the eight, a string reads as JSONSerialization reads it, and a key as it is written.
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
        for length in 0..<20 {
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
        for length in 1..<20 {
            let key = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            #expect(Self.firstKey(Array("{\"".utf8) + key + Array("\": 1}".utf8)) == key)
            for odd in [#"\u0061"#, "é", "\u{1}"] {
                #expect(Self.firstKey(Array("{\"".utf8) + key + Array(odd.utf8) + Array("\": 1}".utf8)) == nil,
                        "a key with an escape, a byte past ASCII or a control character is left to JSONDecoder")
            }
        }
    }
}
