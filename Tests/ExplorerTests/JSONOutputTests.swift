import Foundation
import TestSupport
@testable import explorer
import Testing

/// `--format json`: every command that shows something writes exactly one JSON object on one
/// line of stdout, whatever the screen; errors stay on stderr.
@Suite("JSON output")
struct JSONOutputTests {
    /// Every screen of every feature, and the shell's own, each command on a line of its own.
    /// `quit` shows nothing; every other line shows one screen.
    static let everyScreen = ["features", "help", "help use", "help starships", "source", "format", "trace", "favs"]
        + (BuiltinFeatures.all + DescribedFeatures.builtIn).flatMap { ["use \($0.id)"] + $0.tour }
        + ["source embedded", "trace off", "format"]

    static func objects(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
            let value = try JSONSerialization.jsonObject(with: Data(line.utf8))
            return try #require(value as? [String: Any], "not an object: \(line)")
        }
    }

    @Test("a script visiting every screen prints one JSON object per command, each on one line")
    func everyScreenIsOneJSONLine() async throws {
        let sandbox = try Sandbox("json-every-screen")
        try sandbox.writeExecutable("#!/bin/sh\nexit 0\n", to: "bin/player")
        let output = try await Explorer.run(
            ["--format", "json", "--color", "always", "--clock", "2024-03-15T08:00:00Z"], script: Self.everyScreen.joined(separator: "\n") + "\nquit\n",
            environment: ["EXPLORER_PLAYER": sandbox.file("bin/player").path, "PATH": "/usr/bin:/bin"], in: sandbox)

        #expect(output.stderrText == "")
        #expect(output.status == 0)
        #expect(!output.stdoutText.contains("\u{1B}"), "no escape codes in JSON, even with --color always")
        let objects = try Self.objects(output.stdoutText)
        try #require(objects.count == Self.everyScreen.count, "\(objects.count) objects for \(Self.everyScreen.count) commands")
        for (command, object) in zip(Self.everyScreen, objects) {
            #expect(object["screen"] is String, "`\(command)` has no screen: \(object)")
            #expect(object.keys.contains("feature"), "`\(command)` has no feature: \(object)")
            if ["list", "favourites", "features"].contains(object["screen"] as? String) {
                #expect(object["rows"] is [Any], "`\(command)` is a list without rows: \(object)")
            }
        }

        func screen(_ command: String, at occurrence: Int = 0) -> [String: Any] {
            let indexes = Self.everyScreen.indices.filter { Self.everyScreen[$0] == command }
            return objects[indexes[occurrence]]
        }
        #expect(screen("features")["screen"] as? String == "features")
        #expect((screen("features")["rows"] as? [[String: Any]])?.map { $0["id"] as? String } == DefaultPlugins.config.features.filter(\.isEnabled).map(\.id))
        #expect((screen("use moviedb")["rows"] as? [[String: Any]])?.count == 20)
        #expect(screen("use moviedb")["category"] as? String == "movies popular")
        #expect((screen("movies top")["rows"] as? [[String: Any]])?.first?["id"] as? String == "movie/238")
        #expect(screen("open 6")["title"] as? String == "Rick and Morty")
        #expect(screen("open 6")["seasons"] as? Int == 4)
        #expect((screen("open 6")["videos"] as? [[String: Any]])?.first?["url"] as? String == "https://www.youtube.com/watch?v=WNhH00OIPP0")
        #expect(screen("trailer 2")["url"] as? String == "https://www.youtube.com/watch?v=wh10k2LPZiI")
        #expect(screen("search rick")["origin"] as? String == "embedded")
        #expect(screen("filter the")["mode"] as? String == "filter")
        #expect((screen("use facts")["rows"] as? [[String: Any]])?.count == 13)
        #expect(screen("use facts")["hidden"] as? Int == 1)
        #expect(((screen("use facts")["rows"] as? [[String: Any]])?.first?["image_state"] as? [String: Any])?["state"] as? String == "stand_in")
        #expect(screen("open 1")["screen"] as? String == "detail")
        #expect((screen("filter horse")["rows"] as? [[String: Any]])?.allSatisfy { $0["category"] as? String == "horse" } == true)
        #expect(screen("clock")["virtual"] as? Bool == true)
        #expect(screen("open 2")["distance"] != nil)
        #expect(screen("help")["screen"] as? String == "help")
        #expect((screen("help")["commands"] as? [[String: Any]])?.first?["usage"] as? String == "help [command]")
        #expect(screen("format")["format"] as? String == "json")
        #expect(screen("trace")["trace"] as? Bool == false)

        let page2 = screen("page 2")
        #expect(page2["feature"] as? String == "starships")
        #expect(page2["page"] as? Int == 2)
        #expect(page2["pages"] as? Int == 4)
        #expect(page2["count"] as? Int == 36)
        let shuttle = try #require((page2["rows"] as? [[String: Any]])?[1])
        #expect(shuttle["row"] as? Int == 12)
        #expect(shuttle["id"] as? String == "22")
        #expect(shuttle["name"] as? String == "Imperial shuttle")
        #expect(shuttle["length_m"] as? Int == 20)
        #expect(shuttle["favourite"] as? Bool == false)

        let detail = screen("open 12")
        #expect(detail["screen"] as? String == "detail")
        #expect(detail["url"] as? String == "https://swapi.dev/api/starships/22/")
        let favourite = screen("fav")
        #expect(favourite["screen"] as? String == "favourite")
        #expect(favourite["favourite"] as? Bool == true)
        #expect(favourite["id"] as? String == "22")
        let starred = try #require((screen("back")["rows"] as? [[String: Any]])?[1])
        #expect(starred["favourite"] as? Bool == true, "back shows the star set on the detail")

        let characters = screen("use characters")
        #expect(characters["feature"] as? String == "characters")
        let segments = try #require(characters["segments"] as? [[String: Any]])
        #expect(segments.first?["selected"] as? Bool == true, "all is chosen")
        let blue = screen("filter eye=blue")
        #expect((blue["segments"] as? [[String: Any]])?.filter { $0["selected"] as? Bool == true }.map { $0["value"] as? String } == ["blue"])
        #expect((blue["rows"] as? [[String: Any]])?.count == 20)
        #expect(screen("filter hair")["trait"] as? String == "hair")

        let results = screen("search jack johnson")
        #expect(results["term"] as? String == "jack johnson")
        #expect((results["rows"] as? [[String: Any]])?.count == 10)
        #expect(screen("play")["played"] as? Bool == true)
        #expect(screen("play")["player"] as? String == "player")
        #expect(screen("web")["opened"] as? Bool == false, "no xdg-open on this PATH: the address is given")
        #expect((screen("web")["url"] as? String)?.hasPrefix("https://") == true)
        #expect(screen("lookup 1500000001")["row"] is NSNull, "not among the results")
        #expect(screen("search xyzzy")["count"] as? Int == 0)
        #expect(screen("source embedded")["changed"] as? Bool == false)
    }

    @Test("a list without rows has `\"rows\": []`, so jq's `.rows[]` reads every screen", arguments: [
        "use itunes; favs", "use itunes; search zzzzqqq", "favs all", "use starships; favs",
        "use characters; filter eye=red gender=hermaphrodite", "use moviedb; search xyzzy",
    ])
    func emptyListsHaveRows(commands: String) async throws {
        let sandbox = try Sandbox("json-empty-rows")
        let output = try await Explorer.run(["--format", "json", "-c", commands], in: sandbox)
        #expect(output.status == 0 && output.stderrText == "")
        let jq = try await ChildProcess.run(executable: TestPaths.jq, arguments: ["-c", ".rows[] | .row"], environment: sandbox.environment,
                                          stdin: output.stdout, timeout: 30)
        #expect(jq.status == 0, "jq: \(jq.stderrText)")
        let lastLine = output.stdoutText.split(separator: "\n").last.map(String.init) ?? ""
        #expect(lastLine.contains(#""rows":[]"#), "the last screen has no rows: \(lastLine)")
    }

    @Test("errors stay on stderr with the same exit status, each a JSON object; stdout has only the screens")
    func errorsStayOnStderr() async throws {
        let sandbox = try Sandbox("json-errors")
        let output = try await Explorer.run(["--format", "json"], script: "use starships\nopen 99\nnosuch\npage 2\n", in: sandbox)
        #expect(output.stderrText == """
            {"error":"no row 99: there are 36 rows","line":2}
            {"error":"unknown command 'nosuch' (type `help` for the list)","line":3}

            """)
        #expect(output.status == 1)
        #expect(try Self.objects(output.stdoutText).map { $0["page"] as? Int } == [1, 2])
    }

    @Test("in JSON both streams are JSON Lines: errors, warnings, traces and state changes read by jq with the screens (`2>&1 | jq`)")
    func bothStreamsAreJSON() async throws {
        let sandbox = try Sandbox("json-both-streams")
        try sandbox.write("use starships\ntrace on\ntrace state on\npage 2\nopen 99\ntrace off\nonce x.csv\n", to: "script.txt")
        let command = "'\(TestPaths.explorer)' --data-dir '\(sandbox.dataDirectory)' --format json -c 'format json' script.txt -c 'nosuch' 2>&1 | '\(TestPaths.jq)' -c '[(.screen // (if .error then \"error\" elif .warning then \"warning\" else .trace end)), (.line // .command // null)]'"
        let output = try await ChildProcess.run(executable: "/bin/sh", arguments: ["-c", command], environment: sandbox.environment,
                                              directory: sandbox.path, timeout: Explorer.processTimeout)
        #expect(output.stderrText == "", "jq read every line: \(output.stderrText)")
        let lines = output.stdoutText.split(separator: "\n").map(String.init)
        #expect(lines.first == #"["error",2]"#, "`nosuch`, the second -c, runs before the file: \(lines)")
        #expect(lines.contains(#"["request",null]"#), "a request traced: \(lines)")
        #expect(lines.contains(#"["emission",null]"#), "an emission traced: \(lines)")
        #expect(lines.contains(#"["state","page 2"]"#), "a state's diff, naming its command: \(lines)")
        #expect(lines.contains(#"["view",null]"#), "a render traced: \(lines)")
        #expect(lines.contains(#"["error",5]"#), "`open 99`, line 5 of the file: \(lines)")
        #expect(lines.contains(#"["warning",null]"#), "`once` left waiting at the end: \(lines)")
        #expect(lines.last == #"["warning",null]"#, "`once` left waiting, said as the run ends: \(lines)")
    }

    @Test("`format json` switches a running script to JSON and `format text` back, silently")
    func formatCommandSwitches() async throws {
        let sandbox = try Sandbox("json-format-command")
        let output = try await Explorer.run([], script: "source\nformat json\nsource\nformat\nformat text\nsource\nformat\n", in: sandbox)
        #expect(output.stdoutText == """
            source: embedded
            {"feature":null,"screen":"source","source":"embedded"}
            {"feature":null,"screen":"format","format":"json"}
            source: embedded
            format: text

            """)
        #expect(output.status == 0)
    }
}
