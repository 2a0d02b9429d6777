// `once FILE` and `output FILE`, as sqlite3's `.once` and `.output`: screens written to a file
// in the format in force, nothing surprising overwritten, each bad name one error line.

import Foundation
import TestSupport
import Testing

@Suite("once and output")
struct OnceAndOutputTests {
    static func run(_ commands: String, format: String = "csv", in sandbox: Sandbox) async throws -> ProcessOutput {
        try await Explorer.run(["--format", format, "-c", commands], directory: sandbox.path, in: sandbox)
    }

    static func contents(_ name: String, in sandbox: Sandbox) throws -> String {
        try String(contentsOf: sandbox.file(name), encoding: .utf8)
    }

    @Test("`once` sends the next screen to the file and the one after to stdout again")
    func onceIsForOneScreen() async throws {
        let sandbox = try Sandbox("once")
        let output = try await Self.run("use starships; once ships.csv; sort length desc; sort off", in: sandbox)
        #expect(output.stderrText == "" && output.status == 0)
        let file = try Self.contents("ships.csv", in: sandbox)
        #expect(file.hasPrefix("row,favourite,id,name,model,"))
        #expect(file.components(separatedBy: "\r\n")[1].hasPrefix("4,false,9,Death Star,"), "the longest first")
        #expect(output.stdoutText.components(separatedBy: "row,favourite,").count == 3, "`use starships` and `sort off` on stdout")
    }

    @Test("a command that fails leaves the file as it was, and ends `once`")
    func aFailedCommandWritesNothing() async throws {
        let sandbox = try Sandbox("once-failed")
        try sandbox.write("kept\n", to: "ships.csv")
        let output = try await Self.run("use starships; once ships.csv; sort lenght; features", in: sandbox)
        #expect(output.status == 1)
        #expect(output.stderrText.hasPrefix("error: "))
        #expect(output.stderrText.components(separatedBy: "\n").count == 2, "one line: \(output.stderrText)")
        #expect(try Self.contents("ships.csv", in: sandbox) == "kept\n")
        #expect(output.stdoutText.contains("active,id,title,summary\r\n"), "`features` goes to stdout")
    }

