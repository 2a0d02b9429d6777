import ExplorerCore
import ExplorerStore
import Foundation
@testable import ITunes
import TestSupport
import Testing

/// What the commands check themselves, at the command edge, before any intent runs.
@MainActor
@Suite struct ITunesCommandTests {
    @Test func searchWithoutWordsIsAUsageErrorThatChangesNothing() async throws {
        let directory = TemporaryDirectory("itunes-commands")
        defer { directory.remove() }
        let feature = ITunesFeature(context: FeatureContext(id: ITunesViewModel.featureID, http: UnreachableHTTPClient(),
                                                            favourites: .inMemory(), cacheDirectory: directory.url))
        let state = StateExpectations(feature.viewModel.state)
        let search = try #require(feature.commands.first { $0.name == "search" })
        for words in [[], [""], ["  ", " "]] {
            await #expect(throws: CommandError("usage: search <words…>")) { _ = try await search.run(words) }
        }
        state.expectUnchanged()
    }
}
