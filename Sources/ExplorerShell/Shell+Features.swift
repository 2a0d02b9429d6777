import ExplorerCore
import ExplorerHTTP
import ExplorerText

/// `use`, `back` and `source`: the global commands that move between features and between the
/// data sources, changing which feature is active and what every feature has loaded.
extension Shell {
    func use(_ id: String) async throws {
        guard let feature = registry.feature(id) else {
            let suggestion = id.nearest(in: registry.ids).map { " (did you mean '\($0)'?)" } ?? ""
            throw CommandError("no feature '\(id.sanitizedForTerminal.truncated(toWidth: 40))'\(suggestion); `features` lists them")
        }
        do {
            try await feature.enter()
        } catch where !Self.isInterruption(error) {
            // Says where the session still is: a script's next lines are held back
            // (``StepNotTaken``), a person at a terminal reads it before typing on.
            let place = activeID.map { "still in \($0)" } ?? "no feature is in use"
            throw CommandError("\(id) did not load: \(Self.message(for: error)); \(place)")
        }
        if let previous = activeFeature, activeID != id { previous.didLeave() }
        activeID = id
        // A feature chosen by name starts afresh: `back` no longer returns along `follow`s.
        followSteps = []
    }

    /// Up one level inside the feature (its view shows where), or out of it at the top.
    func back() async throws -> CommandOutput {
        guard let feature = activeFeature else {
            throw CommandError("already at the top (no feature in use)")
        }
        if let output = try await backFromFollow() { return output }
        if try await feature.back() { return .view }
        feature.didLeave()
        activeID = nil
        followSteps = []
        return .nothing
    }

    /// `source embedded|live`, or `source replay FILE` (`recording`): every built feature forgets
    /// what it loaded and the one in use loads again from the new source. Leaving a replay for
    /// live or embedded data, or replaying another recording, is a change too.
    func switchSource(to newSource: DataSource, replaying recording: TapeRecording? = nil) async throws -> Screen {
        let previous = source.current
        let previousRecording = tape.replaying
        let name = recording.map { "replay \($0.summary)" } ?? newSource.rawValue
        let previousName = previousRecording.map { "replay \($0.name)" } ?? previous.rawValue
        let changed = newSource != previous || previousRecording !== recording
        var facts: JSONObject = ["source": .string(recording == nil ? newSource.rawValue : "replay"),
                                 "previous": .string(previousRecording == nil ? previous.rawValue : "replay"),
                                 "changed": .bool(changed)]
        if let recording { facts["recording"] = recording.facts }
        var screen = Screen(feature: nil, kind: "source", facts: facts)
        guard changed else {
            screen.blocks = [.line("source: \(name) (unchanged)")]
            return screen
        }
        source.current = newSource
        tape.set(recording.map { .replaying($0) } ?? (previousRecording == nil ? tape.mode : .off))
        screen.blocks = [.line("source: \(name)")]
        var firstError: Error?
        // Every built feature is told, even after one fails, so none keeps data from the old source.
        for (id, feature) in registry.builtFeatures {
            do {
                try await feature.sourceDidChange(isActive: id == activeID)
                // The feature in use reloaded: its view showed the new state.
                if id == activeID, let reloaded = outlet.take() {
                    screen.blocks.append(.screen(key: "reloaded", reloaded))
                }
            } catch {
                firstError = firstError ?? error
            }
        }
        if let firstError {
            // A failed switch changes nothing: the source stays as it was, the features that
            // forgot their data load it again from there when next used.
            source.current = previous
            tape.set(previousRecording.map { .replaying($0) } ?? (recording == nil ? tape.mode : .off))
            throw CommandError("cannot switch to \(recording == nil ? newSource.rawValue : "replay \(recording!.name)"), still \(previousName): \(Self.message(for: firstError))")
        }
        // What a `follow` left may be gone with the old source's data.
        followSteps = []
        // Leaving a replay that made a live clock virtual: the clock is live again.
        if previousRecording != nil, recording == nil, clockWasLiveBeforeReplay {
            clock.goLive()
            clockWasLiveBeforeReplay = false
        }
        return screen
    }

    /// explorer's own files, which `once`, `output` and `record` never write: the database, its
    /// log and index, the integrity stamp, the recording being made or replayed.
    public var ownFiles: [(path: String, what: String)] {
        let database = favourites.database.path
        var files = [(database, "explorer's database (favourites and caches)"), (database + "-wal", "the database's write-ahead log"),
                     (database + "-shm", "the database's shared-memory index"), (database + "-checked", "the database's integrity stamp"),
                     (database + "-journal", "the database's journal")]
        if let recorder = tape.recording { files.append((recorder.path, "the recording being made")) }
        if let recording = tape.replaying { files.append((recording.path, "the recording being replayed")) }
        return files
    }

    /// What `path` is, when it names one of explorer's own files (``ownFiles``); nil otherwise.
    public func ownFile(_ path: String) -> String? {
        guard let target = OutputFile.canonical(path) else { return nil }
        return ownFiles.first { OutputFile.canonical($0.path) == target }?.what
    }

    /// The first line of a recording made now of the features in Plugins.json.
    public func tapeHeader() -> TapeHeader {
        TapeHeader(explorer: Self.version, recordedAt: clock.now,
                   features: registry.entries.map { TapeHeader.Feature(id: $0.descriptor.id, baseURL: $0.config.baseURL) })
    }

}
