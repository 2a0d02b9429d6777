import ExplorerCore
import ExplorerText
import ExplorerTrace
import Foundation
import Reactive

/// Turns ``ITunesState`` into screens: a page of results, or a track's detail; and what `play`
/// and `web` did.
@MainActor
public final class ITunesView: ScreenView {
    private let renderer: StateRenderer<ITunesState>

    public init(viewModel: ITunesViewModel, outlet: ScreenOutlet, tracer: Tracer? = nil) {
        let tables = ListTableCache { Self.fields($0) }
        renderer = StateRenderer(name: "ITunesView", feature: ITunesViewModel.featureID, state: viewModel.state, outlet: outlet,
                                 tracer: tracer,
                                 list: { Self.list($0, table: tables.table) },
                                 detail: { row, state in Self.detail(row, notRefreshed: state.detailNotRefreshed, fields: tables.fields.fields) })
    }

    public func appear() { renderer.appear() }
    public func disappear() { renderer.disappear() }

    static let feature = ITunesViewModel.featureID

    static func list(_ state: ITunesState,
                     table: @MainActor ([ITunesState.Row], [ScreenTable.Column]) -> ScreenTable = { ScreenTable.list($0, columns: $1, fields: fields) }) -> Screen {
        var screen = Screen(feature: feature, kind: "list", facts: [
            "term": .optional(state.term), "page": .int(state.page), "pages": .int(state.pageCount),
            "count": .int(state.totalCount),
        ])
        if case .noResults(let missing) = state.status {
            // No results is an empty table: its header alone in CSV, `"rows": []` in JSON.
            screen.blocks = [.line("No results for \"\(missing)\""), .table(table([], Self.columns))]
            return screen
        }
        guard state.page > 0 else {
            // Before a search the table of results is empty, as every empty list: its header
            // alone in CSV, `"rows": []` in JSON.
            screen.blocks = [.line("nothing searched yet: `search <words>` (any language: `search 周杰倫`)"), .table(table([], Self.columns))]
            return screen
        }
        let results = "\(state.totalCount) result\(state.totalCount == 1 ? "" : "s")"
        var heading = "iTunes · \"\(state.term ?? "")\" · page \(state.page) of \(state.pageCount) · \(results)"
        if let all = state.all {
            heading = "iTunes · \"\(state.term ?? "")\" · all \(results)"
            screen.facts.merge(all.facts)
        }
        screen.blocks = [.heading(heading), .table(table(state.rows, Self.columns))]
        if state.isOnLastPage { screen.blocks.append(.hint("end of results")) }
        return screen
    }

    /// The list's columns after `#` and `★`: what text shows, then every other field of a
    /// result for data readers, in the order of ``fields(_:)``.
    static let columns: [ScreenTable.Column] = [
        .init("title", title: "track", minimumWidth: 16),
        .init("artist", minimumWidth: 10, dropOrder: 3),
        .init("album", minimumWidth: 10, dropOrder: 1),
        .init("year", truncatable: false, dropOrder: 2),
    ] + ScreenTable.Column.data(["kind", "track", "genre", "released", "duration_ms", "track_number", "track_count", "price", "album_price",
               "currency", "explicit", "track_id", "collection_id", "preview_url", "store_url"])

    static func detail(_ row: ITunesState.Row, notRefreshed: String?, fields: @MainActor (ITunesItem) -> [ScreenField] = fields) -> Screen {
        var screen = Screen.detail(row, feature: feature, title: row.item.title, fields: fields(row.item))
        screen.facts["refreshed"] = .bool(notRefreshed == nil)
        if let notRefreshed { screen.warnings.append("not refreshed: \(notRefreshed)") }
        return screen
    }

    /// Every field of a result: the detail shows those the result has; data readers get them
    /// all, `null` where missing.
    static func fields(_ item: ITunesItem) -> [ScreenField] {
        func field(_ key: String, _ label: String, _ text: String?, _ value: JSONValue) -> ScreenField {
            ScreenField(key, label: label, text: text ?? "", value: value, visibility: text == nil ? .dataOnly : .textAndData)
        }
        let explicitness = item.trackExplicitness ?? item.collectionExplicitness
        return [
            .data("title", .string(item.title)),
            field("kind", "kind", item.kindName, .string(item.kindName)),
            field("track", "track", item.trackName, .optional(item.trackName)),
            field("artist", "artist", item.artistName, .optional(item.artistName)),
            field("album", "album", item.collectionName, .optional(item.collectionName)),
            .data("year", item.releaseDate == nil ? .null : .string(item.year)),
            field("genre", "genre", item.primaryGenreName, .optional(item.primaryGenreName)),
            field("released", "released", item.releaseDay, .optional(item.releaseDate)),
            field("duration_ms", "duration", item.duration, item.duration == nil ? .null : .optional(item.trackTimeMillis)),
            field("track_number", "track number", item.trackNumber.map { number in item.trackCount.map { "\(number) of \($0)" } ?? "\(number)" },
                  .optional(item.trackNumber)),
            .data("track_count", .optional(item.trackCount)),
            field("price", "price", price(item.trackPrice, item.currency), .number(item.trackPrice)),
            field("album_price", "album price", price(item.collectionPrice, item.currency), .number(item.collectionPrice)),
            .data("currency", .optional(item.currency)),
            field("explicit", "explicit", explicitness.map { $0 == "explicit" ? "yes" : $0 == "cleaned" ? "cleaned" : "no" },
                  .optional(explicitness)),
            field("track_id", "track id", item.trackId.map(String.init), .optional(item.trackId)),
            .data("collection_id", .optional(item.collectionId)),
            field("preview_url", "preview", item.previewUrl, .optional(item.previewUrl)),
            field("store_url", "store", item.storeURL, .optional(item.storeURL)),
        ]
    }

    /// `1.29 USD`, `250 JPY`; a negative price (the store's "album only") says so.
    static func price(_ value: Double?, _ currency: String?) -> String? {
        guard let value else { return nil }
        if value < 0 { return "not sold alone" }
        let currency = currency ?? ""
        let amount: String
        if value == value.rounded(), abs(value) < 1e15 {
            amount = ReadableNumber.grouping(Int(value))
        } else {
            amount = ReadableNumber.fixed(value, decimals: 2)
        }
        return currency.isEmpty ? amount : "\(amount) \(currency)"
    }

    /// What `play` did: played with a player, or saved only.
    static func played(_ outcome: PreviewOutcome) -> Screen {
        let text: String
        if let player = outcome.player {
            let standIn = outcome.isStandIn ? "; the embedded data has no audio, so a tone stood in: `source live` plays the real preview" : ""
            text = "played the preview of “\(outcome.title)” with \(player) (\(outcome.file.path)\(standIn))"
        } else {
            text = "preview saved to \(outcome.file.path) (no player found: set EXPLORER_PLAYER, or install ffplay, mpv or paplay)"
        }
        return .message(text, feature: feature, kind: "play", facts: [
            "title": .string(outcome.title), "track_id": .optional(outcome.trackID), "file": .string(outcome.file.path),
            "player": .optional(outcome.player), "played": .bool(outcome.player != nil), "stand_in": .bool(outcome.isStandIn),
        ])
    }

    /// What `web` did: opened the store page, or gave its address.
    static func storePage(_ outcome: OpenOutcome) -> Screen {
        .message(outcome.text(label: "store page"), feature: feature, kind: "web", facts: outcome.facts(key: "url"))
    }
}
