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
        model.state.takeCurrent()
        _ = try model.viewModel.toggleFavourite("11")
        model.state.expectUnchanged("row 11 is on page 3, not on show")
        try model.viewModel.showFavourites()
        let kittens = try #require(try model.store.list(feature: "facts").first)
        #expect(kittens.itemID == "Kittens...")
        model.state.expect {
            $0.screen = .favourites
            $0.favourites = [FavouriteRow(number: 1, favourite: kittens, isFavourite: true)]
        }
        try await model.viewModel.open("1")
        // Not on the page on show: found by its title, without a row number.
        model.state.expect {
            $0.showDetail(row: nil, Canada.fact("Kittens..."), image: model.standIn, favourite: true)
            $0.favourites = []
        }
    }

    @Test func afterRefreshTheDetailFollowsItsFactAndItsNewImageIsLoaded() async throws {
        let model = FactsViewModelTests(.live, pageSize: 5)
        model.calls.expect([.document(fresh: false)])
        try await model.viewModel.load()
        try await model.viewModel.open("11")
        model.state.takeCurrent()
        var reversed = Canada.document
        reversed.rows.reverse()
        let index = try #require(reversed.rows.firstIndex { $0.title == "Kittens..." })
        reversed.rows[index].imageHref = Canada.flag
        model.documents.answerFresh(.success(FactsAnswer(document: reversed)))

        model.calls.expect([.document(fresh: true)])
        try await model.viewModel.refresh()
        let facts = reversed.rows.filter { !$0.isEmpty }
        model.state.expect("the detail on Kittens..., now row 3 of page 1; its image was loaded with the page's") {
            $0.rows = model.rows(Array(facts[0..<5]), from: 1)
            $0.images = model.allLoaded([Canada.mounties, Canada.flag, Canada.meese])
            $0.showDetail(row: 3, facts[2])
        }
        #expect(facts[2].title == "Kittens...")
        model.calls.expectAllMade()
    }

    @Test func aDetailWhoseFactIsGoneAfterRefreshGoesBackToTheList() async throws {
        let model = FactsViewModelTests(.live, pageSize: 5)
        model.calls.expect([.document(fresh: false)])
        try await model.viewModel.load()
        try await model.viewModel.open("11")
        model.state.takeCurrent()
        var shorter = Canada.document
        shorter.rows.removeAll { $0.title == "Kittens..." }
        model.documents.answerFresh(.success(FactsAnswer(document: shorter)))
        model.calls.expect([.document(fresh: true)])
        try await model.viewModel.refresh()
        model.state.expect {
            $0.showList()
            $0.images[Canada.kittens] = nil
            $0.totalCount = 12
        }
        model.calls.expectAllMade()
    }

    @Test func theDocumentsTitleIsTrimmedAndJSONThatIsNotAnObjectIsNotFacts() throws {
        let document = try FactsDocument.decode(Data(#"{"title":"  About Canada\n","rows":[{"title":"A"}]}"#.utf8))
        #expect(document.title == "About Canada")
        #expect(throws: FactsDocument.Problem.notFacts) { try FactsDocument.decode(Data(#"[{"title":"A"}]"#.utf8)) }
    }
}
