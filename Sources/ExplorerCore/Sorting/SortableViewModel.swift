/// A view model whose list the user can order (`sort KEY [asc|desc]`, `sort off`), so that
/// ``Command/sort(_:summary:)`` is written once.
@MainActor
public protocol SortableViewModel: AnyObject {
    associatedtype SortKey: NamedSortKey
    /// The keys `sort` takes, in the order usage and completion list them.
    var sortKeys: [SortKey] { get }
    /// Orders the list by `sort`, or as the API ordered it when nil.
    func sort(by sort: SortArgument<SortKey>?)
}
