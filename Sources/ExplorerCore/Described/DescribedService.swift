import ExplorerHTTP
import ExplorerText
import Foundation

/// A described feature's requests, as its description says: each page as the API pages, a
/// record by its id, the name of what a link names. Answers are read as JSON and the rows found
/// where the description says; a link that leaves the configured host is not followed.
public struct DescribedService: Sendable {
    let description: FeatureDescription
    let http: any HTTPClient
    let baseURL: URL
    let trail = DescribedPageTrail()

    public init(description: FeatureDescription, http: any HTTPClient, baseURL: URL) {
        self.description = description
        self.http = http
        self.baseURL = baseURL
    }

    /// The kit's service over this API.
    public var paged: PagedListService<DescribedRecord> {
        let service = self
        var detail: (@Sendable (DescribedRecord) async throws -> DescribedRecord)?
        if description.detail != nil {
            detail = { row in try await service.detail(of: row) }
        }
        return PagedListService(
            page: { number in try await service.page(number) },
            item: { id in try await service.item(id: id) },
            name: { link in try await service.name(of: link) },
            detail: detail)
    }

    // MARK: Pages

    func page(_ number: Int) async throws -> PagedListService<DescribedRecord>.Page {
        let list = description.list
        switch list.paging {
        case .none:
            guard number == 1 else { throw DescribedError.noSuchPage(number, last: 1) }
            let (rows, _) = try await rows(of: request(query: []))
            return .init(items: rows, totalCount: rows.count)
        case .page(let param, let start, let sizeParam, let size, let total):
            let (asked, overflow) = start.addingReportingOverflow(number - 1)
            guard !overflow else { throw DescribedError.noSuchPage(number, last: number - 1) }
            var query = [HTTPRequest.QueryItem(param, String(asked))]
            if let sizeParam, let size { query.append(.init(sizeParam, String(size))) }
            let (rows, answer) = try await rows(of: request(query: query))
            return .init(items: rows, totalCount: count(answer.json, total, page: number, rows: rows.count, more: nil))
        case .offset(let offsetParam, let limitParam, let limit, let total):
            let (offset, overflow) = (number - 1).multipliedReportingOverflow(by: limit)
            guard !overflow else { throw DescribedError.noSuchPage(number, last: number - 1) }
            let query = [HTTPRequest.QueryItem(offsetParam, String(offset)), .init(limitParam, String(limit))]
            let (rows, answer) = try await rows(of: request(query: query))
            return .init(items: rows, totalCount: count(answer.json, total, page: number, rows: rows.count, more: nil))
        case .next, .link:
            return try await linkedPage(number)
        }
    }

    /// A page the API links to from the page before: walks from the nearest page whose request
    /// is known, one answer at a time, recording each page's link to the next.
    private func linkedPage(_ number: Int) async throws -> PagedListService<DescribedRecord>.Page {
        var page = number == 1 ? 1 : trail.nearestKnown(below: number + 1)
        guard number - page <= Self.maxWalk else { throw DescribedError.tooFar(number, from: page, most: Self.maxWalk) }
        while true {
            let request = page == 1 ? request(query: []) : trail.request(forPage: page)
            guard let request else { throw DescribedError.noSuchPage(number, last: page - 1) }
            let (rows, answer) = try await rows(of: request)
            let next: HTTPRequest?
            var leaves = false
            do {
                next = try nextRequest(answer, after: page, asked: request)
            } catch DescribedError.foreignLink where page == number {
                // The page asked for is shown; its link elsewhere is refused when followed.
                (next, leaves) = (nil, true)
            }
            let size = trail.state.withLock { state in
                if page == 1 { state.pageSize = max(rows.count, 1) }
                if let next { state.requests[page + 1] = next }
                return state.pageSize
            }
            if page == number {
                let total: JSONPath? = if case .next(_, let total) = description.list.paging { total } else { nil }
                var totalCount = count(answer.json, total, page: page, rows: rows.count, more: next != nil || leaves, size: size)
                if case .link = description.list.paging, let last = lastPage(answer.response) {
                    totalCount = max(totalCount, min(last, 1_000_000_000) * size)
                }
                return .init(items: rows, totalCount: totalCount)
            }
            guard next != nil else { throw DescribedError.noSuchPage(number, last: page) }
            page += 1
        }
    }

    /// The most pages one `page N` walks by their links: an API whose every page links to one
    /// more (or that reports an absurd count) is not walked without end.
    static let maxWalk = 100

