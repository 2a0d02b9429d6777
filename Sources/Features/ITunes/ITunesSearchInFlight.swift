import ExplorerClock

/// A search of the search-as-you-type binding, from its request until its answer is delivered:
/// cancelled when a newer term supersedes it (``ITunesViewModel``'s `switchToLatest`), after
/// which nothing of it arrives — neither the request's answer nor the answer held on the clock.
@MainActor
final class ITunesSearchInFlight {
    private(set) var isCancelled = false
    /// The answer waiting on the clock for as long as its request stood for (a virtual clock).
    var held: ClockTimer?
    var request: Task<Void, Never>?

    func cancel() {
        isCancelled = true
        request?.cancel()
        held?.cancel()
        held = nil
    }
}
