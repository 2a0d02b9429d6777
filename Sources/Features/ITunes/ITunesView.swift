import ExplorerCore
import Foundation
import Reactive

/// Turns ``ITunesState`` into text: a page of results, or a track's detail.
@MainActor
public final class ITunesView {
    private let renderer: StateRenderer<ITunesState>

    public var screen: String { renderer.screen }

    public init(viewModel: ITunesViewModel, terminal: TerminalSettings, tracer: Tracer? = nil) {
        renderer = StateRenderer(name: "ITunesView", state: viewModel.state, isSettled: { state in
            if case .searching = state.status { return false }
            return true
        }, tracer: tracer) { state in
            state.detail.map { Self.detail($0, note: state.detailNote, terminal: terminal) } ?? Self.list(state, terminal: terminal)
        }
    }

    static func list(_ state: ITunesState, terminal: TerminalSettings) -> String {
        let term = (state.term ?? "").sanitizedForTerminal
        if case .noResults(let missing) = state.status {
            return "No results for \"\(missing.sanitizedForTerminal)\""
        }
        guard state.page > 0 else { return "nothing searched yet: `search <words>` (any language: `search 周杰倫`)" }
        let heading = "iTunes · \"\(term)\" · page \(state.page) of \(state.pageCount) · \(state.totalCount) result\(state.totalCount == 1 ? "" : "s")"
        let table = TextTable(
            columns: [
                .init("#", alignment: .right, truncatable: false),
                .init("★", truncatable: false, minimumWidth: 1),
                .init("track", minimumWidth: 16),
                .init("artist", minimumWidth: 10),
                .init("album", minimumWidth: 10),
                .init("year", truncatable: false),
            ],
            rows: state.rows.map { row in
                [row.number.map(String.init) ?? "", row.item.trackId == nil ? "" : row.isFavourite ? "★" : "☆", row.item.title,
                 row.item.artistName ?? "", row.item.collectionName ?? "", row.item.year]
            })
        var lines = [terminal.style.emphasis(heading), table.render(width: terminal.width, style: terminal.style)]
        if state.isOnLastPage { lines.append(terminal.style.dim("end of results")) }
        if let problem = state.favouritesProblem { lines.append("note: favourites unavailable: \(problem)") }
        return lines.joined(separator: "\n")
    }

    static func detail(_ row: ITunesState.Row, note: String?, terminal: TerminalSettings) -> String {
        let item = row.item
        var fields: [(label: String, value: String)] = [("kind", item.kindName)]
        if let track = item.trackName { fields.append(("track", track)) }
        if let artist = item.artistName { fields.append(("artist", artist)) }
        if let album = item.collectionName { fields.append(("album", album)) }
        if let genre = item.primaryGenreName { fields.append(("genre", genre)) }
        if let day = item.releaseDay { fields.append(("released", day)) }
        if let duration = item.duration { fields.append(("duration", duration)) }
        if let number = item.trackNumber {
            fields.append(("track number", item.trackCount.map { "\(number) of \($0)" } ?? "\(number)"))
        }
        if let price = price(item.trackPrice, item.currency) { fields.append(("price", price)) }
        if let price = price(item.collectionPrice, item.currency) { fields.append(("album price", price)) }
        if let explicitness = item.trackExplicitness ?? item.collectionExplicitness {
            fields.append(("explicit", explicitness == "explicit" ? "yes" : explicitness == "cleaned" ? "cleaned" : "no"))
        }
        if let id = item.trackId { fields.append(("track id", String(id))) }
        if let preview = item.previewUrl { fields.append(("preview", preview)) }
        if let store = item.storeURL { fields.append(("store", store)) }
        let numberNote = row.number.map { "  (row \($0))" } ?? ""
        let star = item.trackId == nil ? " " : row.isFavourite ? "★" : "☆"
        var lines = [terminal.style.emphasis("\(star) \(item.title.sanitizedForTerminal)") + terminal.style.dim(numberNote),
                     FieldList.render(fields, width: terminal.width, style: terminal.style)]
        if let note { lines.append("note: \(note)") }
        return lines.joined(separator: "\n")
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
            amount = String(format: "%.2f", value)
        }
        return currency.isEmpty ? amount : "\(amount) \(currency)"
    }
}