    /// The request for the page after `page`, from the answer's `next` or its `Link` header
    /// (a relative link read against the URL `asked` was sent to); nil at the last page (no
    /// link, or one back to a page already seen or to the one the header calls `first` or
    /// `prev`: a loop).
    private func nextRequest(_ answer: Answer, after page: Int, asked: HTTPRequest) throws -> HTTPRequest? {
        let link: String?
        switch description.list.paging {
        case .next(let next, _):
            // A URL is text: a number or an object there is no link.
            if case .string(let text)? = next.value(in: answer.json) { link = text } else { link = nil }
        case .link:
            let header = answer.response.header("Link") ?? ""
            link = LinkHeader.target(rel: "next", in: header)
            if let link, ["first", "prev"].contains(where: { LinkHeader.target(rel: $0, in: header) == link }) { return nil }
        default: link = nil
        }
        guard let link, !link.isEmpty else { return nil }
        guard let request = sameHostRequest(link, from: asked) else {
            throw DescribedError.foreignLink(page: page, host: URL(string: link)?.host ?? link)
        }
        let seen = trail.state.withLock { state in state.requests.values.contains(request) }
        return seen || request == self.request(query: []) ? nil : request
    }

    /// The `rel="last"` page's number, from its `page` query parameter.
    private func lastPage(_ response: HTTPResponse) -> Int? {
        guard let last = LinkHeader.target(rel: "last", in: response.header("Link") ?? ""),
              let query = URLComponents(string: last)?.queryItems else { return nil }
        return query.first { $0.name == "page" }?.value.flatMap { Int($0) }
    }

    /// The total the answer reports at `total`, else what the pages show: those before, this
    /// one's rows and, while there is a next page, one more.
    private func count(_ json: JSONValue, _ total: JSONPath?, page: Int, rows: Int, more: Bool?, size: Int? = nil) -> Int {
        if let total, let reported = total.value(in: json)?.intValue, reported >= 0 { return reported }
        let size = size ?? max(rows, 1)
        let (before, overflow) = (page - 1).multipliedReportingOverflow(by: size)
        guard !overflow else { return Int.max / 2 }
        return before + rows + (more == true ? 1 : 0)
    }

    // MARK: Records

    /// A record by its id: its detail asked for as the description says, or its row when a row
    /// is the whole record.
    func item(id: String) async throws -> DescribedRecord? {
        guard let detail = description.detail else {
            return trail.state.withLock { $0.rows[id] }
        }
        let request: HTTPRequest
        switch detail.source {
        case .path(let template):
            guard let path = DescribedIdentity.path(template, id: id) else { throw DescribedError.unusableID(id) }
            request = HTTPRequest(path: path)
        case .url:
            guard let url = trail.state.withLock({ $0.urls[id] }) else { throw DescribedError.notLoaded(id: id) }
            guard let sameHost = sameHostRequest(url) else { throw DescribedError.outsideAPI(url: url) }
            request = sameHost
        }
        let answer = try await send(request)
        guard let json = detail.items.value(in: answer.json), case .object = json else {
            throw HTTPError.undecodable(answer.response.body, request: request, at: answer.response.location(of: request),
                                        shape: "no record at \(detail.items)")
        }
        let title = description.name.string(in: json) ?? trail.state.withLock { $0.rows[id]?.favouriteTitle } ?? id
        return DescribedRecord(json: json, itemID: id, favouriteTitle: title)
    }

    /// A listed row's whole record, when the description has details and the row lacks one of
    /// its fields (a row holding them all is the whole record, as SWAPI's are): the row's
    /// fields, with the detail's over them (a detail may leave out what the list gave).
    func detail(of row: DescribedRecord) async throws -> DescribedRecord {
        guard !description.fields.allSatisfy({ $0.path.value(in: row.json) != nil }) else { return row }
        guard let id = row.itemID, let record = try await item(id: id) else { return row }
        guard case .object(var merged) = row.json, case .object(let whole) = record.json else { return record }
        for member in whole { merged[member.key] = member.value }
        return DescribedRecord(json: .object(merged), itemID: record.itemID, favouriteTitle: record.favouriteTitle)
    }

    /// The name of the record a link names (`name`, else `title`, `login`, `full_name`), asked
    /// of the configured host at the link's path (an API's links name its own canonical host,
    /// which may not be the one configured: a mirror, a recording, a test server); nil for a
    /// link outside the base URL's path or an answer without one.
    func name(of link: String) async throws -> String? {
        guard link.contains("/"), let request = sameHostRequest(link, anyHost: true) else { return nil }
        let answer = try await send(request)
        for key in ["name", "title", "login", "full_name"] {
            if case .string(let name)? = answer.json[key] { return KeptText.capped(name) as String }
        }
        return nil
    }

    // MARK: Answers

    struct Answer {
        let json: JSONValue
        let response: HTTPResponse
    }

