import ExplorerCore
import ExplorerImages
import ExplorerText
import ExplorerTrace
import Foundation
import Reactive

/// Turns ``MovieDBState`` into a screen: a category's page, a filtered category or search
/// results as a table (title, year, rating, genres), or a title's detail as labelled fields with
/// its videos. While on screen it shows each state the view model settles on (rendered when printed).
@MainActor
public final class MovieDBView: ScreenView {
    private let renderer: StateRenderer<MovieDBState>
    /// `https://image.tmdb.org/t/p/w500`: poster and backdrop paths are appended to it.
    public let imageBaseURL: String

    public init(viewModel: MovieDBViewModel, outlet: ScreenOutlet, imageBaseURL: String = MovieDBView.defaultImageBaseURL, tracer: Tracer? = nil) {
        self.imageBaseURL = imageBaseURL
        let tables = ListTableCache { Self.fields($0, imageBaseURL: imageBaseURL) }
        renderer = StateRenderer(name: "MovieDBView", feature: MovieDBViewModel.featureID, state: viewModel.state, outlet: outlet,
                                 tracer: tracer,
                                 list: { Self.list($0, table: tables.table) },
                                 detail: { row, state in Self.detail(row, state: state, imageBaseURL: imageBaseURL) })
    }

    public func appear() { renderer.appear() }
    public func disappear() { renderer.disappear() }

    public nonisolated static let defaultImageBaseURL = "https://image.tmdb.org/t/p/w500"
    static let feature = MovieDBViewModel.featureID

    // MARK: List

    static func list(_ state: MovieDBState, table: @MainActor ([MovieDBState.Row], [ScreenTable.Column]) -> ScreenTable) -> Screen {
        var screen = Screen(feature: feature, kind: "list", facts: facts(state))
        if let offline = state.offline { screen.warnings.append(offline) }
        if let note = state.all?.stopNote(pageCount: state.pageCount, source: "TMDB") { screen.warnings.append(note) }
        let table = table(state.rows, Self.columns)
        switch state.mode {
        case .category:
            guard state.page > 0 else {
                screen.blocks = [.line("nothing loaded")]
                return screen
            }
            let noun = (state.category.kind == .movie ? "movie" : "show") + (state.totalCount == 1 ? "" : "s")
            // The embedded data says what it holds: page 1 of TMDB's 500, not a page 2 that fails.
            var pages = state.heldPages.map { "page \(state.page) of \($0) embedded (TMDB has \(ReadableNumber.grouping(state.pageCount)))" }
                ?? "page \(state.page) of \(ReadableNumber.grouping(state.pageCount))"
            if let all = state.all {
                pages = all.heading(loaded: state.rows.count)
                    + (state.heldPages == nil ? "" : " embedded (TMDB has \(ReadableNumber.grouping(state.pageCount)))")
            }
            screen.blocks = [
                .heading("\(state.category.title) · \(pages) · \(ReadableNumber.grouping(state.totalCount)) \(noun)"),
                .table(table),
            ]
        case .filter(let words):
            let cached = ReadableNumber.grouping(state.cachedCount)
            let matches = state.cappedAt.map { "the first \(ReadableNumber.grouping($0)) matches of \(cached) cached" }
                ?? "\(ReadableNumber.grouping(state.totalCount)) of \(cached) cached"
            let pages = state.all != nil ? " · all listed" : state.pageCount > 1 ? " · page \(state.page) of \(state.pageCount)" : ""
            screen.blocks = [.heading("\(state.category.title) · filter \(quoted(words.joined(separator: " "))) · \(matches)\(pages)")]
            if state.rows.isEmpty {
                screen.blocks.append(.line("no cached \(state.category.command) title matches \(quoted(words.joined(separator: " ")))"))
            }
            screen.blocks.append(.table(table))
            let paging = state.page < state.pageCount ? "`page next` shows more matches" : "`page prev` shows the matches before"
            screen.blocks.append(.hint(state.pageCount > 1 && state.all == nil
                ? "\(paging) · `filter clear` shows the category's pages again"
                : "`filter clear` shows the pages again · `page next` in them adds to what `filter` searches"))
        case .search(let term, let kind, let origin):
            guard !state.rows.isEmpty else {
                screen.blocks = [.line(origin == .tmdb ? "No results for \(quoted(term))"
                    : "\(origin == .cache ? "offline: no cached results" : "embedded data: no results") for \(quoted(term))"),
                                 .table(table)]
                return screen
            }
            let results = state.totalCount == 1 ? "1 result" : "\(ReadableNumber.grouping(state.totalCount)) results"
            let heading: String
            let localPages = state.all != nil ? " · all listed" : state.pageCount > 1 ? " · page \(state.page) of \(state.pageCount)" : ""
            switch origin {
            case .tmdb:
                let pages = state.all?.heading(loaded: state.rows.count) ?? "page \(state.page) of \(ReadableNumber.grouping(state.pageCount))"
                heading = "Search \(kind == .movie ? "movies" : "TV") · \(quoted(term)) · \(pages) · \(results)"
            case .cache: heading = "offline: \(state.totalCount == 1 ? "1 cached result" : "\(state.totalCount) cached results") for \(quoted(term))"
                + localPages
            case .embedded: heading = "embedded data: \(results) for \(quoted(term))" + localPages
            }
            screen.blocks = [.heading(heading), .table(table)]
            if origin != .tmdb {
                screen.blocks.append(.hint(origin == .cache
                    ? "searched every title fetched before, movies and TV · TMDB answers again once the network is back"
                    : "searched every category of the embedded data · `source live` searches TMDB"))
            }
        }
        return screen
    }

