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

    /// A file a person wrote is read by the letter: what a lenient reading takes (a key twice,
    /// a number or escape off the grammar) is not JSON to the strict one.
    @Test func theStrictReadingRefusesWhatTheLenientTakes() throws {
        for text in [#"{"a": 1, "a": 2}"#, #"{"a": 1, "b": {"c": 1, "c": 1}}"#, "[01]", "[+1]", "[1.]", "[.5]", "[1e]", "[-]", "[1.5e+]",
                     "[--1]", #"["\u+fff"]"#] {
            #expect(JSONReader.strictValue(Data(text.utf8)) == nil, "\(text)")
        }
        for text in [#"{"a": 1, "a": 2}"#, "[01]", "[+1]", "[1.]"] {
            #expect(JSONReader.value(Data(text.utf8)) != nil, "\(text)")
        }
        let text = #"{"n": [0, -0, 10, -12, 1.5, -0.25e+3, 2E-2, 9223372036854775807, -9223372036854775808, 1e400], "s": "x\u00e9\ud83d\ude00é"}"#
        #expect(JSONReader.strictValue(Data(text.utf8)) == nil, "1e400 is not a finite number")
        let read = try #require(JSONReader.strictValue(Data(text.replacingOccurrences(of: ", 1e400", with: "").utf8)))
        #expect(JSONWriter.string(read) == #"{"n":[0,0,10,-12,1.5,-250,0.02,9223372036854775807,-9223372036854775808],"s":"xé😀é"}"#)
        // The forty-first key repeats the first: found after the object outgrows its search.
        let large = "{" + (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ",") + ", \"k0\": 1}"
        #expect(JSONReader.strictValue(Data(large.utf8)) == nil)
        #expect(JSONReader.value(Data(large.utf8))?["k0"] == .int(1))
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
