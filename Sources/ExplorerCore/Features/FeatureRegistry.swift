import ExplorerClock
import ExplorerText
import Foundation

/// The features of this run: those Plugins.json enables, in its order, each built on first use.
@MainActor
public final class FeatureRegistry {
    public struct Entry {
        public let descriptor: FeatureDescriptor
        public let config: PluginsConfig.Entry
    }

    /// Enabled features in the order Plugins.json lists them.
    public let entries: [Entry]
    /// Which feature shows each kind of record links name (`people` → `characters`), among all
    /// the features this binary has, enabled or not.
    private let recordOwners: [String: String]
    private let makeContext: @MainActor (Entry) -> FeatureContext
    private var built: [String: any Feature] = [:]
    private var contexts: [String: FeatureContext] = [:]

    public init(
        config: PluginsConfig,
        available: [FeatureDescriptor],
        makeContext: @escaping @MainActor (Entry) -> FeatureContext
    ) {
        let byID = Dictionary(available.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        entries = config.features.compactMap { entry in
            guard entry.isEnabled, let descriptor = byID[entry.id] else { return nil }
            return Entry(descriptor: descriptor, config: entry)
        }
        // An enabled feature first, in Plugins.json's order: a disabled one never hides it.
        var owners: [String: String] = [:]
        for descriptor in entries.map(\.descriptor) + available {
            for kind in descriptor.records where owners[kind] == nil { owners[kind] = descriptor.id }
        }
        // A described feature's link names the feature it goes `to` (`characters`), which
        // shows its own records, whatever the API calls them.
        for descriptor in available where owners[descriptor.id] == nil { owners[descriptor.id] = descriptor.id }
        recordOwners = owners
        self.makeContext = makeContext
    }

    /// The id of the feature that shows records of `kind` (`people` → `characters`), and
    /// whether Plugins.json enables it; nil when no feature of this binary shows them.
    public func owner(ofRecords kind: String) -> (id: String, isEnabled: Bool)? {
        recordOwners[kind].map { ($0, entry($0) != nil) }
    }

    public var ids: [String] { entries.map(\.descriptor.id) }

    public func entry(_ id: String) -> Entry? {
        entries.first { $0.descriptor.id == id }
    }

    /// The feature with this id, built now if this is its first use; nil if not enabled.
    public func feature(_ id: String) -> (any Feature)? {
        if let feature = built[id] { return feature }
        guard let entry = entry(id) else { return nil }
        let context = makeContext(entry)
        let feature = entry.descriptor.make(context)
        built[id] = feature
        contexts[id] = context
        return feature
    }

    /// What the feature with this id was built with (building it now if need be), for `arch`.
    public func context(_ id: String) -> FeatureContext? {
        guard feature(id) != nil else { return nil }
        return contexts[id]
    }

    /// The ids of the features that have a command called `name`, in registry order. Builds
    /// the features to ask them (cheap: building loads nothing).
    public func features(offering name: String) -> [String] {
        ids.filter { id in feature(id)?.commands.contains { $0.name == name } ?? false }
    }

    /// Features built so far, in registry order.
    public var builtFeatures: [(id: String, feature: any Feature)] {
        entries.compactMap { entry in built[entry.descriptor.id].map { (entry.descriptor.id, $0) } }
    }
}
