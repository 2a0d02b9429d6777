import ExplorerCore
import ExplorerHTTP
import ExplorerStore
import ExplorerText
@testable import Facts
import Foundation
import TestSupport
import Testing

/// A favourite on another page opens from `favs`; after `refresh` the detail follows its fact
/// and its image is loaded; the document's title is trimmed; JSON that is not an object is not
/// a facts document.
@MainActor
@Suite("Facts: favourites across pages, refresh on a detail, the title")
struct FactsFollowUpTests {
    @Test func aFavouriteOnAnotherPageOpensFromTheFavourites() async throws {
        let model = FactsViewModelTests(.embedded, pageSize: 5)
        try await model.viewModel.load()
        _ = try model.viewModel.toggleFavourite("11")
        try model.viewModel.showFavourites()
        try await model.viewModel.open("1")
        #expect(model.viewModel.state.value.detail?.item.title == "Kittens...")
    }

    @Test func afterRefreshTheDetailFollowsItsFactAndItsNewImageIsLoaded() async throws {
        let model = FactsViewModelTests(.live, pageSize: 5)
        try await model.viewModel.load()
        try await model.viewModel.open("11")
        var reversed = Canada.document
        reversed.rows.reverse()
        let index = try #require(reversed.rows.firstIndex { $0.title == "Kittens..." })
        reversed.rows[index].imageHref = Canada.flag
        model.documents.answerFresh(.success(FactsAnswer(document: reversed)))

        try await model.viewModel.refresh()
        let state = model.viewModel.state.value
        #expect(state.detail?.item.title == "Kittens...")
        #expect(state.detail?.number == reversed.rows.filter { !$0.isEmpty }.firstIndex { $0.title == "Kittens..." }.map { $0 + 1 })
        #expect(state.detail.map { state.image(of: $0.item) } != .loading, "its image was loaded with the page's")
    }

    @Test func aDetailWhoseFactIsGoneAfterRefreshGoesBackToTheList() async throws {
        let model = FactsViewModelTests(.live, pageSize: 5)
        try await model.viewModel.load()
        try await model.viewModel.open("11")
        var shorter = Canada.document
        shorter.rows.removeAll { $0.title == "Kittens..." }
        model.documents.answerFresh(.success(FactsAnswer(document: shorter)))
        try await model.viewModel.refresh()
        #expect(model.viewModel.state.value.screen == .list)
        #expect(model.viewModel.state.value.detail == nil)
    }

    @Test func theDocumentsTitleIsTrimmedAndJSONThatIsNotAnObjectIsNotFacts() throws {
        let document = try FactsDocument.decode(Data(#"{"title":"  About Canada\n","rows":[{"title":"A"}]}"#.utf8))
        #expect(document.title == "About Canada")
        #expect(throws: FactsDocument.Problem.notFacts) { try FactsDocument.decode(Data(#"[{"title":"A"}]"#.utf8)) }
    }
}
