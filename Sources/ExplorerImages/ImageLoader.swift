import ExplorerClock
import ExplorerHTTP
import ExplorerText
import Foundation

/// Loads the images a screen shows, through the ``ImageCache``: all of them at once, at most
/// ``maxPerHost`` at a time on any one host (hosts in parallel), each given ``timeout`` on its
/// own and the whole load ``loadTimeout``: an image waiting its turn behind slow ones on a host
/// that hangs gets only what is left of that, so a load never holds its command longer, however
/// many images queue. (The limit counts the downloads a load waits for: one that outlives its
/// timeout — a server dripping bytes — finishes in the background, uncounted.) It never fails as
/// a whole: one slow or failing image does not hold up or fail the others, and each URL gets its
/// ``Outcome``.
///
/// A caller that is cancelled (Ctrl-C, leaving the screen) stops waiting at once; downloads
/// already under way finish in the background and are kept for next time.
public struct ImageLoader: Sendable {
    public enum Outcome: Sendable, Equatable {
        case loaded(CachedImage)
        /// The network is unavailable (not a failure of this image).
        case unavailable
        /// Why not: `HTTP 404`, `timed out`, `connection lost`.
        case failed(String)
        case cancelled
    }

    public let cache: ImageCache
    public let http: any HTTPClient
    public var maxPerHost: Int
    public var timeout: Duration
    /// The most a whole load may take (a command's: `--timeout`).
    public var loadTimeout: Duration

    public init(cache: ImageCache, http: any HTTPClient, maxPerHost: Int = 6, timeout: Duration = .seconds(5),
                loadTimeout: Duration = .seconds(15)) {
        self.cache = cache
        self.http = http
        self.maxPerHost = max(maxPerHost, 1)
        self.timeout = timeout
        self.loadTimeout = max(loadTimeout, timeout)
    }

    /// Each URL's outcome. With `revalidate` (`refresh`) every image is asked for again, with
    /// the validators the server gave, rather than taken from the folder.
    public func load(_ urls: [URL], revalidate: Bool = false) async -> [URL: Outcome] {
        var seen: Set<URL> = []
        let unique = urls.filter { seen.insert($0).inserted }
        let byHost = Dictionary(grouping: unique) { $0.host ?? "" }
        let deadline = ContinuousClock.now + loadTimeout
        return await withTaskGroup(of: [(URL, Outcome)].self) { group in
            for urls in byHost.values {
                group.addTask { await self.load(sameHost: urls, revalidate: revalidate, by: deadline) }
            }
            var outcomes: [URL: Outcome] = [:]
            for await part in group {
                for (url, outcome) in part { outcomes[url] = outcome }
            }
            return outcomes
        }
    }

    /// One host's images, at most `maxPerHost` at a time: as one finishes the next starts.
    private func load(sameHost urls: [URL], revalidate: Bool, by deadline: ContinuousClock.Instant) async -> [(URL, Outcome)] {
        await withTaskGroup(of: (URL, Outcome).self) { group in
            var pending = urls.makeIterator()
            for _ in 0..<maxPerHost {
                guard let url = pending.next() else { break }
                group.addTask { (url, await self.load(url, revalidate: revalidate, by: deadline)) }
            }
            var outcomes: [(URL, Outcome)] = []
            while let outcome = await group.next() {
                outcomes.append(outcome)
                if Task.isCancelled {
                    // Nothing more starts; what was waiting to is cancelled.
                    while let url = pending.next() { outcomes.append((url, .cancelled)) }
                } else if let url = pending.next() {
                    group.addTask { (url, await self.load(url, revalidate: revalidate, by: deadline)) }
                }
            }
            return outcomes
        }
    }

    /// One image, or its timeout, whichever comes first.
    private func load(_ url: URL, revalidate: Bool, by deadline: ContinuousClock.Instant) async -> Outcome {
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { return .failed("timed out") }
        let timeout = min(self.timeout, left)
        let (cache, http) = (self.cache, self.http)
        // The request itself gives up at the timeout too (when nothing arrives for that long),
        // so a hanging image does not go on holding a connection to its host.
        let seconds = timeout.timeInterval
        return await withTaskGroup(of: Outcome?.self) { group in
            group.addTask {
                do {
                    return .loaded(revalidate ? try await cache.revalidated(at: url, using: http, timeout: seconds)
                                              : try await cache.image(at: url, using: http, timeout: seconds))
                } catch is CancellationError {
                    return nil
                } catch let error as HTTPError {
                    return Self.outcome(of: error)
                } catch {
                    return .failed(error.localizedDescription.sanitizedForTerminal)
                }
            }
            group.addTask {
                do {
                    try await Task.sleep(for: timeout)
                    return .failed("timed out")
                } catch {
                    return nil
                }
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? .cancelled
        }
    }

    /// An image that failed says why in the HTTP layer's words for the cause (``HTTPError/cause``).
    static func outcome(of error: HTTPError) -> Outcome {
        switch error.kind {
        case .networkUnavailable, .transportUnavailable: .unavailable
        case .cancelled: .cancelled
        default: .failed(error.cause)
        }
    }
}
