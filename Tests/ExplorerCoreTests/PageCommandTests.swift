import Testing
@testable import ExplorerCore

/// `page` as every paged feature has it: what it completes and what it sends its view model.
@MainActor
@Suite("The page command")
struct PageCommandTests {
    /// A list of four pages that says which pages it was asked for.
    final class FourPages: PagedViewModel {
        let pageCount = 4
        var asked: [PageArgument] = []

        func showPage(_ argument: PageArgument) async throws {
            asked.append(argument)
        }
    }

    @Test func itCompletesNextPrevAllAndThePageNumbers() {
        let command = Command.page(FourPages(), summary: "page")
        #expect(command.complete([], "") == ["next", "prev", "all", "1", "2", "3", "4"])
        #expect(command.complete(["all"], "") == [])
    }

    @Test func itSendsAllWithItsMax() async throws {
        let model = FourPages()
        let command = Command.page(model, summary: "page")
        _ = try await command.run(["all"])
        _ = try await command.run(["ALL", "500"])
        _ = try await command.run(["next"])
        #expect(model.asked == [.all(limit: nil), .all(limit: 500), .next])

        await #expect(throws: CommandError.usage(PageArgument.usage)) { try await command.run(["next", "2"]) }
        await #expect(throws: CommandError("`page all MAX` takes the most pages to load, 1 to 10,000, not '0'")) {
            try await command.run(["all", "0"])
        }
        #expect(model.asked.count == 3, "a bad line sends nothing")
    }

    @Test func helpSaysWhatAllDoes() {
        let command = Command.page(FourPages(), summary: "page")
        #expect(command.usage == "page next|prev|N|all [MAX]")
        #expect(command.details.contains("`page all` fetches the pages not loaded yet, one after another, up to page 100"))
        #expect(command.details.contains("`page all 500` sets the bound (at most 10,000)"))
    }
}
