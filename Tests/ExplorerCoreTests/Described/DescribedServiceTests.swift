import ExplorerHTTP
import ExplorerText
import Foundation
import Testing
import TestSupport
@testable import ExplorerCore

/// A described API's requests and what is read of its answers, over an API of `pages` pages of
/// three rows each, answered in memory and every request logged.
@Suite("DescribedService")
struct DescribedServiceTests {
    private let base = URL(string: "http://127.0.0.1:9/api")!
    private let asked = LockedValue<[String]>([])

    private func description(paging: FeatureDescription.Paging, items: String = "results",
                             detail: FeatureDescription.Detail? = .init(source: .path("/things/{id}/"))) -> FeatureDescription {
        FeatureDescription(
            title: "Things",
            list: .init(path: "/things/", params: [.init("kind", "all")], items: JSONPath(segments: items == "$" ? [] : [.key(items)], description: items),
                        paging: paging),
            detail: detail,
            id: .init(field: JSONPath(segments: [.key("url")], description: "url"), take: .lastPathSegment),
            name: JSONPath(segments: [.key("name")], description: "name"),
            columns: ["name"], fields: [.init(name: "name", path: JSONPath(segments: [.key("name")], description: "name"))],
            sort: [], search: nil, auth: nil, offline: nil)
    }

    private func rows(page: Int) -> String {
        (1...3).map { index in
            let id = (page - 1) * 3 + index
            return #"{"name": "thing \#(id)", "url": "http://127.0.0.1:9/api/things/\#(id)/"}"#
        }.joined(separator: ",")
    }

    /// A service whose API answers `answer(request)`; every request's endpoint is logged.
    private func service(_ description: FeatureDescription,
                         answer: @escaping @Sendable (HTTPRequest) -> HTTPResponse?) -> DescribedService {
        let asked = self.asked
        let http = EmbeddedHTTPClient { request in
            asked.withLock { $0.append(request.endpoint) }
            return answer(request)
        }
        return DescribedService(description: description, http: http, baseURL: base)
    }

