import Testing
import TestSupport
@testable import ExplorerCore

@Suite("String.editDistance and nearest")
struct EditDistanceTests {
    @Test(arguments: [
        ("kitten", "sitting", 3),
        ("flaw", "lawn", 2),
        ("same", "same", 0),
        ("", "abc", 3),
        ("abc", "", 3),
        ("", "", 0),
        ("opn", "open", 1),
        ("help", "hlep", 1),  // a swap of neighbours is one edit
        ("abcd", "badc", 2),
        ("周杰倫", "周杰", 1),
    ])
    func levenshteinDistance(a: String, b: String, expected: Int) {
        #expect(a.editDistance(to: b) == expected)
        #expect(b.editDistance(to: a) == expected)
    }

    @Test func typoFindsTheCommand() {
        #expect("opn".nearest(in: ["open", "page", "fav", "sort"]) == "open")
        #expect("pgae".nearest(in: ["open", "page", "fav"]) == "page") // a transposition is one edit
        #expect("xyzq".nearest(in: ["open", "page", "fav"]) == nil)
        #expect("halp".nearest(in: ["features", "help", "use"]) == "help")
        #expect("favourites".nearest(in: ["favs", "features", "favorites"]) == "favorites")
    }

    @Test func prefixWinsAndTheShortestPrefixedCandidateIsChosen() {
        #expect("fe".nearest(in: ["fav", "features"]) == "features")
        #expect("f".nearest(in: ["features", "fav", "favs"]) == "fav")
        #expect("o".nearest(in: ["open", "off", "on"]) == "on")
    }

    @Test func prefixMatchIgnoresTheCaseOfWhatWasTyped() {
        #expect("HEL".nearest(in: ["help"]) == "help")
        #expect("Opn".nearest(in: ["open"]) == "open")
    }

    @Test func nothingNearIsNil() {
        #expect("xyz".nearest(in: ["open", "help", "page"]) == nil)
        #expect("quux".nearest(in: ["features", "use"]) == nil)
        #expect("open".nearest(in: []) == nil)
    }

    @Test func emptyOrVeryLongInputIsNil() {
        #expect("".nearest(in: ["open", "help"]) == nil)
        let long = String(repeating: "a", count: 65)
        #expect(long.nearest(in: [long, long + "b"]) == nil)
        let sixtyFour = String(repeating: "a", count: 64)
        #expect(sixtyFour.nearest(in: [sixtyFour]) == sixtyFour)
    }

    @Test func limitIsAThirdOfTheLettersButAtLeastOne() {
        // 6 letters: up to 2 edits.
        #expect("sourse".nearest(in: ["source"]) == "source")
        #expect("soyrse".nearest(in: ["source"]) == "source")
        #expect("xoyrse".nearest(in: ["source"]) == nil)
        // 2 letters: still 1 edit.
        #expect("ux".nearest(in: ["us"]) == "us")
        #expect("xy".nearest(in: ["us"]) == nil)
    }

    @Test func tieOnDistanceGoesToTheAlphabeticallyFirst() {
        #expect("cat".nearest(in: ["hat", "bat"]) == "bat")
        #expect("cat".nearest(in: ["bat", "hat"]) == "bat")
    }

    @Test func closerCandidateWinsOverAFartherOne() {
        // 6 letters allow 2 edits; "trxcx1" is 2 away and sorts first, "zrace1" is 1 away.
        #expect("trace1".editDistance(to: "trxcx1") == 2)
        #expect("trace1".nearest(in: ["trxcx1", "zrace1"]) == "zrace1")
        #expect("trace1".nearest(in: ["trxcx1"]) == "trxcx1")
    }
}
