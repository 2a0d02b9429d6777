import Foundation
import Testing
import TestSupport
@testable import ExplorerCore
@testable import ExplorerShell

@MainActor
@Suite("Shell.completions(for:)")
struct ShellCompletionTests {
    static let globalNames = ["help", "features", "use", "back", "follow", "favs", "source", "format", "once", "output", "trace", "subscriptions", "pager", "head", "arch", "diagram", "net", "clock", "raw", "record", "history", "jump", "diff", "run", "step", "quit", "exit"]
    static let featureIDs = ["fake", "films", "broken"]
    static let fakeCommands = ["ping", "fail", "go", "emit", "fetch", "slow", "silent", "filter"]

    @Test func commandNamesAndFeatureIDsAtTheStart() {
        let h = ShellHarness()
        defer { h.remove() }

        #expect(h.shell.completions(for: "") == Self.globalNames + Self.featureIDs)
        #expect(h.shell.completions(for: "   ") == Self.globalNames + Self.featureIDs)
    }

    @Test func startIsFilteredByPrefix() {
        let h = ShellHarness()
        defer { h.remove() }

        #expect(h.shell.completions(for: "f") == ["features", "follow", "favs", "format", "fake", "films"])
        #expect(h.shell.completions(for: "fa") == ["favs", "fake"])
        #expect(h.shell.completions(for: "tr") == ["trace"])
        #expect(h.shell.completions(for: "e") == ["exit"])
        #expect(h.shell.completions(for: "zz") == [])
    }

    @Test func prefixFilteringIgnoresCase() {
        let h = ShellHarness()
        defer { h.remove() }

        #expect(h.shell.completions(for: "TR") == ["trace"])
        #expect(h.shell.completions(for: "use FI") == ["films"])
    }

    @Test func theActiveFeatureAddsItsCommands() async {
        let h = ShellHarness()
        defer { h.remove() }

        #expect(h.shell.completions(for: "p") == ["pager"])
        await h.run("use fake")
        #expect(h.shell.completions(for: "") == Self.globalNames + Self.fakeCommands + Self.featureIDs)
        #expect(h.shell.completions(for: "p") == ["pager", "ping"])
        #expect(h.shell.completions(for: "f") == ["features", "follow", "favs", "format", "fail", "fetch", "filter", "fake", "films"])
        #expect(h.shell.completions(for: "s") == ["source", "subscriptions", "step", "slow", "silent"])
    }

    @Test func featureIDsAfterUse() {
        let h = ShellHarness()
        defer { h.remove() }

        #expect(h.shell.completions(for: "use ") == Self.featureIDs)
        #expect(h.shell.completions(for: "use f") == ["fake", "films"])
        #expect(h.shell.completions(for: "use fi") == ["films"])
        #expect(h.shell.completions(for: "use\tb") == ["broken"])
        #expect(h.shell.completions(for: "use   ") == Self.featureIDs)
        // One argument only.
        #expect(h.shell.completions(for: "use fake ") == [])
        #expect(h.shell.completions(for: "use fake f") == [])
    }

    @Test func onAndOffAfterTrace() {
        let h = ShellHarness()
        defer { h.remove() }

        #expect(h.shell.completions(for: "trace ") == ["on", "off", "state"])
        #expect(h.shell.completions(for: "trace o") == ["on", "off"])
        #expect(h.shell.completions(for: "trace of") == ["off"])
        #expect(h.shell.completions(for: "trace on ") == [])
    }

    @Test func otherGlobalArguments() {
        let h = ShellHarness()
        defer { h.remove() }

        #expect(h.shell.completions(for: "source ") == ["embedded", "live", "replay"])
        #expect(h.shell.completions(for: "source l") == ["live"])
        #expect(h.shell.completions(for: "favs ") == ["all"])
        #expect(h.shell.completions(for: "help ") == Self.globalNames)
        #expect(h.shell.completions(for: "help q") == ["quit"])
        #expect(h.shell.completions(for: "features ") == [])
        #expect(h.shell.completions(for: "quit ") == [])
    }

    @Test func theFeatureCommandCompletesItsOwnArguments() async {
        let h = ShellHarness()
        defer { h.remove() }

        // Not in use: its commands are unknown, so nothing is offered.
        #expect(h.shell.completions(for: "ping ") == [])
        await h.run("use fake")
        #expect(h.shell.completions(for: "ping ") == ["pong", "pang", "other"])
        #expect(h.shell.completions(for: "ping p") == ["pong", "pang"])
        #expect(h.shell.completions(for: "ping PO") == ["pong"])
        #expect(h.shell.completions(for: "ping pong ") == [])
        #expect(h.shell.completions(for: "fail ") == [])
        #expect(h.shell.completions(for: "help ") == Self.globalNames + Self.fakeCommands)
    }