    /// Pages of a `next` API: page N links to N+1 (`next(N)` overrides the link).
    private func nextAPI(pages: Int, next: @escaping @Sendable (Int) -> String? = { _ in nil }) -> @Sendable (HTTPRequest) -> HTTPResponse? {
        { [rows] request in
            guard request.path == "/things/" else { return nil }
            let page = request.queryValue("page").flatMap { Int($0) } ?? 1
            guard page <= pages else { return nil }
            let link = next(page) ?? (page < pages ? "\"http://127.0.0.1:9/api/things/?kind=all&page=\(page + 1)\"" : "null")
            return .json(#"{"count": \#(pages * 3), "next": \#(link), "results": [\#(rows(page))]}"#)
        }
    }

    @Test("`next` paging walks from page 1 to the page asked for, once, and reads the total")
    func nextPaging() async throws {
        let service = service(description(paging: .next(next: JSONPath(segments: [.key("next")], description: "next"),
                                                         total: JSONPath(segments: [.key("count")], description: "count"))),
                              answer: nextAPI(pages: 4))
        let third = try await service.page(3)
        #expect(third.items.map(\.favouriteTitle) == ["thing 7", "thing 8", "thing 9"])
        #expect(third.items.map(\.itemID) == ["7", "8", "9"])
        #expect(third.totalCount == 12)
        #expect(asked.value == ["/things/?kind=all", "/things/?kind=all&page=2", "/things/?kind=all&page=3"])
        _ = try await service.page(4)
        #expect(asked.value.count == 4, "page 4 follows page 3's link, known now")
        await #expect(throws: DescribedError.noSuchPage(5, last: 4)) { try await service.page(5) }
    }

    @Test("a `next` link back to a page already seen ends the list; one to another host is refused")
    func loopsAndOtherHosts() async throws {
        let looping = service(description(paging: .next(next: JSONPath(segments: [.key("next")], description: "next"), total: nil)),
                              answer: nextAPI(pages: 2, next: { $0 == 2 ? "\"http://127.0.0.1:9/api/things/?kind=all\"" : nil }))
        let second = try await looping.page(2)
        #expect(second.totalCount == 6, "no total: what the pages show, and no page after")
        await #expect(throws: DescribedError.noSuchPage(3, last: 2)) { try await looping.page(3) }

        let leaving = service(description(paging: .next(next: JSONPath(segments: [.key("next")], description: "next"), total: nil)),
                              answer: nextAPI(pages: 3, next: { $0 == 1 ? "\"http://evil.example/api/things/?page=2\"" : nil }))
        await #expect(throws: DescribedError.foreignLink(page: 1, host: "evil.example")) { try await leaving.page(2) }
        #expect(!asked.value.contains { $0.contains("evil") })
    }

    @Test("a next link that echoes the secret's query parameter is followed without it: the secret goes only as a secret, never traced or recorded")
    func echoedSecret() async throws {
        var described = description(paging: .next(next: JSONPath(segments: [.key("next")], description: "next"), total: nil))
        described.auth = .init(type: .query, name: "sig", env: "THINGS_KEY", file: nil, optional: false)
        let service = service(described, answer: nextAPI(pages: 2, next: { page in
            page == 1 ? #""http://127.0.0.1:9/api/things/?sig=s3cret&kind=all&page=2""# : nil
        }))
        _ = try await service.page(2)
        #expect(asked.value == ["/things/?kind=all", "/things/?kind=all&page=2"])
    }

    @Test("a relative next link is read against the page's URL: `?page=2` is the list's page 2, not the base URL's")
    func relativeNextLink() async throws {
        let service = service(description(paging: .next(next: JSONPath(segments: [.key("next")], description: "next"), total: nil)),
                              answer: nextAPI(pages: 2, next: { page in page == 1 ? #""?kind=all&page=2""# : nil }))
        _ = try await service.page(2)
        #expect(asked.value == ["/things/?kind=all", "/things/?kind=all&page=2"])
    }

    @Test("a `next` that is a number is no link (a URL is text): the list ends there, nothing more is asked")
    func nextNotText() async throws {
        let service = service(description(paging: .next(next: JSONPath(segments: [.key("next")], description: "next"), total: nil)),
                              answer: nextAPI(pages: 3, next: { _ in "42" }))
        #expect(try await service.page(1).totalCount == 3)
        await #expect(throws: DescribedError.noSuchPage(2, last: 1)) { try await service.page(2) }
        #expect(asked.value == ["/things/?kind=all", "/things/?kind=all"])
    }

    @Test("a row whose id is empty has none: it is neither opened nor made a favourite by an empty id")
    func emptyID() {
        var described = description(paging: .none)
        described.id = .init(field: JSONPath(segments: [.key("url")], description: "url"), take: .value)
        let service = service(described, answer: { _ in nil })
        #expect(service.record(["url": "", "name": "nameless"]).itemID == nil)
        #expect(service.record(["url": "7", "name": "seven"]).itemID == "7")
    }

    @Test("a page whose next link leaves the host is shown; only following that link is refused")
    func pageLinkingElsewhereIsShown() async throws {
        let leaving = service(description(paging: .next(next: JSONPath(segments: [.key("next")], description: "next"), total: nil)),
                              answer: nextAPI(pages: 3, next: { $0 == 1 ? "\"http://evil.example/api/things/?page=2\"" : nil }))
        let first = try await leaving.page(1)
        #expect(first.items.map(\.itemID) == ["1", "2", "3"])
        #expect(first.totalCount == 4, "its rows, and one more: there is a next page, elsewhere")
        await #expect(throws: DescribedError.foreignLink(page: 1, host: "evil.example")) { try await leaving.page(2) }
        #expect(!asked.value.contains { $0.contains("evil") })
    }

    @Test("a detail asked for by the row's URL: one that leaves the API (a .. part, another host) is refused, unasked")
    func detailURLOutsideTheAPI() async throws {
        let service = service(description(paging: .none, detail: .init(source: .url)), answer: { _ in
            .json(#"{"results": [{"name": "up", "url": "http://127.0.0.1:9/api/things/../../requests/"},"#
                  + #" {"name": "away", "url": "http://evil.example/api/things/7/"}]}"#)
        })
        #expect(try await service.page(1).items.map(\.itemID) == ["requests", "7"])
        await #expect(throws: DescribedError.outsideAPI(url: "http://127.0.0.1:9/api/things/../../requests/")) {
            try await service.item(id: "requests")
        }
        await #expect(throws: DescribedError.outsideAPI(url: "http://evil.example/api/things/7/")) { try await service.item(id: "7") }
        await #expect(throws: DescribedError.notLoaded(id: "8")) { try await service.item(id: "8") }
        #expect(asked.value == ["/things/?kind=all"])
    }

    @Test("one `page N` walks at most 100 pages by their links: an API that always links on is not walked without end")
    func walkIsBounded() async throws {
        let endless = service(description(paging: .next(next: JSONPath(segments: [.key("next")], description: "next"), total: nil)),
                              answer: nextAPI(pages: 1_000_000))
        await #expect(throws: DescribedError.tooFar(1_000, from: 1, most: 100)) { try await endless.page(1_000) }
        #expect(asked.value.isEmpty, "refused before asking")
        _ = try await endless.page(101)
        #expect(asked.value.count == 101)
        _ = try await endless.page(150)
        #expect(asked.value.count == 150, "on from the last page whose link is known")
    }

    @Test("rows where the description says, or one clear error: an object there is not a list")
    func itemsPath() async throws {
        let service = service(description(paging: .none, items: "results"), answer: { _ in .json(#"{"results": {"a": 1}}"#) })
        let error = await #expect(throws: HTTPError.self) { try await service.page(1) }
        #expect(error.map { String(describing: $0) }?.contains("results holds an object, not a list of rows") == true,
                "\(String(describing: error))")
        let bare = self.service(description(paging: .none, items: "$"), answer: { [rows] _ in .json("[\(rows(1))]") })
        #expect(try await bare.page(1).items.count == 3)
    }

    @Test("an id goes into the detail's path each part encoded; one that would climb out of it is refused, unasked")
    func idIsEncoded() async throws {
        let service = service(description(paging: .none), answer: { request in
            request.path == "/things/a%3Fb%20c/" ? .json(#"{"name": "odd"}"#) : nil
        })
        let record = try await service.item(id: "a?b c")
        #expect(record?.favouriteTitle == "odd")
        await #expect(throws: DescribedError.unusableID("../../requests")) { try await service.item(id: "../../requests") }
        await #expect(throws: DescribedError.unusableID("a//b")) { try await service.item(id: "a//b") }
        #expect(asked.value == ["/things/a%3Fb%20c/"])
        #expect(DescribedIdentity.path("{id}.json", id: "/works/OL45W") == "/works/OL45W.json")
        #expect(DescribedIdentity.path("{id}.json", id: "OL45W") == nil, "a path must start with /")
    }

    @Test("`link` paging: the Link header's next, and its last page for the count")
    func linkPaging() async throws {
        let service = service(description(paging: .link, items: "$"), answer: { [rows] request in
            let page = request.queryValue("page").flatMap { Int($0) } ?? 1
            var response = HTTPResponse.json("[\(rows(page))]")
            var links = [#"<http://127.0.0.1:9/api/things/?kind=all&page=5>; rel="last""#]
            if page < 5 { links.insert(#"<http://127.0.0.1:9/api/things/?kind=all&page=\#(page + 1)>; rel="next""#, at: 0) }
            response.headers["link"] = links.joined(separator: ", ")
            return response
        })
        let first = try await service.page(1)
        #expect(first.totalCount == 15)
        let second = try await service.page(2)
        #expect(second.items.first?.itemID == "4")
    }

    @Test("`link` paging: a next link back to the first page (as its `first` or `prev` names it) ends the list")
    func linkLoop() async throws {
        let service = service(description(paging: .link, items: "$"), answer: { [rows] request in
            let page = request.queryValue("page").flatMap { Int($0) } ?? 1
            var response = HTTPResponse.json("[\(rows(page))]")
            let link = { (page: Int) in "http://127.0.0.1:9/api/things/?page=\(page)&kind=all" }
            var links = [#"<\#(page < 3 ? link(page + 1) : link(1))>; rel="next""#]
            if page > 1 { links += [#"<\#(link(page - 1))>; rel="prev""#, #"<\#(link(1))>; rel="first""#] }
            response.headers["link"] = links.joined(separator: ", ")
            return response
        })
        let third = try await service.page(3)
        #expect(third.totalCount == 9, "three pages of three, and none after")
        #expect(asked.value == ["/things/?kind=all", "/things/?page=2&kind=all", "/things/?page=3&kind=all"])
        await #expect(throws: DescribedError.noSuchPage(4, last: 3)) { try await service.page(4) }
    }

    @Test("`offset` and `page` paging ask for their parameters")
    func offsetAndPage() async throws {
        let offset = service(description(paging: .offset(offsetParam: "offset", limitParam: "limit", limit: 3, total: nil)),
                             answer: { [rows] _ in .json(#"{"results": [\#(rows(1))]}"#) })
        _ = try await offset.page(3)
        let numbered = service(description(paging: .page(param: "p", start: 0, sizeParam: "size", size: 3, total: nil)),
                               answer: { [rows] _ in .json(#"{"results": [\#(rows(1))]}"#) })
        _ = try await numbered.page(2)
        #expect(asked.value == ["/things/?kind=all&offset=6&limit=3", "/things/?kind=all&p=1&size=3"])
    }

    @Test("a page number past what `page` and `offset` paging can ask for is no such page, unasked (an API may report any count)")
    func pageNumberOverflow() async throws {
        let numbered = service(description(paging: .page(param: "p", start: 1_000_000, sizeParam: nil, size: nil, total: nil)),
                               answer: { [rows] _ in .json(#"{"results": [\#(rows(1))]}"#) })
        await #expect(throws: DescribedError.noSuchPage(Int.max, last: Int.max - 1)) { try await numbered.page(Int.max) }
        let offset = service(description(paging: .offset(offsetParam: "offset", limitParam: "limit", limit: 3, total: nil)),
                             answer: { [rows] _ in .json(#"{"results": [\#(rows(1))]}"#) })
        await #expect(throws: DescribedError.noSuchPage(Int.max, last: Int.max - 1)) { try await offset.page(Int.max) }
        #expect(asked.value.isEmpty)
    }

    @Test("a Link header's targets by rel, however many links it holds")
    func linkHeader() {
        #expect(LinkHeader.target(rel: "next", in: #"<https://a/x?page=2>; rel="next", <https://a/x?page=9>; rel="last""#) == "https://a/x?page=2")
        #expect(LinkHeader.target(rel: "last", in: #"<https://a/x?page=2>; rel="next", <https://a/x?page=9>; rel="last""#) == "https://a/x?page=9")
        #expect(LinkHeader.target(rel: "next", in: "") == nil)
        let huge = (1...10_000).map { #"<https://a/\#($0)>; rel="prev""# }.joined(separator: ", ") + #", <https://a/n>; rel="next""#
        #expect(LinkHeader.target(rel: "next", in: huge) == nil, "only the first 1,000 links are read")
    }
}
