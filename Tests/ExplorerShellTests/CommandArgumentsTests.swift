import Testing
@testable import ExplorerCore

/// A command declares how many words it takes (``CommandArguments``); a line with another count
/// is the usage error of its declared usage, so no command restates its usage to check them.
@Suite("Command arguments, declared once")
@MainActor
struct CommandArgumentsTests {
    @Test func eachCountAllowsWhatItSays() {
        let counts = 0...3
        #expect(counts.filter(CommandArguments.any.allows) == [0, 1, 2, 3])
        #expect(counts.filter(CommandArguments.none.allows) == [0])
        #expect(counts.filter(CommandArguments.one.allows) == [1])
        #expect(counts.filter(CommandArguments.atMostOne.allows) == [0, 1])
        #expect(counts.filter(CommandArguments.atLeastOne.allows) == [1, 2, 3])
    }

    @Test func aWrongCountIsTheDeclaredUsageAndNothingRuns() async throws {
        var ran: [[String]] = []
        let command = Command("lookup", usage: "lookup <trackId>", summary: "open a track", arguments: .one) { words in
            ran.append(words)
            return .nothing
        }
        for words in [[], ["1", "2"]] {
            await #expect(throws: CommandError.usage("lookup <trackId>")) { _ = try await command.run(words) }
        }
        _ = try await command.run(["42"])
        #expect(ran == [["42"]])
    }

    @Test("the kit's commands check their words from their declarations, in any feature")
    func theKitsCommandsInAFeature() async {
        let h = ShellHarness(descriptors: [PlanetsFeature.descriptor], pluginsJSON: PlanetsFeatureTests.pluginsJSON)
        defer { h.remove() }
        #expect(await h.run("use planets"))
        for (line, usage) in [("open", "open N"), ("open 1 2", "open N"), ("fav 1 2", "fav [N]"), ("refresh now", "refresh")] {
            h.output.clear()
            #expect(await h.run(line) == false)
            #expect(h.output.errors == ["error: usage: \(usage)"], "\(line)")
        }
    }
}
