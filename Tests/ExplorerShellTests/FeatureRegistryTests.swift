@testable import ExplorerCore
@testable import ExplorerHTTP
import ExplorerStore
import Foundation
import TestSupport
import Testing

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

    @Test("the feature that shows a kind of record is found among all the features, saying whether it is enabled")
    func ownersOfRecords() throws {
        let config = try PluginsConfig.parse(Data("""
            {"source": "embedded", "features": [
              {"id": "ships", "enabled": true, "baseURL": "https://a.example"},
              {"id": "crew", "enabled": false, "baseURL": "https://a.example"}]}
            """.utf8), file: "Plugins.json", knownIDs: ["ships", "crew"])
        func descriptor(_ id: String, records: [String]) -> FeatureDescriptor {
            FeatureDescriptor(id: id, title: id, summary: id, embedded: { _ in nil }, records: records,
                              make: { context in FakeFeature(context: context) })
        }
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let favourites = FavouritesStore(database: AppDatabase(directory: directory.url))
        let registry = FeatureRegistry(config: config, available: [descriptor("ships", records: ["starships"]),
                                                                   descriptor("crew", records: ["people"])]) { entry in
            FeatureContext(id: entry.descriptor.id, http: EmbeddedHTTPClient(responder: entry.descriptor.embedded),
                           favourites: favourites, cacheDirectory: directory.url)
        }
        #expect(registry.owner(ofRecords: "starships").map { [$0.id, String($0.isEnabled)] } == ["ships", "true"])
        #expect(registry.owner(ofRecords: "people").map { [$0.id, String($0.isEnabled)] } == ["crew", "false"])
        #expect(registry.owner(ofRecords: "films") == nil)
        #expect(registry.builtFeatures.isEmpty, "asking builds nothing")
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
