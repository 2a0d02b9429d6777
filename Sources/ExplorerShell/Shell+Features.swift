import ExplorerCore
import ExplorerHTTP
import ExplorerText

/// `use`, `back` and `source`: the global commands that move between features and between the
/// data sources, changing which feature is active and what every feature has loaded.
extension Shell {
    func use(_ id: String) async throws -> Screen? {
        guard let feature = registry.feature(id) else {
            let suggestion = id.nearest(in: registry.ids).map { " (did you mean '\($0)'?)" } ?? ""
            throw CommandError("no feature '\(id.sanitizedForTerminal.truncated(toWidth: 40))'\(suggestion); `features` lists them")
        }
        let screen = try await feature.enter()
        if let previous = activeFeature, activeID != id { previous.didLeave() }
        activeID = id
        return screen
    }

    func back() async throws -> Screen? {
        guard let feature = activeFeature else {
            throw CommandError("already at the top (no feature in use)")
        }
        if let screen = try await feature.back() { return screen }
        feature.didLeave()
        activeID = nil
        return nil
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
                if let reloaded = try await feature.sourceDidChange(isActive: id == activeID) {
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
