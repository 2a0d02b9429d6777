/// What the list shows: a category's pages, a category narrowed by `filter` from the cache,
/// or search results.
public enum MovieDBListMode: Sendable, Equatable {
    case category
    /// `filter WORDS`: the category's cached items matching every word.
    case filter(words: [String])
    /// `search TERM`: TMDB's results, or, without TMDB, the cache's or the embedded data's.
    case search(term: String, kind: MovieDBKind, origin: MovieDBSearchOrigin)
}

/// Where search results came from.
public enum MovieDBSearchOrigin: String, Sendable, Equatable {
    /// TMDB's search.
    case tmdb
    /// The cache of everything fetched before, because the network is unavailable.
    case cache
    /// The embedded data (every category and detail compiled in).
    case embedded
}
