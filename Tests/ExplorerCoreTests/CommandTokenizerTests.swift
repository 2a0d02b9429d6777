import Testing
import TestSupport
@testable import ExplorerCore

@Suite("CommandTokenizer")
struct CommandTokenizerTests {
    // MARK: Words

    @Test func splitsWordsOnSpacesAndTabs() throws {
        #expect(try CommandTokenizer.commands(in: "open 3") == [["open", "3"]])
        #expect(try CommandTokenizer.commands(in: "  sort\tlength   desc\t ") == [["sort", "length", "desc"]])
    }

    @Test func emptyAndBlankLinesHaveNoCommands() throws {
        #expect(try CommandTokenizer.commands(in: "") == [])
        #expect(try CommandTokenizer.commands(in: " \t  ") == [])
    }

    @Test func keepsUnicodeWordsWhole() throws {
        #expect(try CommandTokenizer.commands(in: "search 周杰倫 café") == [["search", "周杰倫", "café"]])
    }

    // MARK: Quotes

    @Test func doubleQuotesGroupWords() throws {
        #expect(try CommandTokenizer.commands(in: #"search "Millennium Falcon" now"#) == [["search", "Millennium Falcon", "now"]])
    }

    @Test func doubleQuotesAllowEscapedQuoteAndBackslash() throws {
        #expect(try CommandTokenizer.words(in: #"say "a \"b\" c""#) == ["say", #"a "b" c"#])
        #expect(try CommandTokenizer.words(in: #"say "back\\slash""#) == ["say", #"back\slash"#])
    }

    @Test func doubleQuotesKeepOtherBackslashesAsTyped() throws {
        #expect(try CommandTokenizer.words(in: #"say "a\nb\tc""#) == ["say", #"a\nb\tc"#])
    }

    @Test func singleQuotesAreLiteral() throws {
        #expect(try CommandTokenizer.words(in: #"say 'a \" b\\ c'"#) == ["say", #"a \" b\\ c"#])
        #expect(try CommandTokenizer.words(in: #"say 'she said "hi"'"#) == ["say", #"she said "hi""#])
    }

    @Test func quotedPartsJoinAdjacentText() throws {
        #expect(try CommandTokenizer.words(in: #"pre"mid dle"'po st'end"#) == ["premid dlepo stend"])
    }

    @Test func backslashOutsideQuotesTakesNextCharacterLiterally() throws {
        #expect(try CommandTokenizer.words(in: #"open a\ b"#) == ["open", "a b"])
        #expect(try CommandTokenizer.words(in: #"say \"hi\""#) == ["say", #""hi""#])
        #expect(try CommandTokenizer.words(in: #"say \'x"#) == ["say", "'x"])
        #expect(try CommandTokenizer.words(in: #"say back\\slash"#) == ["say", #"back\slash"#])
    }

    @Test func quotedEmptyWordsAreKept() throws {
        #expect(try CommandTokenizer.words(in: #"find "" x"#) == ["find", "", "x"])
        #expect(try CommandTokenizer.words(in: "find ''") == ["find", ""])
        #expect(try CommandTokenizer.commands(in: #""""#) == [[""]])
        #expect(try CommandTokenizer.commands(in: #"""; x"#) == [[""], ["x"]])
    }

    // MARK: Semicolons

    @Test func semicolonSeparatesCommands() throws {
        #expect(try CommandTokenizer.commands(in: "use starships; page 2;open 14") == [["use", "starships"], ["page", "2"], ["open", "14"]])
    }

    @Test func emptyCommandsBetweenSemicolonsAreDropped() throws {
        #expect(try CommandTokenizer.commands(in: "a;;b; ;") == [["a"], ["b"]])
        #expect(try CommandTokenizer.commands(in: ";") == [])
        #expect(try CommandTokenizer.commands(in: "; ; ") == [])
    }

    @Test func quotedOrEscapedSemicolonStaysInTheWord() throws {
        #expect(try CommandTokenizer.commands(in: #"search "a;b"; page 2"#) == [["search", "a;b"], ["page", "2"]])
        #expect(try CommandTokenizer.commands(in: "search 'x ; y'") == [["search", "x ; y"]])
        #expect(try CommandTokenizer.commands(in: #"search a\;b"#) == [["search", "a;b"]])
    }

    // MARK: Errors

    @Test func unbalancedDoubleQuoteIsAnError() {
        #expect(throws: CommandError("unbalanced quote: a \" is never closed")) {
            try CommandTokenizer.commands(in: #"search "Millennium Falcon"#)
        }
    }

    @Test func unbalancedSingleQuoteIsAnError() {
        #expect(throws: CommandError("unbalanced quote: a ' is never closed")) {
            try CommandTokenizer.commands(in: "search 'Millennium Falcon")
        }
    }

    @Test func unbalancedQuoteAfterASemicolonFailsTheWholeLine() {
        #expect(throws: CommandError("unbalanced quote: a ' is never closed")) {
            try CommandTokenizer.commands(in: "use starships; search 'x")
        }
    }

    @Test func escapedClosingQuoteDoesNotCloseIt() {
        #expect(throws: CommandError("unbalanced quote: a \" is never closed")) {
            try CommandTokenizer.commands(in: #"say "abc\""#)
        }
        #expect(throws: CommandError("unbalanced quote: a \" is never closed")) {
            try CommandTokenizer.commands(in: #"say "abc\"#)
        }
    }

    @Test func wordsRejectsSeveralCommands() throws {
        #expect(throws: CommandError("one command at a time here (found a `;`)")) {
            try CommandTokenizer.words(in: "open 1; open 2")
        }
        #expect(try CommandTokenizer.words(in: "open 1;") == ["open", "1"])
        #expect(try CommandTokenizer.words(in: "") == [])
    }

    @Test func errorMessageIsItsDescription() {
        let error = CommandError("unbalanced quote: a ' is never closed")
        #expect(error.description == "unbalanced quote: a ' is never closed")
        #expect(CommandError.usage("open N").description == "usage: open N")
    }

    @Test func aHashStartingAWordCommentsOutTheRestOfTheLine() throws {
        #expect(try CommandTokenizer.commands(in: "use starships # the first") == [["use", "starships"]])
        #expect(try CommandTokenizer.commands(in: "open 5;  # page 2") == [["open", "5"]])
        #expect(try CommandTokenizer.commands(in: "# all of it") == [])
        #expect(try CommandTokenizer.commands(in: "open 5 #; page 2") == [["open", "5"]])
    }

    @Test func aHashInsideAWordOrQuotesIsText() throws {
        #expect(try CommandTokenizer.commands(in: "search c#minor") == [["search", "c#minor"]])
        #expect(try CommandTokenizer.commands(in: ##"search "# one" '#two'"##) == [["search", "# one", "#two"]])
    }
}
