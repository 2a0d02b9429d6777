import Foundation
import TestSupport
@testable import explorer
import Testing

/// Registering a feature is three lines, in three places, and docs/architecture.md says so:
/// each place names the same features, and nothing else lists them. Plugins.json also lists
/// described features (an entry with a `describe` object), which are no module's.
@Suite("A feature is registered in three places")
struct RegistrationTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOf: TestPaths.repository.appendingPathComponent(path), encoding: .utf8)
    }

    /// The modules `feature("Name", …)` lines make in Package.swift.
    static func packageFeatures() throws -> [String] {
        try text("Package.swift").matches(of: /\n    feature\("([A-Za-z]+)"/).map { String($0.1) }
    }

    @Test func packageBuiltInListAndPluginsNameTheSameFeatures() throws {
        let modules = try Self.packageFeatures()
        #expect(modules.count == BuiltinFeatures.all.count, "one feature(…) line in Package.swift per built-in feature")
        let builtins = try Self.text("Sources/explorer/BuiltinFeatures.swift")
        for module in modules {
            #expect(builtins.contains("import \(module)\n"), "BuiltinFeatures.swift imports \(module)")
            #expect(builtins.contains("\(module)Feature.descriptor,"), "BuiltinFeatures.swift lists \(module)Feature")
            let folder = TestPaths.repository.appendingPathComponent("Sources/Features/\(module)").path
            #expect(FileManager.default.fileExists(atPath: folder), "\(module)'s sources are its folder")
            let tests = TestPaths.repository.appendingPathComponent("Tests/\(module)Tests").path
            #expect(FileManager.default.fileExists(atPath: tests), "\(module)'s tests are its folder")
        }
        let plugins = try JSONSerialization.jsonObject(with: Data(try Self.text("Plugins.json").utf8)) as? [String: Any]
        let entries = try #require(plugins?["features"] as? [[String: Any]], "Plugins.json lists its features")
        let builtInIDs = Set(BuiltinFeatures.all.map(\.id))
        let notDescribed = entries.filter { $0["describe"] == nil }.map { $0["id"] as? String ?? "(no id)" }
        #expect(notDescribed.sorted() == builtInIDs.sorted(), "Plugins.json has one entry for each built-in feature")
        for entry in entries where !builtInIDs.contains(entry["id"] as? String ?? "") {
            #expect(entry["describe"] is [String: Any], "\(entry["id"] ?? "an entry without an id") is described: it is no built-in feature")
        }
        #expect(entries.allSatisfy { $0["describe"] == nil || !builtInIDs.contains($0["id"] as? String ?? "") },
                "no built-in feature's entry is described")
    }

    @Test func theArchitectureDocSaysWhatAddingOneTakes() throws {
        let doc = try Self.text("docs/architecture.md")
        let section = try #require(doc.split(separator: "## A new feature").last)
        #expect(section.contains("**Three registration lines**"))
        for place in ["`Package.swift`", "`Sources/explorer/BuiltinFeatures.swift`", "`Plugins.json`"] {
            #expect(section.contains(place), "the section names \(place)")
        }
        let folder = TestPaths.repository.appendingPathComponent("Sources/Features/Planets")
        let lines = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .reduce(0) { $0 + (try String(contentsOf: $1, encoding: .utf8)).split(separator: "\n", omittingEmptySubsequences: false).count - 1 }
        #expect(section.contains("(\(lines) lines)"), "the section gives planets' folder as it is: \(lines) lines")
    }
}
