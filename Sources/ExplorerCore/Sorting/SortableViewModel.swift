/// A view model whose list the user can order (`sort KEY [asc|desc]`, `sort off`), so that
/// ``Command/sort(_:summary:)`` is written once.
@MainActor
public protocol SortableViewModel: AnyObject {
    associatedtype SortKey: RawRepresentable & CaseIterable & Sendable & Equatable where SortKey.RawValue == String
    /// Orders the list by `sort`, or as the API ordered it when nil.
    func sort(by sort: SortArgument<SortKey>?)
}
