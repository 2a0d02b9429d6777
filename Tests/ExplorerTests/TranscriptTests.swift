// Transcript tests: scripts piped into the built `explorer` binary, with stdout, stderr and
// the exit status compared exactly. One scenario per file, Transcripts/NAME.transcript; each
// file is a test case of its own, named after the file, and the cases run in parallel
// (`swift test --filter ExplorerTests.TranscriptTests` runs just these).
//
// FORMAT
//
//   # Comment lines (and blank lines) at the top say what the scenario is about.
//   args: --bail -c "use starships; page 2"
//   server: --fail 2=500
//   --- file Plugins.json
//   { "source": "embedded", "features": [ … "baseURL": "${BASE_URL}" … ] }
//   --- stdin
//   use starships
//   --- stdout
//   Starships · page 1 of 4 · 36 in all
//   …
//   --- stderr
//   error: line 2: …
//   --- status
//   1
//   --- requests
//   /api/starships/?page=1
//
// Headers (before the first `---` line, all optional):
//   args:    extra command-line arguments, one line of shell-like words ('…', "…", \x).
//            Every run also gets `--data-dir ${TMP}/data` and `--width 100` unless args gives
//            its own `--data-dir` / `--width`.
//   server:  start TestSupport/fake_swapi.py for this scenario with these arguments (see the top
//            of that script: --fail, --hang, --malformed, --retry-after, --delay-ms, --route,
//            --prefix, …); it serves the repository's data/swapi unless the line gives its own
//            `--data DIR` (e.g. `--data ${FIXTURES}/swapi-co-2020`), and is stopped afterwards.
//            `--prefix "" --route "/search?term=…" FILE` serves a non-SWAPI API (FILE is
//            relative to --data); any other request target answers 404.
//   env:     environment variables for explorer, as shell-like NAME=VALUE words, set on top of
//            the sandbox's (see ENVIRONMENT): `env: EXPLORER_PLAYER=${TMP}/player PATH=${TMP}/bin`.
//            `NAME=` sets it empty. The fake server does not get them.
//   cwd:     the directory explorer runs in (default: the test runner's), so that files it
//            is given by relative names read the same everywhere: `cwd: ${SCRIPTS}` runs the
//            script files of Tests/ExplorerTests/Scripts by name (`args: greet.txt`), `cwd: ${TMP}`
//            those of the transcript's own `file` sections, `cwd: ${REPOSITORY}` the demos of
//            examples/ as their README runs them (`args: examples/tour.txt`; the `example-*`
//            transcripts, one per examples/*.txt, which ExamplesTests checks).
// Sections (a line starting with `--- ` starts one; its text runs to the next such line,
// exactly, newlines and trailing blanks included; a header ending in `(no newline at end)`
// means the text has no final newline):
//   file NAME  written to ${TMP}/NAME before explorer starts (e.g. a Plugins.json); a file
//              whose text starts with `#!` is made executable (a fake player script).
//   stdin      what explorer reads; empty if absent. Only here, escapes give exact bytes:
//              `\xHH` a byte (`\xFF` is invalid UTF-8), `\\` a backslash, `\{N*TEXT}` TEXT
//              repeated N times (`\{10240*a}` is a 10 kB line); any other `\` is itself.
//   stdout, stderr, status   what explorer must print and exit with.
//   requests   (with `server:`) the request targets the server received, in order.
// Variables in `args:`, `server:`, `env:`, `cwd:` and `file` sections: ${TMP} (the scenario's
// fresh directory), ${FIXTURES} (Tests/ExplorerTests/Fixtures: recorded API answers, see its
// README.md), ${SCRIPTS} (Tests/ExplorerTests/Scripts), ${REPOSITORY} (the repository's root),
// ${DATA} (data/swapi), ${BASE_URL} and ${PORT} (the fake server),
// ${REFUSED_URL} (a loopback URL where nothing listens). ${BASE_URL} is
// `http://127.0.0.1:PORT/api`, or ends in the server line's `--prefix` instead of `/api`
// (`--prefix ""`: `http://127.0.0.1:PORT`).
//
// ENVIRONMENT: explorer runs with HOME and XDG_* inside ${TMP}, NO_COLOR unset, nothing else
// from the caller but PATH (and what `env:` sets). stdout and stderr are pipes, so no colour
// and width 80 by default.
//
// NORMALIZATION before comparing: `(12 ms)` → `(N ms)`; the scenario directory → `${TMP}`;
// the server's port → `${PORT}` (nothing listening: `${REFUSED_PORT}`); an unknown feature's
// `(known: characters, facts, …)` → `(known: ${FEATURE_IDS})`.
//
// UPDATING: `UPDATE_TRANSCRIPTS=1 swift test …` rewrites the stdout/stderr/status/requests
// sections of every transcript from what explorer does now (the test then passes; `requests`
// only where the transcript has that section already). Read the
// result before keeping it: expected output is what a user should see, not whatever explorer
// printed. `bug-` transcripts describe the correct behaviour of a known bug and are never
// rewritten by `=1`; name files to rewrite them anyway: `UPDATE_TRANSCRIPTS=bug-x,other`.

import Foundation
import TestSupport
import Testing

