import ExplorerHTTP
import ExplorerText
import Synchronization

/// What a described feature learns while it pages, for what comes after: the request for each
/// page its answers linked to (`next` and `link` paging), page 1's size, and each row's id with
/// its URL (for `detail.from: "url"`) and its JSON (for a list without details).
final class DescribedPageTrail: Sendable {
    struct State {
        var requests: [Int: HTTPRequest] = [:]
        var pageSize = 0
        var urls: [String: String] = [:]
        var rows: [String: DescribedRecord] = [:]
        /// The words `search` sends, when searching.
        var search: String?
    }

    let state = Mutex(State())

    func request(forPage page: Int) -> HTTPRequest? { state.withLock { $0.requests[page] } }

    /// The highest page below `page` whose request is known.
    func nearestKnown(below page: Int) -> Int {
        state.withLock { state in state.requests.keys.filter { $0 < page }.max() ?? 1 }
    }

    /// Forgets the links learnt, for another search (`nil`: none); gives what puts them and
    /// the words before back, for a search that fails.
    func search(_ words: String?) -> @Sendable () -> Void {
        let (requests, search) = state.withLock { state in
            defer {
                state.requests = [:]
                state.search = words
            }
            return (state.requests, state.search)
        }
        return { [self] in
            self.state.withLock { state in
                state.requests = requests
                state.search = search
            }
        }
    }
}
