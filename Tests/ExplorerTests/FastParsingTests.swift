import ArgumentParser
import ExplorerCore
import ExplorerText
import Foundation
import Testing
@testable import explorer

/// The fast reading of a command line (``ExplorerOptions/init(fastParsing:)``) against
/// ArgumentParser's: whatever the fast path takes, it must read exactly as ArgumentParser does;
/// whatever it cannot, it must leave to ArgumentParser.
@Suite struct FastParsingTests {
    /// Read by both, to the same options.
    static let taken: [[String]] = [
        [],
        ["-c", "quit"],
        ["-c", "use starships; open 3", "-c", "fav"],
        ["--source", "live"], ["--source=embedded"],
        ["--config", "my plugins.json"], ["--config=p.json"],
        ["--data-dir", "/tmp/x"], ["--data-dir=/tmp/x y"],
        ["--width", "40"], ["--width=1000"], ["--width", "+50"],
        ["--color", "never"], ["--color=always"],
        ["--format", "json"], ["--format=csv"],
        ["--timeout", "0.5"], ["--timeout=1e1"], ["--timeout", "600"],
        ["--clock", "2024-03-15T05:00:00Z"], ["--clock=2024-03-15T05:00:00.250+10:00"],
        ["--images", "off"], ["--images=inline"],
        ["--latency", "800ms"], ["--latency", "800ms jitter 200ms"],
        ["--fail", "500"], ["--fail", "418"], ["--fail", "offline times 2", "--fail=timeout match people"],
        ["--no-pager"], ["--bail"],
        ["demo.txt"], ["a.txt", "b.txt", "help"], ["-"], ["-c", "format json", "-", "after.txt"],
        ["--source", "live", "--format", "json", "--bail", "-c", "use starships", "setup.txt", "demo.txt",
         "--width", "60", "--no-pager", "--color", "never", "--timeout", "3", "--images", "off",
         "--data-dir", "d", "--config", "c.json", "--clock", "2024-01-01T00:00:00Z", "--latency", "5ms",
         "--fail", "404"],
        ["x.txt", "-c", "quit", "y.txt"],
    ]

    /// Left to ArgumentParser: help, usage errors, and what the fast path does not read exactly.
    static let declined: [[String]] = [
        ["--help"], ["-h"], ["--version"], ["--generate-completion-script", "bash"],
        ["--", "x"], [""], ["-c"], ["-c", ""], ["-c", "--bail"], ["-c=quit"], ["-cquit"],
        ["--source", "moon"], ["--source"], ["--source", "live", "--source", "embedded"],
        ["--bail", "--bail"], ["--bail=yes"], ["--no-pager=x"],
        ["--width", "29"], ["--width", "abc"], ["--width", "-5"], ["--width=0x50"],
        ["--timeout", "0"], ["--timeout", "nan"], ["--timeout", "601"],
        ["--clock", "yesterday"], ["--config", ""], ["--config="], ["--data-dir="],
        ["--latency", "soon"], ["--fail", "teapot"], ["--colour", "never"], ["--sourc", "live"],
        ["-x"], ["--format", "JSON"],
    ]

    @Test(arguments: taken)
    func readsAsArgumentParserDoes(_ arguments: [String]) throws {
        let fast = try #require(ExplorerOptions(fastParsing: arguments), "declined \(arguments)")
        let parsed = try ExplorerCommand.parse(arguments)
        #expect(fast == parsed.options)
    }

    @Test(arguments: declined)
    func leavesTheRestToArgumentParser(_ arguments: [String]) {
        #expect(ExplorerOptions(fastParsing: arguments) == nil)
    }

    /// The built-in configuration, compiled in as a value, is what its text says, and passes
    /// the checks a file would. Each description in it is the value the parser reads from the
    /// text (scripts/embed-data writes it with the parser's defaults filled in).
    @Test func builtInConfigurationIsItsText() throws {
        let parsed = try PluginsConfig.parse(Data(DefaultPlugins.json.utf8), file: "Plugins.json", features: BuiltinFeatures.all)
        #expect(DefaultPlugins.config.features.map(\.description) == parsed.features.map(\.description))
        #expect(try DefaultPlugins.config.validated(for: BuiltinFeatures.all, file: "Plugins.json") == parsed)
    }

    @Test func aBuiltInValueIsCheckedAsAFileWouldBe() {
        var config = DefaultPlugins.config
        config.features[1].settings = ["maxConcurrentPages": "many"]
        #expect(throws: ConfigError.self) { try config.validated(for: BuiltinFeatures.all, file: "Plugins.json") }
        config = DefaultPlugins.config
        config.features.append(config.features[0])
        #expect(throws: ConfigError.self) { try config.validated(for: BuiltinFeatures.all, file: "Plugins.json") }
    }

    /// A described entry built in code, as scripts/embed-data writes one: checked as a file's
    /// is. Its id is one the built-in configuration does not list (that has a `films` entry of
    /// its own).
    @Test func aBuiltInDescriptionIsCheckedAsAFileWouldBe() throws {
        let describe: JSONValue = .object([
            "title": .string("Films"),
            "list": .object(["path": .string("/films/"), "items": .string("results"), "paging": .object(["type": .string("none")])]),
            "id": .object(["field": .string("url")]), "name": .string("title"),
            "fields": .array([.object(["name": .string("title"), "path": .string("title")])]),
        ])
        let description = try FeatureDescription.parse(describe, path: "$", file: "Plugins.json")
        var config = DefaultPlugins.config
        config.features.append(.init(id: "swapi-films", isEnabled: true, baseURL: URL(string: "https://swapi.dev/api")!,
                                     settings: ["maxConcurrentRequests": 2], description: description))
        let validated = try config.validated(for: BuiltinFeatures.all, file: "Plugins.json")
        #expect(validated.features.last?.description == description)

        let index = config.features.count - 1
        config.features[index].id = "starships"
        #expect(throws: ConfigError(file: "Plugins.json", path: "$.features[\(index)].id",
                                    message: #""starships" is a built-in feature: a described feature needs an id of its own"#)) {
            try config.validated(for: BuiltinFeatures.all, file: "Plugins.json")
        }
        config.features[index].id = "swapi-films"
        config.features[index].settings = ["maxConcurrentPages": 2]
        #expect(throws: ConfigError(file: "Plugins.json", path: "$.features[\(index)].settings.maxConcurrentPages",
                                    message: "unknown setting (swapi-films takes maxConcurrentRequests)")) {
            try config.validated(for: BuiltinFeatures.all, file: "Plugins.json")
        }
    }
}
