import Foundation
import Testing
import TestSupport
@testable import ExplorerCore
@testable import ExplorerHTTP

@MainActor
@Suite("FeatureRegistry")
struct FeatureRegistryTests {
    @Test func enabledFeaturesInConfigOrderBuiltOnFirstUse() throws {
        let h = ShellHarness()
        defer { h.remove() }
        let registry = h.registry

        #expect(registry.ids == ["fake", "films", "broken"])
        #expect(registry.entry("hidden") == nil)
        #expect(registry.entry("films")?.config.baseURL.absoluteString == "https://films.example/api")
        #expect(registry.builtFeatures.isEmpty)

        let films = try #require(registry.feature("films"))
        #expect(registry.feature("films") === films)
        #expect(registry.builtFeatures.map(\.id) == ["films"])
        _ = registry.feature("fake")
        #expect(registry.builtFeatures.map(\.id) == ["fake", "films"])
        #expect(registry.feature("hidden") == nil)
        #expect(registry.feature("nope") == nil)
        #expect((registry.feature("films") as? FakeFeature)?.context.id == "films")
    }

    @Test func featuresWithoutADescriptorAreLeftOut() throws {
        let config = try PluginsConfig.parse(Data("""
            {"source": "live", "features": [
              {"id": "films", "enabled": true, "baseURL": "https://a.example"},
              {"id": "fake", "enabled": true, "baseURL": "https://b.example"}]}
            """.utf8), file: "Plugins.json", knownIDs: ["films", "fake"])
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let favourites = FavouritesStore(database: AppDatabase(directory: directory.url))
        let available = ShellHarness.descriptors.filter { $0.id == "fake" }
        let registry = FeatureRegistry(config: config, available: available) { entry in
            FeatureContext(id: entry.descriptor.id, http: EmbeddedHTTPClient(responder: entry.descriptor.embedded),
                           favourites: favourites, cacheDirectory: directory.url)
        }
        #expect(registry.ids == ["fake"])
    }
}