    /// The list's request with the description's own parameters, then `query`.
    private func request(query: [HTTPRequest.QueryItem]) -> HTTPRequest {
        var searched: [HTTPRequest.QueryItem] = []
        if let param = description.search?.param, let words = trail.state.withLock({ $0.search }) {
            searched.append(.init(param, words))
        }
        return HTTPRequest(path: description.list.path, query: description.list.params.map { .init($0.name, $0.value) } + searched + query)
    }

    /// Asks for the list with `words` searched for from now on (nil: not searched); gives what
    /// undoes it, links learnt before it included, for a search that fails.
    public func search(_ words: String?) -> @Sendable () -> Void {
        trail.search(words)
    }

    /// The answer's rows, each a record (its id and name read), remembered for details.
    private func rows(of request: HTTPRequest) async throws -> ([DescribedRecord], Answer) {
        let answer = try await send(request) { json in
            guard case .array = description.list.items.value(in: json) else {
                let found = description.list.items.value(in: json).map(Self.kind(of:)) ?? "nothing"
                return "\(description.list.items) holds \(found), not a list of rows"
            }
            return nil
        }
        guard case .array(let values)? = description.list.items.value(in: answer.json) else { return ([], answer) }
        let records = values.map(record)
        trail.state.withLock { state in
            for (record, value) in zip(records, values) {
                guard let id = record.itemID else { continue }
                state.rows[id] = record
                if case .string(let url)? = description.id.field.value(in: value) { state.urls[id] = url }
            }
        }
        return (records, answer)
    }

    /// A row as a record: its id and name as the description reads them; an empty id is none
    /// (such a row can be neither opened nor a favourite).
    func record(_ json: JSONValue) -> DescribedRecord {
        let raw = description.id.field.string(in: json).flatMap { $0.isEmpty ? nil : $0 }
        let id = description.id.take == .lastPathSegment ? raw.flatMap(DescribedIdentity.lastPathSegment) : raw
        let name = description.name.string(in: json) ?? id ?? "untitled"
        return DescribedRecord(json: json, itemID: id, favouriteTitle: name)
    }

    /// Sends `request` and reads its answer as JSON; `problem` says what is wrong with JSON of
    /// another shape (nil when it is right). Only an answer read whole is kept in the cache.
    private func send(_ request: HTTPRequest, problem: (JSONValue) -> String? = { _ in nil }) async throws -> Answer {
        try await http.send(request) { response in
            guard let json = JSONReader.value(response.body) else {
                throw HTTPError.undecodable(response.body, request: request, at: response.location(of: request))
            }
            if let shape = problem(json) {
                throw HTTPError.undecodable(response.body, request: request, at: response.location(of: request), shape: shape)
            }
            return Answer(json: json, response: response)
        }.value
    }

    /// A URL the API sent in its answer to `from` (else the base URL: a relative link is read
    /// against it, `?page=2` as the page's own path), as a request under the base URL: nil when
    /// it is outside the base URL's path, or (unless `anyHost`: a record's link, asked of the
    /// configured host) on another host. A path alone (`/films/?page=2`) is on the same host.
    /// The request goes to the configured host whatever the URL names. The parameter that
    /// carries the secret (`auth` of type `query`) is left out: an API that echoes it in its
    /// links would have it sent, traced and recorded as a plain parameter; the secret is added
    /// to every request as a secret.
    func sameHostRequest(_ link: String, from: HTTPRequest? = nil, anyHost: Bool = false) -> HTTPRequest? {
        guard let url = URL(string: link, relativeTo: from?.url(relativeTo: baseURL) ?? baseURL)?.absoluteURL,
              let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
              url.scheme?.lowercased() == "http" || url.scheme?.lowercased() == "https" else { return nil }
        let sameHost = url.scheme?.lowercased() == baseURL.scheme?.lowercased()
            && url.host?.lowercased() == baseURL.host?.lowercased() && url.port == baseURL.port
        guard sameHost || anyHost else { return nil }
        var basePath = baseURL.path
        while basePath.hasSuffix("/") { basePath.removeLast() }
        let path = components.path
        guard path.hasPrefix(basePath + "/") || path == basePath else { return nil }
        let rest = String(path.dropFirst(basePath.count))
        guard !rest.split(separator: "/").contains("..") else { return nil }
        let secretParameter = description.auth.flatMap { $0.type == .query ? $0.name : nil }
        let query = (components.queryItems ?? []).filter { $0.name != secretParameter }
            .map { HTTPRequest.QueryItem($0.name, $0.value ?? "") }
        return HTTPRequest(path: rest.isEmpty ? "/" : rest, query: query)
    }

    static func kind(of value: JSONValue) -> String {
        switch value {
        case .object: "an object"
        case .array: "a list"
        case .string: "text"
        case .int, .double: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}
