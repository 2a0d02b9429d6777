import ExplorerText

/// What a described feature cannot do as asked; its description is the line the user reads.
public enum DescribedError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A page after the last the API links to.
    case noSuchPage(Int, last: Int)
    /// The API's next-page link leaves the configured host.
    case foreignLink(page: Int, host: String)
    /// A record the API's rows name by URL, not loaded (so its URL is not known).
    case notLoaded(id: String)
    /// A record's URL, as its row gave it, that leaves the API (another host, a `..` part).
    case outsideAPI(url: String)
    /// A page further by its links than one command walks.
    case tooFar(Int, from: Int, most: Int)
    /// An id that cannot go into a path (`..`, an empty segment).
    case unusableID(String)
    /// The feature has no offline answers and the source is embedded.
    case liveOnly(feature: String)

    public var description: String {
        switch self {
        case .noSuchPage(let page, let last):
            "no page \(page): the API links to \(last == 1 ? "1 page" : "\(last) pages")"
        case .foreignLink(let page, let host):
            "page \(page)'s link leads to another host (\(host.sanitizedForTerminal.truncated(toWidth: 60))): not followed"
        case .notLoaded(let id):
            "no record \(id.sanitizedForTerminal.truncated(toWidth: 40)) among the rows loaded (its URL comes with its row: load its page first)"
        case .outsideAPI(let url):
            "the record's URL leads outside the API (\(url.sanitizedForTerminal.truncated(toWidth: 60))): not followed"
        case .tooFar(let page, let from, let most):
            "page \(page) is \(page - from) pages past page \(from), the last whose link is known; one command walks at most \(most) (`page all` walks on, one bound at a time)"
        case .unusableID(let id):
            "the id '\(id.sanitizedForTerminal.truncated(toWidth: 40))' cannot go into a path (it has an empty, . or .. part)"
        case .liveOnly(let feature):
            "\(feature) is live only: its description has no offline answers (`source live`, or an `offline` recording)"
        }
    }
}