    /// The list's columns after `#` and `★`: what text shows, then every other field of a
    /// title for data readers, in the order of ``fields(_:imageBaseURL:)``.
    static let columns: [ScreenTable.Column] = [
        .init("title", minimumWidth: 16),
        .init("year", truncatable: false, dropOrder: 3),
        .init("rating", truncatable: false, dropOrder: 2),
        .init("genres", minimumWidth: 10, dropOrder: 1),
    ] + ScreenTable.Column.data(["votes", "kind", "tmdb_id", "original_title", "date", "overview", "poster_url"])

    static func facts(_ state: MovieDBState) -> JSONObject {
        var facts: JSONObject = ["category": .string(state.category.command), "kind": .string(state.category.kind.rawValue)]
        switch state.mode {
        case .category:
            facts["mode"] = "category"
        case .filter(let words):
            facts["mode"] = "filter"
            facts["filter"] = .string(words.joined(separator: " "))
            facts["cached"] = .int(state.cachedCount)
            facts["capped_at"] = .optional(state.cappedAt)
        case .search(let term, let kind, let origin):
            facts["mode"] = "search"
            facts["term"] = .string(term)
            facts["kind"] = .string(kind.rawValue)
            facts["origin"] = .string(origin.rawValue)
        }
        facts["page"] = .int(state.page)
        facts["pages"] = .int(state.heldPages ?? state.pageCount)
        if case .category = state.mode { facts["tmdb_pages"] = .int(state.pageCount) }
        facts["count"] = .int(state.totalCount)
        facts["offline"] = .optional(state.offline)
        if let all = state.all { facts.merge(all.facts) }
        return facts
    }

    // MARK: Detail

    static func detail(_ row: MovieDBState.Row, state: MovieDBState, imageBaseURL: String) -> Screen {
        var screen = Screen.detail(row, feature: feature, title: row.item.title, fields: detailFields(row.item, imageBaseURL: imageBaseURL))
        if let offline = state.offline { screen.warnings.append(offline) }
        if let note = state.detailNote { screen.blocks.append(.note(note)) }
        let videos = MovieDBVideo.ordered(row.item.detail?.videos ?? [])
        if !videos.isEmpty {
            screen.blocks.append(.table(ScreenTable(
                columns: [
                    .init("row", title: "#", alignment: .right, truncatable: false),
                    .init("name", title: "video", minimumWidth: 12),
                    .init("type", truncatable: false, dropOrder: 2),
                    .init("site", truncatable: false, dropOrder: 1),
                    .data("official"), .data("url"),
                ],
                rows: videos.enumerated().map { index, video in
                    [ScreenTable.Cell(String(index + 1), .int(index + 1)), ScreenTable.Cell(video.name), ScreenTable.Cell(video.type),
                     ScreenTable.Cell(video.site), .data(video.official.map(JSONValue.bool) ?? .null),
                     .data(.optional(video.url?.absoluteString))]
                }, key: "videos")))
            screen.blocks.append(.hint("`trailer [N]` plays a video (official trailers first) · `poster` shows the poster"))
        } else if row.item.posterPath != nil {
            screen.blocks.append(.hint("`poster` shows the poster"))
        }
        return screen
    }

