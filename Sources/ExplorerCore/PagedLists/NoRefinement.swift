/// A list that the kit's paging and sort are all of: every loaded row is listed.
public struct NoRefinement: ListRefinement {
    public init() {}
    public var traceSummary: String? { nil }
}
