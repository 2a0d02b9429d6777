import ExplorerHTTP
import ExplorerStore
import ExplorerText
import Foundation
import Testing
import TestSupport
@testable import ExplorerCore

/// A described list's intents over an API of four pages of one row, each page linking to the
/// next (`next` paging, searched by `q`), answered in memory and every request logged.
@MainActor
@Suite("DescribedViewModel")
struct DescribedViewModelTests {
    private let asked = LockedValue<[String]>([])

    private func feature() -> DescribedFeature {
        let path = { (key: String) in JSONPath(segments: [.key(key)], description: key) }
        let description = FeatureDescription(
            title: "Things",
            list: .init(path: "/things/", params: [], items: path("results"), paging: .next(next: path("next"), total: path("count"))),
            detail: nil, id: .init(field: path("id")), name: path("name"), columns: ["name"],
            fields: [.init(name: "name", path: path("name"))], sort: [], search: .init(param: "q"), auth: nil, offline: nil)
        let asked = self.asked
        let http = EmbeddedHTTPClient { request in
            asked.withLock { $0.append(request.endpoint) }
            guard request.path == "/things/", request.queryValue("q") == nil else { return nil }
            let page = request.queryValue("page").flatMap { Int($0) } ?? 1
            let next = page < 4 ? #""http://127.0.0.1:9/things/?page=\#(page + 1)""# : "null"
            return .json(#"{"count": 4, "next": \#(next), "results": [{"id": \#(page), "name": "thing \#(page)"}]}"#)
        }
        let context = FeatureContext(id: "things", http: http, favourites: .inMemory(),
                                     cacheDirectory: FileManager.default.temporaryDirectory, selection: SourceSelection(.live))
        return DescribedFeature(context: context, definition: DescribedList(featureID: "things", description: description),
                                baseURL: URL(string: "http://127.0.0.1:9")!, hasOfflineAnswers: false)
    }

    @Test("a search that fails changes nothing: the pages' links learnt before it are still known")
    func failedSearchKeepsTheLinksLearnt() async throws {
        let viewModel = feature().viewModel
        try await viewModel.load()
        try await viewModel.showPage(.number(3))
        await #expect(throws: HTTPError.self) { try await viewModel.search("nothing") }
        asked.withLock { $0 = [] }
        try await viewModel.showPage(.number(4))
        #expect(asked.value == ["/things/?page=4"], "page 3's link to page 4 is known: nothing is walked again")
    }
}
