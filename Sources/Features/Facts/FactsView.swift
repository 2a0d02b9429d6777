import ExplorerCore
import ExplorerText
import ExplorerTrace
import Foundation
import Reactive

/// Turns ``FactsState`` into a screen. The list adapts to the width like the app's size
/// classes: under 70 columns each fact is a title line with its description wrapped beneath and
/// its image's state; from 70 a table with a wrapped description column and an image column.
/// JSON and CSV read the table either way.
@MainActor
public final class FactsView: ScreenView {
    private let renderer: StateRenderer<FactsState>

    public init(viewModel: FactsViewModel, outlet: ScreenOutlet, tracer: Tracer? = nil) {
        renderer = StateRenderer(name: "FactsView", feature: FactsViewModel.featureID, state: viewModel.state, outlet: outlet,
                                 tracer: tracer,
                                 list: { Self.list($0) }, detail: { row, state in Self.detail(row, state: state) })
    }

    public func appear() { renderer.appear() }
    public func disappear() { renderer.disappear() }

    static let feature = FactsViewModel.featureID
    /// From this width on, the regular (table) layout.
    public static let regularWidth = 70

    static func list(_ state: FactsState) -> Screen {
        var screen = Screen(feature: feature, kind: "list", facts: [
            "title": .optional(state.title), "page": .int(state.page), "pages": .int(state.pageCount),
            "count": .int(state.totalCount), "hidden": .int(state.hiddenCount), "cut_rows": .int(state.cutRows),
            "offline": .optional(state.offline),
        ])
        if state.warnsOffline, let offline = state.offline { screen.warnings.append(offline) }
        guard state.page > 0 else {
            screen.blocks = [.line("no facts loaded")]
            return screen
        }
        let count = state.totalCount == 1 ? "1 fact" : "\(state.totalCount) facts"
        var heading = [state.title ?? "Facts", state.all == nil ? count : "all \(count)"]
        if state.hiddenCount > 0 { heading.append(state.hiddenCount == 1 ? "1 empty row hidden" : "\(state.hiddenCount) empty rows hidden") }
        if state.cutRows > 0 {
            let kept = state.totalCount + state.hiddenCount
            heading.append("showing the first \(ReadableNumber.grouping(kept)) of \(ReadableNumber.grouping(kept + state.cutRows)) rows")
        }
        if state.pageCount > 1, state.all == nil { heading.append("page \(state.page) of \(state.pageCount)") }
        if let all = state.all { screen.facts.merge(all.facts) }
        screen.blocks = [.heading(heading.joined(separator: " · "))]
        let table = ScreenTable(
            columns: ScreenTable.listColumns + [
                .init("title", minimumWidth: 10),
                .init("description", minimumWidth: 16, wraps: true),
                .init("image", truncatable: false, dropOrder: 1),
                .data("image_url"), .data("image_state"),
            ],
            rows: state.rows.map { row in
                let image = state.image(of: row.item)
                return ScreenTable.listCells(row) + [
                    ScreenTable.Cell(row.item.shownTitle, .optional(row.item.title)),
                    ScreenTable.Cell(row.item.description ?? "", .optional(row.item.description)),
                    ScreenTable.Cell(image.text, .string(image.text)),
                    .data(.optional(row.item.imageHref)), .data(image.json),
                ]
            })
        guard !state.rows.isEmpty else {
            screen.blocks += [.line("the document has no facts"), .table(table)]
            return screen
        }
        var compact: [ScreenBlock] = []
        for row in state.rows {
            let star = row.isFavourite ? "★" : "☆"
            compact.append(.line("\(String(row.number ?? 0).leftPadded(2))  \(row.canBeFavourite ? star : " ")  \(row.item.shownTitle)"))
            if let description = row.item.description { compact.append(.paragraph(description, indent: 7)) }
            compact.append(.paragraph("image: \(state.image(of: row.item).text)", indent: 7))
        }
        screen.blocks.append(.sizeClasses(compact: compact, regular: [.table(table)], regularWidth: regularWidth))
        if state.page < state.pageCount, state.all == nil { screen.blocks.append(.hint("`page next` shows more · `open N` shows one with its image")) }
        return screen
    }

    static func detail(_ row: FactsState.Row, state: FactsState) -> Screen {
        let fact = row.item
        let image = state.image(of: fact)
        var fields: [ScreenField] = [
            .data("title", .optional(fact.title)),
            ScreenField("description", text: fact.description ?? "none", value: .optional(fact.description)),
            ScreenField("image", text: image.text, value: image.json),
        ]
        if let href = fact.imageHref { fields.append(ScreenField("image_url", label: "address", href)) }
        if let file = image.file { fields.append(ScreenField("image_file", label: "file", file)) }
        var screen = Screen.detail(row, feature: feature, title: fact.shownTitle, fields: fields)
        if state.warnsOffline, let offline = state.offline { screen.warnings.append(offline) }
        switch image {
        case .loaded(let info, let file):
            screen.blocks.append(.image(file: file, format: info.format))
            screen.blocks.append(.hint("`view` opens the image"))
        case .standIn(let info, let file):
            screen.blocks.append(.image(file: file, format: info.format))
            screen.blocks.append(.note("the image is a stand-in: the embedded data holds no images (`source live` loads the real one)"))
            screen.blocks.append(.hint("`view` opens the stand-in"))
        default:
            break
        }
        return screen
    }

    /// What `view` did; `isStandIn` when it opened the stand-in of an image the embedded data lacks.
    static func viewed(_ outcome: OpenOutcome, fact: Fact, isStandIn: Bool = false) -> Screen {
        var facts = outcome.facts(key: "file")
        facts["title"] = .optional(fact.title)
        facts["stand_in"] = .bool(isStandIn)
        var text = outcome.text(label: isStandIn ? "stand-in for the image of “\(fact.shownTitle)”" : "image of “\(fact.shownTitle)”")
        if isStandIn {
            text += outcome.opened ? ": a stand-in for the image of “\(fact.shownTitle)” (the embedded data holds no images)"
                : " (the embedded data holds no images)"
        }
        return .message(text, feature: feature, kind: "view", facts: facts)
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
