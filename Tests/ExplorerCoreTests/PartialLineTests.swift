import Testing
@testable import ExplorerCore

/// Completion reads the line before the cursor as the tokenizer reads a line, and writes a
/// completed word back so that the tokenizer reads it as that word again.
@Suite("PartialLine")
struct PartialLineTests {
    /// The line after libedit puts the replacement in place of its word.
    static func completed(_ line: String, _ candidate: String, isOnly: Bool = true) -> String? {
        let typed = PartialLine(line)
        guard let replacement = typed.replacement(for: candidate, isOnly: isOnly) else { return nil }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: line.unicodeScalars.prefix(typed.editorWordStart))
        return String(kept) + replacement
    }

    @Test func theWordAtTheCursorIsReadAsTheTokenizerReadsIt() {
        #expect(PartialLine("run my\\ d").words == ["run"])
        #expect(PartialLine("run my\\ d").partial == "my d")
        #expect(PartialLine("run \"my d").partial == "my d")
        #expect(PartialLine("run 'my d").partial == "my d")
        #expect(PartialLine("run \"a;b").partial == "a;b")
        #expect(PartialLine("run \"a;b").words == ["run"])
        #expect(PartialLine("use fake; run a").words == ["run"])
        #expect(PartialLine("run ").partial == "")
        #expect(PartialLine("run ").words == ["run"])
        #expect(PartialLine("search c#m").partial == "c#m")
        #expect(PartialLine("open 5  # the Fal").inComment)
        #expect(PartialLine("run my\\").partial == "my")
    }

    @Test func aNameWithASpaceIsEscapedAsReadlineEscapesIt() {
        #expect(Self.completed("run my", "my demo.txt") == "run my\\ demo.txt")
        #expect(Self.completed("run my\\ d", "my demo.txt") == "run my\\ demo.txt")
        #expect(Self.completed("run ", "my demo.txt") == "run my\\ demo.txt")
        // libedit's word is what follows the escaped space's backslash-free break: all of it.
        #expect(PartialLine("run my\\ d").replacement(for: "my demo.txt", isOnly: true) == "my\\ demo.txt")
    }

    @Test func anOpenQuoteIsKeptAndClosedOnTheOnlyMatch() {
        #expect(Self.completed("run \"my", "my demo.txt") == "run \"my demo.txt\"")
        #expect(Self.completed("run \"my d", "my demo.txt") == "run \"my demo.txt\"")
        // libedit replaces only what follows the space inside the quotes.
        #expect(PartialLine("run \"my d").replacement(for: "my demo.txt", isOnly: true) == "demo.txt\"")
        #expect(Self.completed("run \"my", "my demo.txt", isOnly: false) == "run \"my demo.txt")
        #expect(Self.completed("run 'it", "it's here.txt") == "run 'it'\\''s here.txt'")
        // A directory goes on: its quote stays open.
        #expect(Self.completed("run \"my", "my dir/") == "run \"my dir/")
    }

    @Test func plainWordsAreReplacedAsBefore() {
        #expect(PartialLine("tr").replacement(for: "trace", isOnly: true) == "trace")
        #expect(PartialLine("TR").replacement(for: "trace", isOnly: true) == "trace")
        #expect(PartialLine("filter eye=b").replacement(for: "eye=blue", isOnly: true) == "eye=blue")
        #expect(PartialLine("open ").replacement(for: "05", isOnly: false) == "05")
    }

    @Test("a completed name reads back as that name, however it was begun",
          arguments: ["my demo.txt", "it's.txt", "semi;colon.txt", "#hash.txt", "back\\slash.txt", "say \"hi\".txt",
                      "tab\there.txt", "plain.txt", "ünï cødé.txt", "c#minor.txt"])
    func aCompletedNameReadsBack(name: String) throws {
        let start = String(name.prefix(4))
        let begun = [
            "run ",
            "run " + String(String.UnicodeScalarView(PartialLine.escaped(Array(start.unicodeScalars)[...], inside: nil, atWordStart: true))),
            "run \"" + String(String.UnicodeScalarView(PartialLine.escaped(Array(start.unicodeScalars)[...], inside: "\"", atWordStart: false))),
            "run '" + String(String.UnicodeScalarView(PartialLine.escaped(Array(start.unicodeScalars)[...], inside: "'", atWordStart: false))),
        ]
        for line in begun {
            #expect(PartialLine(line).partial == (line == "run " ? "" : start), "\(line)")
            let completed = try #require(Self.completed(line, name), "\(line)")
            #expect(try CommandTokenizer.words(in: completed) == ["run", name], "\(line) → \(completed)")
        }
    }
}