    /// The detail's fields, as text and as data. What the title has not (a show's runtime, a
    /// movie's seasons) is left out.
    static func detailFields(_ item: MovieDBItem, imageBaseURL: String) -> [ScreenField] {
        let detail = item.detail
        var fields: [ScreenField] = [
            .data("title", .string(item.title)),
            .data("kind", .string(item.kind.rawValue)),
        ]
        if let original = item.originalTitle, !original.isEmpty, original != item.title {
            fields.append(ScreenField("original_title", label: "original title", original))
        }
        if let tagline = detail?.tagline { fields.append(ScreenField("tagline", tagline)) }
        switch item.kind {
        case .movie:
            fields.append(date("release_date", "released", item.date))
            if let runtime = detail?.runtime, runtime > 0 {
                fields.append(ScreenField("runtime_min", label: "runtime", text: duration(runtime), value: .int(runtime)))
            }
        case .tv:
            fields.append(date("first_air_date", "first aired", item.date))
            if let detail {
                fields.append(date("last_air_date", "last aired", detail.lastAirDate))
                if let seasons = detail.numberOfSeasons { fields.append(ScreenField("seasons", text: String(seasons), value: .int(seasons))) }
                if let episodes = detail.numberOfEpisodes {
                    fields.append(ScreenField("episodes", text: ReadableNumber.grouping(episodes), value: .int(episodes)))
                }
                if let runtime = detail.episodeRunTime.first, runtime > 0 {
                    fields.append(ScreenField("episode_runtime_min", label: "episode runtime", text: duration(runtime), value: .int(runtime)))
                }
                if !detail.networks.isEmpty {
                    fields.append(ScreenField("networks", text: detail.networks.joined(separator: ", "), value: .array(detail.networks.map(JSONValue.string))))
                }
                if !detail.creators.isEmpty {
                    fields.append(ScreenField("creators", text: detail.creators.joined(separator: ", "), value: .array(detail.creators.map(JSONValue.string))))
                }
            }
        }
        if let status = detail?.status { fields.append(ScreenField("status", status)) }
        let genres = detail.map { $0.genres.isEmpty ? item.genreNames : $0.genres } ?? item.genreNames
        fields.append(ScreenField("genres", text: genres.isEmpty ? "none listed" : genres.joined(separator: ", "),
                                  value: .array(genres.map(JSONValue.string))))
        fields.append(ScreenField("rating", text: ratingText(item, long: true), value: .optional(item.voteAverage)))
        fields.append(.data("votes", .optional(item.voteCount)))
        if let language = item.originalLanguage { fields.append(ScreenField("language", language)) }
        fields.append(ScreenField("overview", text: item.overview.flatMap { $0.isEmpty ? nil : $0 } ?? "none", value: .optional(item.overview)))
        if let homepage = detail?.homepage { fields.append(ScreenField("homepage", homepage)) }
        if let poster = shownImageURL(item.posterPath, base: imageBaseURL) { fields.append(ScreenField("poster_url", label: "poster", poster)) }
        if let backdrop = shownImageURL(item.backdropPath, base: imageBaseURL) { fields.append(ScreenField("backdrop_url", label: "backdrop", backdrop)) }
        fields.append(.data("tmdb_id", .int(item.id)))
        return fields
    }

    // MARK: Rows

