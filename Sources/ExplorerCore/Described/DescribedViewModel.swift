import ExplorerStore
import Reactive

/// A described list's view model: the kit's, with the description's filter applied to the
/// rows it lists.
@MainActor
public final class DescribedViewModel: PagedListViewModel<DescribedList> {
    /// The fields `filter` takes, as the description marks them.
    public var filterableFields: [String] { definition.description.fields.filter(\.filter).map(\.name) }

    /// `filter NAME=VALUE …`, or none (`filter clear`).
    public func filter(_ words: [String]) throws(CommandError) {
        intent()
        let chosen = try DescribedFilter.parse(words, filterable: filterableFields)
        refine { $0 = chosen }
    }

    public override var rowFilter: ((Int) -> Bool)? {
        let filter = refinement, fields = definition.description.fields
        guard !filter.conditions.isEmpty else { return nil }
        return { [unowned self] number in item(number: number).map { filter.matches($0, fields: fields) } ?? false }
    }
}