    @Test func wordAwareCompletionSeesThePartialWordAndIsStillFiltered() async {
        let h = ShellHarness()
        defer { h.remove() }

        await h.run("use fake")
        #expect(h.shell.completions(for: "filter ") == ["eye=", "hair="])
        #expect(h.shell.completions(for: "filter e") == ["eye="])
        // The command offers "hair=x" too once `eye=` is typed; the shell keeps only matches.
        #expect(h.shell.completions(for: "filter eye=") == ["eye=blue", "eye=brown"])
        #expect(h.shell.completions(for: "filter eye=bl") == ["eye=blue"])
        #expect(h.shell.completions(for: "filter eye=blue ") == [])
    }

    @Test func archOffersTheSectionsWhereTheSessionIsThenTheCommands() async {
        let h = ShellHarness()
        defer { h.remove() }

        #expect(h.shell.completions(for: "arch ") == ["modules", "plugins", "stack"] + Self.globalNames.filter { $0 != "arch" })
        #expect(h.shell.completions(for: "arch st") == ["stack", "step"])
        #expect(h.shell.completions(for: "arch modules ") == ["plugins", "stack"], "the sections not typed yet")
        await h.run("use fake")
        #expect(h.shell.completions(for: "arch st") == ["state", "stack", "step"])
        #expect(h.shell.completions(for: "arch p") == ["pieces", "pager", "ping"])
        #expect(h.shell.completions(for: "arch state ") == ["pieces", "commands", "endpoints", "tables", "stack"])
        #expect(h.shell.completions(for: "arch ping ") == [], "after a command: nothing")
    }

    @Test func rawOffersItsPartsAndTheAnswersKept() async {
        let h = ShellHarness()
        defer { h.remove() }

        #expect(h.shell.completions(for: "raw ") == ["headers", "body"])
        await h.run("use fake")
        await h.run("fetch /things/")
        #expect(h.shell.completions(for: "raw ") == ["headers", "body", "1"])
        #expect(h.shell.completions(for: "raw h") == ["headers"])
        #expect(h.shell.completions(for: "raw body ") == ["1"])
        #expect(h.shell.completions(for: "raw 1 ") == ["headers", "body"])
        #expect(h.shell.completions(for: "raw 1 body ") == [])
    }

    @Test func headOffersNothingForItsNumber() async {
        let h = ShellHarness()
        defer { h.remove() }

        await h.run("use fake")
        #expect(h.shell.completions(for: "he") == ["help", "head"])
        #expect(h.shell.completions(for: "head ") == [])
    }

    @Test func unknownCommandsOfferNothing() {
        let h = ShellHarness()
        defer { h.remove() }

        #expect(h.shell.completions(for: "nope ") == [])
        #expect(h.shell.completions(for: "fake ") == [])
    }

    @Test func completionStartsAfreshAfterASemicolon() async {
        let h = ShellHarness()
        defer { h.remove() }

        #expect(h.shell.completions(for: "features; tr") == ["trace"])
        #expect(h.shell.completions(for: "features;tr") == ["trace"])
        #expect(h.shell.completions(for: "features; use f") == ["fake", "films"])
        #expect(h.shell.completions(for: "use fake; trace o") == ["on", "off"])
        #expect(h.shell.completions(for: "use fake; ") == Self.globalNames + Self.featureIDs)
        await h.run("use fake")
        #expect(h.shell.completions(for: "back; ping pa") == ["pang"])
    }

    @Test func onceAndOutputCompleteFileNamesAsRunDoes() throws {
        let h = ShellHarness()
        defer { h.remove() }
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        for name in ["ships.csv", "ships.json", "1", "10", "out/a.csv"] {
            let url = directory.file(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data().write(to: url)
        }
        let here = directory.url.path
        for command in ["once", "output", "run"] {
            #expect(h.shell.completions(for: "\(command) \(here)/sh") == ["\(here)/ships.csv", "\(here)/ships.json"])
            #expect(h.shell.completions(for: "\(command) \(here)/o") == ["\(here)/out/"])
            #expect(h.shell.completions(for: "use fake; \(command) \(here)/out/") == ["\(here)/out/a.csv"])
            #expect(h.shell.completions(for: "\(command) \(here)/1") == ["\(here)/1", "\(here)/10"], "file names are never padded")
            #expect(h.shell.completions(for: "\(command) \(here)/ships.csv ") == [], "one file")
        }
    }

    @Test func rowNumbersOfDifferentLengthsArePaddedSoLibeditsTextSortKeepsTheirOrder() {
        #expect(Shell.equalWidthNumbers(["1", "2", "10"]) == ["01", "02", "10"])
        #expect(Shell.equalWidthNumbers(["9", "10", "100"]) == ["009", "010", "100"])
        #expect(Shell.equalWidthNumbers(["11", "12"]) == ["11", "12"])
        #expect(Shell.equalWidthNumbers(["7"]) == ["7"])
        #expect(Shell.equalWidthNumbers(["1", "next"]) == ["1", "next"])
        #expect(Shell.equalWidthNumbers(["1", ""]) == ["1", ""])
    }
}
