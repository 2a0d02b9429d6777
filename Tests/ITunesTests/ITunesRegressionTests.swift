import ExplorerCore
import Foundation
import Testing
import TestSupport
@testable import ITunes

/// Bugs found in review and fixed; each test says what went wrong, so it stays fixed.
@MainActor
@Suite struct ITunesRegressionTests {
    /// `ITunesCatalogue.normalize` folded with `.widthInsensitive` only: `ﾋｶﾙ` found 宇多田ヒカル,
    /// but the half-width voiced and semi-voiced sound marks (ﾞ U+FF9E, ﾟ U+FF9F) stayed separate
    /// characters, so `ｽﾋﾟｯﾂ` became `スヒﾟッツ` and found nothing. NFKC before folding composes them.
    @Test func halfWidthKatakanaWithSoundMarksFindsTheFullWidthTitle() {
        #expect(ITunesCatalogue.shared.search("ﾋｶﾙ", limit: 50).count == 11, "this half-width term works")
        #expect(ITunesCatalogue.shared.search("スピッツ", limit: 50).count == 11)

        #expect(ITunesCatalogue.shared.search("ｽﾋﾟｯﾂ", limit: 50).count == 11)
        #expect(ITunesCatalogue.normalize("ｽﾋﾟｯﾂ") == ITunesCatalogue.normalize("スピッツ"))
        #expect(ITunesCatalogue.shared.search("ﾛﾋﾞﾝｿﾝ", limit: 50).count == 1)
    }

    /// A detail whose lookup failed says it is not refreshed. After a later `refresh` succeeds
    /// (also what `source live` does), the detail is put back with the new search's copy of the
    /// item; the "not refreshed" warning went on being shown because nothing cleared it.
    @Test func aSuccessfulRefreshDropsAStaleNotRefreshedWarning() async throws {
        let fixture = ITunesFixture()
        let viewModel = ITunesViewModel(service: fixture.service, favourites: .inMemory())
        let state = StateExpectations(viewModel.state)
        let view = OnScreen { ITunesView(viewModel: viewModel, outlet: $0) }
        fixture.calls.expect([.search("jack johnson")])
        try await viewModel.search(["jack", "johnson"])
        state.takeCurrent()
        fixture.failLookups(status: 500)
        fixture.calls.expect([.lookup(879273565)])
        try await viewModel.open("9")
        state.expect {
            $0.screen = .detail(number: 9)
            $0.detail = ITunesState.Row(number: 9, item: Recorded.betterTogether, isFavourite: false)
            $0.detailNotRefreshed = "HTTP 500 for /lookup?id=879273565&country=US"
        }
        #expect(view.screen.warnings == ["not refreshed: HTTP 500 for /lookup?id=879273565&country=US"])

        fixture.failLookups(status: nil)
        fixture.calls.expect([.search("jack johnson")])
        try await viewModel.refresh()

        state.expect("the new search's copy, with no warning") { $0.detailNotRefreshed = nil }
        #expect(view.screen.warnings.isEmpty)
        #expect(view.screen.json["refreshed"] == true)
        fixture.calls.expectAllMade()
    }
}
