import ExplorerCore
import ExplorerHTTP
import ExplorerText
import Foundation
@testable import SWAPI
import Testing

/// An item asked for by its own address (`/people/14/`) is the page's result for it, as
/// swapi.dev serves it: the same members in the same order, so `raw` shows the same text in
/// every run.
@Suite("SWAPI embedded items")
struct SWAPIEmbeddedItemsTests {
    @Test func eachItemIsItsPagesResultInTheOrderServed() throws {
        for (resource, pages, count) in [("starships", EmbeddedStarshipPages.pages, 36), ("people", EmbeddedPeoplePages.pages, 82)] {
            var found = 0
            for page in pages {
                let results = try #require(JSONReader.value(Data(page.utf8))?["results"])
                guard case .array(let items) = results else { Issue.record("no results"); continue }
                for item in items {
                    let id = try #require(item["url"]?.stringValue.flatMap(SWAPIResource.id(fromURL:)))
                    let response = try #require(SWAPIEmbeddedData.responder(HTTPRequest(path: "/\(resource)/\(id)/")))
                    let answered = try #require(JSONReader.value(response.body))
                    #expect(answered == item, "\(resource)/\(id)")
                    guard case .object(let served) = item, case .object(let kept) = answered else { continue }
                    #expect(kept.keys == served.keys, "\(resource)/\(id) keeps its members' order")
                    found += 1
                }
            }
            #expect(found == count)
        }
        #expect(SWAPIEmbeddedData.responder(HTTPRequest(path: "/people/9999/"))?.status == nil)
    }
}
