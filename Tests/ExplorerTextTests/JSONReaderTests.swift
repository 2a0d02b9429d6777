import Foundation
import Testing
@testable import ExplorerText

/// JSON read keeping each object's members in order, from text from anywhere.
@Suite("JSONReader")
struct JSONReaderTests {
    @Test func membersKeepTheirOrderAndALaterDuplicateReplacesInPlace() throws {
        let value = try #require(JSONReader.value(Data(#"{"z": 1, "a": [true, null, "x\u00e9\ud83d\ude00"], "z": 2.5}"#.utf8)))
        #expect(JSONWriter.string(value) == #"{"z":2.5,"a":[true,null,"xé😀"]}"#)
    }

    @Test func whatIsNotJSONIsNil() {
        for text in ["", "{", "[1,]x", #"{"a" 1}"#, "nul", #""unterminated"#, String(repeating: "[", count: 300) + String(repeating: "]", count: 300)] {
            #expect(JSONReader.value(Data(text.utf8)) == nil, "\(text.prefix(20))")
        }
    }

    /// An object of 100,000 members reads in one pass (looking each key up among those before
    /// it would take five billion comparisons).
    @Test func aLargeObjectReadsInOnePass() throws {
        let text = "{" + (0..<100_000).map { "\"k\($0)\": \($0)" }.joined(separator: ",") + "}"
        let value = try #require(JSONReader.value(Data(text.utf8)))
        guard case .object(let object) = value else { Issue.record("not an object"); return }
        #expect(object.count == 100_000)
        #expect(object["k99999"] == .int(99_999))
    }

    @Test func prettyLinesIndentEachLevel() throws {
        let value = try #require(JSONReader.value(Data(#"{"a": {"b": [1, {}]}, "c": []}"#.utf8)))
        #expect(JSONWriter.prettyLines(value) == ["{", #"  "a": {"#, #"    "b": ["#, "      1,", "      {}", "    ]", "  },", #"  "c": []"#, "}"])
    }
}
