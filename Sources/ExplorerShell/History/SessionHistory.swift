import ExplorerCore
import ExplorerText

/// The session's commands, each kept with where the session was right after it (Redux
/// DevTools' log, in a terminal): `history` lists them, `jump N` shows the screen and every
/// view model's state right after command N, `diff N M` what changed between two.
///
/// Keeping a command costs the same whatever the data: the states are values whose storage is
/// shared, not copied — and a state is read again only when its view model has published since
/// — and the screen is kept as the view's way to render it, not rendered.
/// Nothing is compared or rendered until one of those commands asks. The last ``capacity``
/// commands are kept; older ones are dropped, and counted.
@MainActor
final class SessionHistory {
    /// How many commands are kept: a workshop's session and more (each keeps the states it
    /// changed alive; 500 took 7 MB more at the peak of a 10,000-command script, 200 takes 2).
    let capacity: Int
    static let defaultCapacity = 200

    init(capacity: Int = SessionHistory.defaultCapacity) {
        self.capacity = capacity
    }

    /// What ``begin()`` gives a command as it starts, for ``keep(_:words:feature:failure:screen:)``
    /// when it ends.
    struct Begun {
        let number: Int
        let startedAfter: Int
        let depth: Int
    }

    /// The entries kept, by number; those before `start` were dropped (removed from the array
    /// now and then, so that dropping one costs nothing).
    private var storage: [HistoryEntry] = []
    private var start = 0
    /// The first number still kept: those before it were dropped.
    private(set) var firstKept = 1
    /// The last entry dropped: what the first one kept started from.
    private(set) var baseline: HistoryEntry?
    private var nextNumber = 1
    /// The commands begun and not yet kept, outermost first (a `run`, then a line of its file).
    private(set) var running: [Int] = []
    /// The highest number kept: the session as it is now (0 before any command ended).
    private(set) var now = 0
    /// The command `jump` shows, until the session returns to now.
    var jumpedTo: Int?
    /// The view models of the features used so far, in the order they were first used.
    private(set) var models: [LiveViewModel] = []
    /// Their states as the last command left them.
    private var lastStates: [ViewModelSnapshot] = []
    /// The features asked for their view model (some have none).
    private var asked: Set<String> = []
    private var lastAsked: String?

    /// The entries kept, oldest first.
    var entries: ArraySlice<HistoryEntry> { storage[start...] }

    /// How many commands were dropped, the oldest first.
    var dropped: Int { firstKept - 1 }

    /// Gives the next number to a command that starts.
    func begin() -> Begun {
        let begun = Begun(number: nextNumber, startedAfter: now, depth: running.count)
        nextNumber += 1
        running.append(begun.number)
        return begun
    }

    /// Keeps a command that ended: the words typed, the feature in use now, why it failed, how
    /// to render the screen on show, and the state of every view model used so far.
    func keep(_ begun: Begun, words: [String], feature: String?, failure: Error?, screen: (@MainActor () -> Screen)?) {
        if running.last == begun.number { running.removeLast() } else { running.removeAll { $0 == begun.number } }
        // A `run` ends after the lines of its file: it is the last of them to end.
        now = max(now, begun.number)
        guard begun.number >= firstKept else { return }
        let entry = HistoryEntry(number: begun.number, words: words, startedAfter: begun.startedAfter, depth: begun.depth,
                                 feature: feature, failure: failure, states: snapshot(), screen: screen)
        if storage.last.map({ $0.number < entry.number }) ?? true {
            storage.append(entry)
        } else {
            storage.insert(entry, at: index(before: entry.number))
        }
        if storage.count - start > capacity { dropOldest() }
    }

    /// Every view model's state now. A state is read again only when its view model published
    /// since it was last read; when none did, the last snapshot is shared whole.
    private func snapshot() -> [ViewModelSnapshot] {
        var states = lastStates
        for (index, model) in models.enumerated() {
            let published = model.published()
            if index < states.count, states[index].published == published { continue }
            let state = ViewModelSnapshot(model: model, state: model.read(), published: published)
            if index < states.count { states[index] = state } else { states.append(state) }
        }
        lastStates = states
        return states
    }

    /// Starts keeping the view model of the feature `id` (once; a feature without one is asked once).
    func track(_ id: String, feature: @autoclosure () -> (any Feature)?) {
        guard id != lastAsked else { return }
        lastAsked = id
        guard asked.insert(id).inserted, let feature = feature(), let model = LiveViewModel.of(feature, id: id) else { return }
        track(model)
    }

    /// Starts keeping `model`'s state with each command.
    func track(_ model: LiveViewModel) {
        models.append(model)
    }

    /// The entry numbered `number`, if it is kept.
    func entry(_ number: Int) -> HistoryEntry? {
        let index = index(before: number)
        guard index < storage.count, storage[index].number == number else { return nil }
        return storage[index]
    }

    /// Where an entry with `number` goes among those kept: the first index whose number is not lower.
    private func index(before number: Int) -> Int {
        var low = start, high = storage.count
        while low < high {
            let middle = (low + high) / 2
            if storage[middle].number < number { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private func dropOldest() {
        baseline = storage[start]
        firstKept = storage[start].number + 1
        start += 1
        // The dropped entries leave the array in one go now and then: each costs nothing.
        if start >= max(capacity / 4, 16) {
            storage.removeFirst(start)
            start = 0
        }
    }

    /// Whether command `number` has begun and not ended (a `run` whose file is being read).
    func isRunning(_ number: Int) -> Bool {
        running.contains(number)
    }
}
