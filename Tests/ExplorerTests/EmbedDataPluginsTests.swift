import Foundation
import TestSupport
import Testing

/// `scripts/embed-data` compiles Plugins.json in as a value: a described entry's `describe`
/// object becomes a JSONValue written case by case, in the file's order, which
/// `PluginsConfig.validated(for:file:)` reads at start-up (FastParsingTests check the value the
/// repository's file gives against its text). Run on a copy of the script beside a Plugins.json
/// made here.
@Suite("Embedded Plugins.json")
struct EmbedDataPluginsTests {
    @Test func aDescribedEntryIsWrittenAsAJSONValue() async throws {
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
                    "list": { "path": "/films/", "params": { "z": "1", "a": 2, "r": 1.5, "b": true, "o": {} },
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
                          describe: .object([
                              "title": .string("Films \"quoted\" \\ é"),
                              "list": .object([
                                  "path": .string("/films/"),
                                  "params": .object(["z": .string("1"), "a": .int(2), "r": .double(1.5), "b": .bool(true), "o": .object([:])]),
                                  "items": .string("results"),
                                  "paging": .object(["type": .string("none")]),
                              ]),
                              "id": .object(["field": .string("url")]),
                              "name": .string("title"),
                              "fields": .array([
                                  .object(["name": .string("title"), "path": .string("title"), "unknown": .array([])]),
                                  .object([
                                      "name": .string("people"),
                                      "path": .string("characters"),
                                      "type": .string("link"),
                                      "to": .string("characters"),
                                      "unknown": .array([
                                          .string("unknown"),
                                          .string("n/a"),
                                          .string("none"),
                                          .string("-"),
                                          .string("?"),
                                          .string(""),
                                          .string("not known"),
                                          .string("not given"),
                                          .string("missing"),
                                          .string("tbd"),
                                      ]),
                                  ]),
                              ]),
                          ])),
                ])

            """#)
    }
}
