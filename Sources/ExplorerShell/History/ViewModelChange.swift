import ExplorerTrace
import Reactive

/// What changed in one view model between two points of the history: its state's changes by
/// key path (``StateReport``), or, when it was not used yet at the first point, its state at
/// the second.
@MainActor
struct ViewModelChange {
    let model: LiveViewModel
    /// What changed; nil when the view model was first used between the two points.
    let report: StateReport?
    /// Its state at the second point.
    let state: Any

    /// How `trace on` sums its state up: `list, 10 items (rows 1–10, page 1/4)`.
    var stateSummary: String { ReactiveTrace.summary(of: state) }

    /// In a few words: `starships: page 1 → 2; rows 10 removed, 10 added`, `characters: first
    /// used, list, 82 of 82 items`.
    var headline: String {
        guard let report else {
            // A state that sums itself up says how it is; any other would be a long dump.
            let summary = (state as? any TraceSummarizable).map { ", \($0.traceSummary)" } ?? ""
            return "\(model.featureID): first used\(summary)"
        }
        return "\(model.featureID): " + report.changes.map(\.headline).joined(separator: "; ")
    }
}
