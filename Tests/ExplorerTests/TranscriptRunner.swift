import Foundation
import TestSupport
@testable import explorer

/// Runs one transcript scenario: a fresh ``Sandbox``, the fake server if the transcript asks
/// for one (`server:`), its `file` sections written into the sandbox (made executable when
/// they start with `#!`), then explorer with the `args:` words, the `env:` variables set and
/// the decoded `stdin`, in the `cwd:` directory if the transcript names one.
///
/// Variables, replaced in `args:`, `server:`, `env:` and `file` sections:
/// `${TMP}` the scenario's directory · `${FIXTURES}` Tests/ExplorerTests/Fixtures ·
/// `${SCRIPTS}` Tests/ExplorerTests/Scripts · `${REPOSITORY}` the repository's root (for the
/// examples/ files) · `${DATA}` the repository's data/swapi · `${BASE_URL}` the fake server's
/// `http://127.0.0.1:PORT/api` (its `--prefix` instead of `/api` if given) · `${PORT}` its
/// port · `${REFUSED_URL}` an `http://127.0.0.1:PORT/api` where nothing listens.
enum TranscriptRunner {
    static func run(_ transcript: Transcript, name: String) async throws -> TranscriptResult {
        let sandbox = try Sandbox(name)
        var variables: [String: String] = [
            "TMP": sandbox.path,
            "FIXTURES": TestPaths.fixtures.path,
            "SCRIPTS": TestPaths.scripts.path,
            "REPOSITORY": TestPaths.repository.path,
            "DATA": TestPaths.swapiData.path,
        ]
        // The ids explorer knows, as an unknown id's error lists them: a feature added changes
        // no transcript.
        let knownIDs = BuiltinFeatures.all.map(\.id).sorted().joined(separator: ", ")
        var normalizer = OutputNormalizer(replacements: [(sandbox.path, "${TMP}"), ("(known: \(knownIDs))", "(known: ${FEATURE_IDS})")])
        let refusing = try RefusingPort()
        defer { withExtendedLifetime(refusing) {} }
        variables["REFUSED_URL"] = "http://127.0.0.1:\(refusing.port)/api"
        normalizer.replacements.append(("127.0.0.1:\(refusing.port)", "127.0.0.1:${REFUSED_PORT}"))

        var server: FakeSWAPI?
        if let line = transcript.header("server") {
            let arguments = try ShellWords.split(line).map { try substitute($0, variables) }
            server = try await FakeSWAPI(arguments, sandbox: sandbox)
            variables["BASE_URL"] = server!.baseURL
            variables["PORT"] = String(server!.port)
            normalizer.replacements.append(("127.0.0.1:\(server!.port)", "127.0.0.1:${PORT}"))
        }
        defer { server?.stop() }

        for (fileName, content) in transcript.files {
            if content.hasPrefix("#!") {
                try sandbox.writeExecutable(try substitute(content, variables), to: fileName)
            } else {
                try sandbox.write(try substitute(content, variables), to: fileName)
            }
        }
        let arguments = try ShellWords.split(transcript.header("args") ?? "").map { try substitute($0, variables) }
        let environment = try self.environment(transcript.header("env") ?? "", variables)
        let stdin = try StdinEscapes.decode(transcript.section("stdin") ?? "")
        let directory = try transcript.header("cwd").map { try substitute($0, variables) }

        let output = try await Explorer.run(arguments, stdin: stdin, environment: environment, directory: directory, in: sandbox)

        var problems: [String] = []
        if output.timedOut {
            problems.append("explorer was killed after \(Int(Explorer.processTimeout)) s: it never finished (hung?)")
        }
        if String(validating: output.stdout, as: UTF8.self) == nil { problems.append("stdout is not valid UTF-8") }
        if String(validating: output.stderr, as: UTF8.self) == nil { problems.append("stderr is not valid UTF-8") }
        return TranscriptResult(
            stdout: normalizer.normalize(output.stdoutText),
            stderr: normalizer.normalize(output.stderrText),
            status: output.timedOut ? "killed (timed out)\n" : "\(output.status)\n",
            requests: server.map { server in server.requests().map { normalizer.normalize($0) + "\n" }.joined() },
            problems: problems,
            duration: output.duration)
    }

    struct UnknownVariable: Error, CustomStringConvertible {
        var description: String
    }

    struct MalformedEnvironment: Error, CustomStringConvertible {
        var description: String
    }

    /// The `env:` header's `NAME=VALUE` words (variables replaced) as a dictionary.
    static func environment(_ line: String, _ variables: [String: String]) throws -> [String: String] {
        var environment: [String: String] = [:]
        for word in try ShellWords.split(line) {
            guard let equals = word.firstIndex(of: "="), equals != word.startIndex else {
                throw MalformedEnvironment(description: "env: expected NAME=VALUE words, not `\(word)`")
            }
            environment[String(word[..<equals])] = try substitute(String(word[word.index(after: equals)...]), variables)
        }
        return environment
    }

    /// Replaces every `${NAME}` in `text`; an unknown name is an error, never left as is.
    static func substitute(_ text: String, _ variables: [String: String]) throws -> String {
        var result = ""
        var rest = Substring(text)
        while let start = rest.range(of: "${") {
            result += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else {
                throw UnknownVariable(description: "unclosed `${` in: \(text)")
            }
            let name = String(rest[start.upperBound..<end])
            guard let value = variables[name] else {
                let known = variables.keys.sorted().joined(separator: ", ")
                throw UnknownVariable(description: "unknown variable ${\(name)} (known here: \(known))")
            }
            result += value
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }
}