    /// A title's fields as a list row shows them (title, year, rating, genres) and, for data
    /// readers, the rest of what the list says.
    static func fields(_ item: MovieDBItem, imageBaseURL: String) -> [ScreenField] {
        [
            ScreenField("title", item.title),
            ScreenField("year", text: item.year.map(String.init) ?? "", value: .optional(item.year)),
            ScreenField("rating", text: ratingText(item, long: false), value: .optional(item.voteAverage)),
            ScreenField("genres", text: item.genreNames.joined(separator: ", "), value: .array(item.genreNames.map(JSONValue.string))),
            .data("votes", .optional(item.voteCount)),
            .data("kind", .string(item.kind.rawValue)),
            .data("tmdb_id", .int(item.id)),
            .data("original_title", .optional(item.originalTitle)),
            .data("date", .optional(item.date)),
            .data("overview", .optional(item.overview)),
            .data("poster_url", .optional(shownImageURL(item.posterPath, base: imageBaseURL))),
        ]
    }

    /// `7.3 (2,313)` in a list, `7.3 / 10 · 2,313 votes` on a detail; `no votes yet`.
    static func ratingText(_ item: MovieDBItem, long: Bool) -> String {
        guard let count = item.voteCount, count > 0, let average = item.voteAverage else { return long ? "no votes yet" : "–" }
        let score = ReadableNumber.fixed(average, decimals: 1)
        return long ? "\(score) / 10 · \(ReadableNumber.grouping(count)) vote\(count == 1 ? "" : "s")" : "\(score) (\(ReadableNumber.grouping(count)))"
    }

    static func imageURL(_ path: String?, base: String) -> String? {
        guard let path, path.hasPrefix("/"), path.count > 1 else { return nil }
        var base = base
        while base.hasSuffix("/") { base.removeLast() }
        return base + path
    }

    /// ``imageURL(_:base:)`` as shown: a user and password in `imageBaseURL`, and an `api_key`
    /// in its query, read `•••`.
    static func shownImageURL(_ path: String?, base: String) -> String? {
        imageURL(path, base: base).map(URL.redactingUserinfo).map(URL.redactingKeys)
    }

    /// `2 h 4 min`, `45 min`.
    static func duration(_ minutes: Int) -> String {
        minutes < 60 ? "\(minutes) min" : minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
    }

    static func date(_ key: String, _ label: String, _ value: String?) -> ScreenField {
        guard let value, !value.isEmpty else { return ScreenField(key, label: label, text: "not announced", value: .null) }
        return ScreenField(key, label: label, value)
    }

    static func quoted(_ text: String) -> String {
        "\"\(text)\""
    }

    // MARK: Outcomes

    /// What `trailer` did.
    static func trailer(_ outcome: OpenOutcome, number: Int, video: MovieDBVideo, title: String) -> Screen {
        var facts = outcome.facts(key: "url")
        facts["video"] = .int(number)
        facts["name"] = .string(video.name)
        facts["title"] = .string(title)
        return .message(outcome.text(label: "\(video.name) (\(title))"), feature: feature, kind: "trailer", facts: facts)
    }

    /// What `poster` did.
    static func poster(_ outcome: OpenOutcome, image: CachedImage, url: String, title: String, isStandIn: Bool = false) -> Screen {
        var facts = outcome.facts(key: "file")
        facts["url"] = .string(URL.redactingUserinfo(url))
        facts["bytes"] = .int(image.byteCount)
        facts["from_cache"] = .bool(image.wasCached)
        facts["title"] = .string(title)
        facts["stand_in"] = .bool(isStandIn)
        guard !isStandIn else {
            let why = "the embedded data holds no images; `source live` fetches the poster"
            let text = outcome.opened ? "opened \(outcome.target): a stand-in for the poster of “\(title)” (\(why))"
                : outcome.text(label: "stand-in for the poster of “\(title)”") + " (\(why))"
            return .message(text, feature: feature, kind: "poster", facts: facts)
        }
        let origin = image.wasCached ? "from the image cache" : "downloaded"
        return .message(outcome.text(label: "poster of “\(title)” (\(ReadableNumber.bytes(image.byteCount)), \(origin))"),
                        feature: feature, kind: "poster", facts: facts)
    }
}