@Suite("Transcripts")
struct TranscriptTests {
    @Test("transcript", arguments: TranscriptFile.all)
    func transcript(_ file: TranscriptFile) async throws {
        let text = try String(contentsOf: file.url, encoding: .utf8)
        var transcript = try Transcript.parse(text)
        let result = try await TranscriptRunner.run(transcript, name: file.name)

        for problem in result.problems {
            Issue.record("\(file.name): \(problem)")
        }

        if file.shouldUpdate {
            for (name, actual) in [("stdout", result.stdout), ("stderr", result.stderr)] {
                guard Transcript.canHold(actual) else {
                    Issue.record("\(file.name): \(name) has a line starting with `--- `; cannot store it in a transcript")
                    return
                }
                transcript.set(name, actual)
            }
            transcript.set("status", result.status)
            // Only where the scenario checks them: some servers answer in no fixed order.
            if let requests = result.requests, transcript.section("requests") != nil { transcript.set("requests", requests) }
            if transcript.rendered() != text {
                try transcript.rendered().write(to: file.url, atomically: true, encoding: .utf8)
                print("updated \(file.url.lastPathComponent)")
            }
            return
        }

        var differences: [String] = []
        let expected: [(String, String?, String?)] = [
            ("stdout", transcript.section("stdout"), result.stdout),
            ("stderr", transcript.section("stderr"), result.stderr),
            ("status", transcript.section("status"), result.status),
            ("requests", transcript.section("requests"), transcript.section("requests") == nil ? nil : result.requests ?? ""),
        ]
        for (name, wanted, actual) in expected {
            guard let actual else { continue }
            guard let wanted else {
                if name != "requests" {
                    differences.append("no `--- \(name)` section (UPDATE_TRANSCRIPTS=\(file.name) writes it); explorer printed:\n\(actual)")
                }
                continue
            }
            let normalizedWanted = name == "status" ? wanted : OutputNormalizer.normalizeTimings(wanted)
            if normalizedWanted != actual {
                differences.append("\(name) differs (- expected, + actual):\n" + TextDiff.lines(expected: normalizedWanted, actual: actual))
            }
        }
        if !differences.isEmpty {
            let note = file.recordsKnownBug ? " (a `bug-` transcript: it expects the correct behaviour of a known bug)" : ""
            Issue.record(Comment(rawValue: "\(file.name).transcript\(note)\n" + differences.joined(separator: "\n\n")))
        }
    }

    @Test("every transcript parses and renders back to the same text")
    func transcriptsRoundTrip() throws {
        #expect(!TranscriptFile.all.isEmpty, "no transcripts found in \(TestPaths.transcripts.path)")
        for file in TranscriptFile.all {
            let text = try String(contentsOf: file.url, encoding: .utf8)
            let transcript = try Transcript.parse(text)
            #expect(transcript.rendered() == text, "\(file.name) does not render back to itself")
            #expect(transcript.section("stdout") != nil && transcript.section("stderr") != nil
                    && transcript.section("status") != nil, "\(file.name) lacks stdout, stderr or status")
        }
    }

    @Test("stdin escapes give exact bytes")
    func stdinEscapes() throws {
        #expect(try StdinEscapes.decode(#"a\xFFb\\c\d"#) == [0x61, 0xFF, 0x62, 0x5C, 0x63, 0x5C, 0x64])
        #expect(try StdinEscapes.decode(#"\{3*ab}!"#) == Array("ababab!".utf8))
        #expect(try StdinEscapes.decode("é\n") == Array("é\n".utf8))
        #expect(throws: StdinEscapes.Malformed.self) { try StdinEscapes.decode(#"\xZZ"#) }
        #expect(throws: StdinEscapes.Malformed.self) { try StdinEscapes.decode(#"\{3*ab"#) }
    }

    @Test("args lines split like a shell's")
    func shellWords() throws {
        #expect(try ShellWords.split(#"-c "use starships; page 2" --width=40 'a b' c\ d"#)
                == ["-c", "use starships; page 2", "--width=40", "a b", "c d"])
        #expect(try ShellWords.split("   ") == [])
        #expect(throws: ShellWords.Malformed.self) { try ShellWords.split(#"-c "open"#) }
    }

    @Test("env: lines give NAME=VALUE pairs, variables replaced, empty values kept")
    func environmentHeader() throws {
        #expect(try TranscriptRunner.environment(#"EXPLORER_PLAYER=${TMP}/player PATH= "NOTE=two words""#, ["TMP": "/t"])
                == ["EXPLORER_PLAYER": "/t/player", "PATH": "", "NOTE": "two words"])
        #expect(try TranscriptRunner.environment("", [:]) == [:])
        #expect(throws: TranscriptRunner.MalformedEnvironment.self) { try TranscriptRunner.environment("PATH", [:]) }
        #expect(throws: TranscriptRunner.MalformedEnvironment.self) { try TranscriptRunner.environment("=value", [:]) }
        #expect(throws: TranscriptRunner.UnknownVariable.self) { try TranscriptRunner.environment("A=${NOPE}", [:]) }
    }

    @Test("the fake server's base URL follows its --prefix")
    func fakeServerPrefix() {
        #expect(FakeSWAPI.prefix(in: []) == "/api")
        #expect(FakeSWAPI.prefix(in: ["--prefix", ""]) == "")
        #expect(FakeSWAPI.prefix(in: ["--prefix=/v2/"]) == "/v2")
        #expect(FakeSWAPI.prefix(in: ["--fail", "2=500", "--prefix", "/a", "--prefix", "/b"]) == "/b")
    }

    @Test("a transcript without a final newline round-trips")
    func noFinalNewline() throws {
        var transcript = try Transcript.parse("args: -c quit\n--- stdin\n--- stdout\n")
        transcript.set("stdout", "no newline")
        let text = transcript.rendered()
        #expect(text == "args: -c quit\n--- stdin\n--- stdout (no newline at end)\nno newline\n")
        #expect(try Transcript.parse(text).section("stdout") == "no newline")
    }
}
