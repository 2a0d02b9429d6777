import Foundation
import TestSupport
import Testing

/// `scripts/embed-data` compiles Plugins.json in as a value: a described entry's `describe`
/// object becomes the FeatureDescription the parser reads from it, its defaults filled in, so
/// starting reads no description (FastParsingTests hold the value the repository's file gives
/// to what the parser reads from its text). Run on a copy of the script beside a Plugins.json
/// made here.
@Suite("Embedded Plugins.json")
struct EmbedDataPluginsTests {
    @Test func aDescribedEntryIsWrittenAsItsDescription() async throws {
        let root = TemporaryDirectory("embed-plugins")
        defer { root.remove() }
        try FileManager.default.createDirectory(at: root.file("scripts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestPaths.repository.appendingPathComponent("scripts/embed-data"), to: root.file("scripts/embed-data"))
        try Data(#"""
            {
              "source": "live",
              "features": [
                { "id": "starships", "enabled": true, "baseURL": "https://swapi.dev/api", "settings": { } },
                { "id": "films", "enabled": false, "baseURL": "https://swapi.dev/api", "settings": { "maxConcurrentRequests": 2 },
                  "describe": {
                    "title": "Films \"quoted\" \\ é",
                    "list": { "path": "/films/", "params": { "z": "1", "a": 2, "r": 1.5, "b": true },
                              "items": "results", "paging": { "type": "none" } },
                    "id": { "field": "url" }, "name": "title",
                    "fields": [ { "name": "title", "path": "title", "unknown": [] },
                                { "name": "people", "path": "characters", "type": "link", "to": "characters",
                                  "unknown": ["unknown", "n/a", "none", "-", "?", "", "not known", "not given", "missing", "tbd"] } ] } }
              ]
            }
            """#.utf8).write(to: root.file("Plugins.json"))
        let python = await TestPaths.python()
        let output = try await ChildProcess.run(executable: python, arguments: ["-c", """
            import runpy, sys
            sys.stdout.write(runpy.run_path(sys.argv[1])["plugins"]())
            """, root.file("scripts/embed-data").path], environment: ["PATH": "/usr/bin:/bin"], timeout: 60)
        #expect(output.status == 0, "\(output.stderrText)")
        let swift = output.stdoutText
        let start = try #require(swift.range(of: "    static let config"))
        let end = try #require(swift.range(of: "    ])\n"))
        #expect(String(swift[start.lowerBound..<end.upperBound]) == #"""
                static let config = PluginsConfig(source: .live, features: [
                    .init(id: "starships", isEnabled: true,
                          baseURL: URL(string: "https://swapi.dev/api")!,
                          settings: [:]),
                    .init(id: "films", isEnabled: false,
                          baseURL: URL(string: "https://swapi.dev/api")!,
                          settings: ["maxConcurrentRequests": 2],
                          description: FeatureDescription(
                              title: "Films \"quoted\" \\ é",
                              list: .init(path: "/films/", params: [.init("z", "1"), .init("a", "2"), .init("r", "1.5"), .init("b", "true")], items: JSONPath(segments: [.key("results")], description: "results"),
                                          paging: .none),
                              detail: nil,
                              id: .init(field: JSONPath(segments: [.key("url")], description: "url"), take: .value),
                              name: JSONPath(segments: [.key("title")], description: "title"),
                              columns: ["title", "people"],
                              fields: [
                                  .init(name: "title", path: JSONPath(segments: [.key("title")], description: "title"), type: .text, unknown: [], filter: false, detailOnly: false, to: nil),
                                  .init(name: "people", path: JSONPath(segments: [.key("characters")], description: "characters"), type: .link, unknown: ["unknown", "n/a", "none", "-", "?", "", "not known", "not given", "missing", "tbd"], filter: false, detailOnly: false, to: "characters"),
                              ],
                              sort: [],
                              search: nil,
                              auth: nil,
                              offline: nil)),
                ])

            """#)
    }
}