    @Test("`output FILE` collects every screen until `output` alone; JSON lines read by jq")
    func outputCollectsScreens() async throws {
        let sandbox = try Sandbox("output")
        try sandbox.write("old\n", to: "screens.jsonl")
        let output = try await Self.run("output screens.jsonl; use starships; page 2; open 12; output; features", format: "json", in: sandbox)
        #expect(output.stderrText == "" && output.status == 0)
        #expect(output.stdoutText.hasPrefix(#"{"feature":null,"screen":"features""#) && output.stdoutText.components(separatedBy: "\n").count == 2,
                "only `features` on stdout: \(output.stdoutText)")
        let jq = try await ChildProcess.run(executable: TestPaths.jq, arguments: ["-r", "[.screen, (.page // .name)] | @tsv", "screens.jsonl"],
                                          environment: sandbox.environment, directory: sandbox.path, timeout: 30)
        #expect(jq.status == 0, "jq: \(jq.stderrText)")
        #expect(jq.stdoutText == "list\t1\nlist\t2\ndetail\tImperial shuttle\n", "the file emptied first, then three screens")
    }

    @Test("a one-character name, `-`, and a named pipe nothing reads: no crash, no wait, each one line or written")
    func oddNames() async throws {
        let sandbox = try Sandbox("once-odd-names")
        #expect(mkfifo(sandbox.file("p").path, 0o644) == 0)
        let output = try await Self.run("use starships; once a; page 2; output x; page 3; output; once -; page 4; once p; page 1; output p; run p; run a",
                                        in: sandbox)
        #expect(!output.timedOut)
        let errors = output.stderrText.split(separator: "\n").map(String.init)
        #expect(errors.prefix(2) == ["error: -c:9: cannot write to p: it is a pipe nothing reads",
                                     "error: -c:11: cannot write to p: it is a pipe nothing reads"], "\(output.stderrText)")
        #expect(errors.dropFirst(2).allSatisfy { $0.hasPrefix("error: a:") }, "`run p` read nothing; `run a` ran the CSV as commands: \(output.stderrText)")
        #expect(try Self.contents("a", in: sandbox).components(separatedBy: "\r\n")[1].hasPrefix("11,"), "page 2 in a")
        #expect(try Self.contents("x", in: sandbox).components(separatedBy: "\r\n")[1].hasPrefix("21,"), "page 3 in x")
        #expect(try Self.contents("-", in: sandbox).components(separatedBy: "\r\n")[1].hasPrefix("31,"), "page 4 in a file called -")
        #expect(output.status == 1)
    }

    @Test("explorer's own files are never written: the database, its log, the recording being made")
    func ownFilesAreRefused() async throws {
        let sandbox = try Sandbox("once-own-files")
        let data = sandbox.dataDirectory
        let marked = try await Explorer.run(["-c", "use starships; fav 1"], directory: sandbox.path, in: sandbox)
        #expect(marked.status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: data + "/explorer.sqlite"))
        let output = try await Self.run("once \(data)/explorer.sqlite; output \(data)/../\(URL(fileURLWithPath: data).lastPathComponent)/explorer.sqlite-wal; record \(data)/explorer.sqlite-checked; favs all",
                                        in: sandbox)
        #expect(output.stderrText == """
            error: -c:1: cannot write to \(data)/explorer.sqlite: it is explorer's database (favourites and caches)
            error: -c:2: cannot write to \(data)/../\(URL(fileURLWithPath: data).lastPathComponent)/explorer.sqlite-wal: it is the database's write-ahead log
            error: -c:3: cannot record to \(data)/explorer.sqlite-checked: it is the database's integrity stamp

            """)
        #expect(output.stdoutText.contains("starships,CR90 corvette"), "the favourite is still there: \(output.stdoutText)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: data + "/explorer.sqlite")) == before)

        let recording = try await Explorer.run(["--source", "live", "--record", "demo.rec", "-c", "output demo.rec", "-c", "once ./demo.rec"],
                                               directory: sandbox.path, in: sandbox)
        #expect(recording.stderrText == """
            error: -c:1: cannot write to demo.rec: it is the recording being made
            error: -c:2: cannot write to ./demo.rec: it is the recording being made

            """)
        #expect(try Self.contents("demo.rec", in: sandbox).hasPrefix(#"{"explorer":"#), "the recording's header is intact")
    }

    @Test("text written to a file is plain, whatever --color says")
    func textInAFile() async throws {
        let sandbox = try Sandbox("once-text")
        let output = try await Explorer.run(["--color", "always", "-c", "use starships; once ships.txt; open 5"],
                                            directory: sandbox.path, in: sandbox)
        #expect(output.status == 0)
        let file = try Self.contents("ships.txt", in: sandbox)
        #expect(file.hasPrefix("☆ Millennium Falcon  (row 5)\n"))
        #expect(!file.contains("\u{1B}"), "no escape codes in a file")
    }

    @Test("each name that cannot be written is one error line, and nothing is written", arguments: [
        ("once", "usage: once <file>   (quote a name with spaces)"),
        ("once a.csv b.csv", "usage: once <file>   (quote a name with spaces)"),
        ("output a.csv b.csv", "usage: output [file]   (quote a name with spaces)"),
        ("once folder", "cannot write to folder (Is a directory)"),
        ("output folder", "cannot write to folder (Is a directory)"),
        ("once missing/ships.csv", "cannot write to missing/ships.csv (No such file or directory)"),
        ("once notes.txt/ships.csv", "cannot write to notes.txt/ships.csv (Not a directory)"),
        ("once ''", "cannot write to '' (no file named)"),
        ("run script.txt", "script.txt:1: cannot write to ./script.txt: it is a script being run"),
    ])
    func badNames(command: String, message: String) async throws {
        let sandbox = try Sandbox("once-bad")
        try FileManager.default.createDirectory(at: sandbox.file("folder"), withIntermediateDirectories: true)
        try sandbox.write("notes\n", to: "notes.txt")
        try sandbox.write("once ./script.txt\n", to: "script.txt")
        let output = try await Self.run("use starships; \(command); sort length", in: sandbox)
        #expect(output.status == 1)
        // The second command given with -c; `run`'s own error is the script's line.
        let location = message.hasPrefix("script.txt:") ? "" : "-c:2: "
        #expect(output.stderrText == "error: \(location)\(message)\n")
        #expect(output.stdoutText.components(separatedBy: "row,favourite,").count == 3, "both tables on stdout")
        #expect(try Self.contents("script.txt", in: sandbox) == "once ./script.txt\n")
        #expect(try Self.contents("notes.txt", in: sandbox) == "notes\n")
        #expect(!FileManager.default.fileExists(atPath: sandbox.file("a.csv").path))
        #expect(!FileManager.default.fileExists(atPath: sandbox.file("missing").path))
    }
}
