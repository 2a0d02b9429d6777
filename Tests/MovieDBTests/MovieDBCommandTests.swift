import ExplorerCore
import ExplorerStore
import Foundation
@testable import MovieDB
import TestSupport
import Testing

/// What the commands check themselves, at the command edge, before any intent runs.
@MainActor
@Suite struct MovieDBCommandTests {
    let directory = TemporaryDirectory("moviedb-commands")
    let feature: MovieDBFeature
    let state: StateExpectations<MovieDBState>

    init() {
        feature = MovieDBFeature(context: FeatureContext(id: MovieDBViewModel.featureID, http: UnreachableHTTPClient(),
                                                         favourites: .inMemory(), cacheDirectory: directory.url))
        state = StateExpectations(feature.viewModel.state)
    }

    func run(_ name: String, _ arguments: [String]) async throws {
        let command = try #require(feature.commands.first { $0.name == name })
        _ = try await command.run(arguments)
    }

    @Test func aSearchWithoutWordsIsAUsageError() async throws {
        defer { directory.remove() }
        for words in [[], ["  ", ""]] {
            await #expect(throws: CommandError("usage: search <words…>")) { try await run("search", words) }
        }
        state.expectUnchanged()
    }

    @Test func aFilterWithNothingToSearchForIsAUsageError() async throws {
        defer { directory.remove() }
        for words in [["—", "?!"], []] {
            await #expect(throws: CommandError("usage: filter <words…> | filter clear")) { try await run("filter", words) }
        }
        state.expectUnchanged()
    }

    @Test func aTrailerThatIsNotANumberIsAUsageError() async throws {
        defer { directory.remove() }
        await #expect(throws: CommandError("usage: trailer [N]")) { try await run("trailer", ["x"]) }
        state.expectUnchanged()
    }
}
