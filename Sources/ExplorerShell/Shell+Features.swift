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
        try await feature.enter()
        if let previous = activeFeature, activeID != id { previous.didLeave() }
        activeID = id
    }

    /// Up one level inside the feature (its view shows where), or out of it at the top.
    func back() async throws -> CommandOutput {
        guard let feature = activeFeature else {
            throw CommandError("already at the top (no feature in use)")
        }
        if try await feature.back() { return .view }
        feature.didLeave()
        activeID = nil
        return .nothing
    }

    func switchSource(to newSource: DataSource) async throws -> Screen {
        let previous = source.current
        var screen = Screen(feature: nil, kind: "source",
                            facts: ["source": .string(newSource.rawValue), "previous": .string(previous.rawValue),
                                    "changed": .bool(newSource != previous)])
        guard newSource != previous else {
            screen.blocks = [.line("source: \(newSource.rawValue) (unchanged)")]
            return screen
        }
        source.current = newSource
        screen.blocks = [.line("source: \(newSource.rawValue)")]
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
            throw CommandError("cannot switch to \(newSource.rawValue), still \(previous.rawValue): \(Self.message(for: firstError))")
        }
        return screen
    }
}
