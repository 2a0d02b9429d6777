import ExplorerText

/// What `page all` listed, while a list shows every loaded row as one: how many pages are
/// loaded and, when the bound stopped it before the last page, the bound.
public struct AllPages: Sendable, Equatable {
    /// How many pages are loaded (and listed).
    public var pages: Int
    /// The last page `page all` was let load, when the list has pages after it; nil when it
    /// reached the last page.
    public var stoppedAfter: Int?

    public init(pages: Int, stoppedAfter: Int? = nil) {
        self.pages = pages
        self.stoppedAfter = stoppedAfter
    }

    /// Every page up to `bound` of `pageCount`, `pages` of them loaded: stopped when the bound
    /// is below the last page and pages are missing (not when every page was loaded before).
    public init(pages: Int, bound: Int, pageCount: Int) {
        self.init(pages: pages, stoppedAfter: bound < pageCount && pages < pageCount ? bound : nil)
    }

    /// The heading's words: `all 36 loaded (4 pages)`.
    public func heading(loaded: Int) -> String {
        "all \(ReadableNumber.grouping(loaded)) loaded (\(pages == 1 ? "1 page" : "\(ReadableNumber.grouping(pages)) pages"))"
    }

    /// When the bound stopped it, the warning that says so and how to load more:
    /// `` stopped after 100 pages (the API has 1,000,000 pages): `page all 500` loads more ``.
    public func stopNote(pageCount: Int, source: String = "the API") -> String? {
        guard let stoppedAfter else { return nil }
        let stopped = "stopped after \(ReadableNumber.grouping(stoppedAfter)) page\(stoppedAfter == 1 ? "" : "s") "
            + "(\(source) has \(ReadableNumber.grouping(pageCount)) pages)"
        guard stoppedAfter < PageArgument.maxAllLimit else {
            return "\(stopped): \(ReadableNumber.grouping(PageArgument.maxAllLimit)) is the most `page all` loads"
        }
        let more = min(stoppedAfter * 5, pageCount, PageArgument.maxAllLimit)
        return "\(stopped): `page all \(more)` loads more"
    }

    /// What a list screen's data says of it: `"all": true`, and `"stopped_after"` when the
    /// bound stopped it.
    public var facts: JSONObject {
        var facts: JSONObject = ["all": .bool(true)]
        if let stoppedAfter { facts["stopped_after"] = .int(stoppedAfter) }
        return facts
    }
}
