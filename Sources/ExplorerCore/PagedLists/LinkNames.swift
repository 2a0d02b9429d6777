/// The names of what items link to (a starship's pilots, a character's homeworld), so a detail
/// can say `Han Solo` rather than `people/14`. Fetched when a detail needs them, at most
/// `maxConcurrent` at a time (in the order of their URLs, so one at a time is deterministic),
/// and kept; a name that cannot be had (not in the embedded data, or a request that fails) is
/// left out, and the detail shows the link as `people/14`.
@MainActor
public final class LinkNames {
    public private(set) var known: [String: String] = [:]
    private let fetch: @Sendable (String) async throws -> String?
    private let maxConcurrent: Int

    public init(maxConcurrent: Int = 8, fetch: @escaping @Sendable (String) async throws -> String?) {
        self.maxConcurrent = max(maxConcurrent, 1)
        self.fetch = fetch
    }

    /// Fetches the names of `urls` not known yet. Only cancellation (Ctrl-C) is an error.
    public func resolve(_ urls: [String]) async throws {
        var missing = Array(Set(urls.filter { known[$0] == nil })).sorted()[...]
        guard !missing.isEmpty else { return }
        let maxConcurrent = self.maxConcurrent
        let found = await withTaskGroup(of: (String, String?).self) { group in
            var found: [String: String] = [:]
            var inFlight = 0
            while true {
                while inFlight < maxConcurrent, let url = missing.popFirst() {
                    // Started at once, here on the main actor, in the order of their URLs: an answer
                    // that needs no waiting (embedded data) ends before the next request starts,
                    // so what `trace` and `raw` show of them is the same at every run.
                    group.addImmediateTask { (url, await self.name(of: url)) }
                    inFlight += 1
                }
                guard let (url, name) = await group.next() else { break }
                inFlight -= 1
                if let name { found[url] = name }
            }
            return found
        }
        try Task.checkCancellation()
        known.merge(found) { _, new in new }
    }

    /// The name `url` names, nil when it cannot be had.
    private func name(of url: String) async -> String? {
        try? await fetch(url)
    }

    /// Forgets every name (the data source changed).
    public func forget() {
        known = [:]
    }
}
