/// How a paged list loads what the API pages.
public enum PagedListLoading: Sendable {
    /// A page at a time, as the user turns them (`page next`): starships, planets.
    case pageByPage
    /// Every page at once when the feature is first used (page 1, then the rest in parallel,
    /// up to a bound), listed as one: characters, filtered over all of them.
    case allAtOnce
}
