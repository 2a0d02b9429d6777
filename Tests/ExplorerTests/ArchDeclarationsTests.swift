import Foundation
import TestSupport
import Testing
@testable import ExplorerShell
@testable import explorer

/// What `arch` says a feature asks for and shows is what it does: each feature's part of the
/// every-screen script is run with `trace on`, and every request it makes matches one of the
/// endpoints its `arch` lists, every screen it shows is one of the screens its `arch` lists.
@Suite("arch agrees with what features do")
struct ArchDeclarationsTests {
    /// The every-screen script cut into each feature's part: from `use X` to the next `use`.
    static var parts: [(feature: String, lines: [String])] {
        var parts: [(String, [String])] = []
        for line in JSONOutputTests.everyScreen {
            if line.hasPrefix("use ") {
                parts.append((String(line.dropFirst(4)), [line]))
            } else if !parts.isEmpty, !["source embedded", "trace off", "format"].contains(line) {
                parts[parts.count - 1].1.append(line)
            }
        }
        return parts
    }

    /// `/starships/?page={page}` as a pattern: `{name}` stands for one value, `{name…}` for
    /// any text; a template that is one `{name}` alone stands for an absolute http(s) URL.
    static func matches(_ endpoint: String, _ template: String) -> Bool {
        if template.wholeMatch(of: /\{[A-Za-z]+\}/) != nil {
            return endpoint.hasPrefix("http://") || endpoint.hasPrefix("https://")
        }
        var pattern = NSRegularExpression.escapedPattern(for: template)
        pattern = pattern.replacingOccurrences(of: #"\\\{[A-Za-z]+…\\\}"#, with: ".+", options: .regularExpression)
        pattern = pattern.replacingOccurrences(of: #"\\\{[A-Za-z]+\\\}"#, with: "[^/?&]+", options: .regularExpression)
        return endpoint.range(of: "^" + pattern + "$", options: .regularExpression) != nil
    }

    @Test("every request and every screen of each feature is one its arch lists", arguments: parts.map(\.feature))
    func requestsAndScreensAreDeclared(feature: String) async throws {
        let part = try #require(Self.parts.first { $0.feature == feature })
        let sandbox = try Sandbox("arch-\(feature)")
        try sandbox.writeExecutable("#!/bin/sh\nexit 0\n", to: "bin/player")
        let script = (["trace on"] + part.lines + ["arch"]).joined(separator: "\n") + "\n"
        let output = try await Explorer.run(["--format", "json", "--clock", "2024-03-15T08:00:00Z"], script: script,
                                            environment: ["EXPLORER_PLAYER": sandbox.file("bin/player").path, "PATH": "/usr/bin:/bin"],
                                            in: sandbox)
        #expect(output.status == 0, "\(output.stderrText)")
        let objects = try JSONOutputTests.objects(output.stdoutText)
        let arch = try #require(objects.last)
        #expect(arch["screen"] as? String == "arch")
        let endpoints = try #require(arch["endpoints"] as? [String])
        let screens = try #require(arch["screens"] as? [String])

        // In JSON each trace line is an object: `{"trace":"request","text":"GET /starships/?page=1 → 200 …"}`.
        let requests = try JSONOutputTests.objects(output.stderrText).compactMap { line -> String? in
            guard line["trace"] as? String == "request", let text = line["text"] as? String, text.hasPrefix("GET ") else { return nil }
            return String(text.dropFirst("GET ".count).prefix { $0 != " " })
        }
        #expect(!requests.isEmpty)
        for request in requests {
            #expect(endpoints.contains { Self.matches(request, $0) }, "\(feature) asked for \(request), which is none of \(endpoints)")
        }
        // `help` in a feature is the shell's screen, not the feature's view's.
        for object in objects.dropLast() where object["feature"] as? String == feature && object["screen"] as? String != "help" {
            let kind = object["screen"] as? String ?? "?"
            #expect(screens.contains(kind), "\(feature) showed a \(kind) screen, which is none of \(screens)")
        }
    }

    /// The intent `arch` names for a command is the one the view model's code says began
    /// (`intent()`, named by `#function`): each command of a feature's part is run under `arch`;
    /// a command that declares an intent and reaches its view model ran that one (a form that
    /// answers from the state, such as `filter hair`, runs none), and one that declares none ran none.
    @Test("each command's declared intent is the one its code runs", arguments: parts.map(\.feature))
    func declaredIntentsAreTheOnesThatRun(feature: String) async throws {
        let part = try #require(Self.parts.first { $0.feature == feature })
        let sandbox = try Sandbox("intents-\(feature)")
        try sandbox.writeExecutable("#!/bin/sh\nexit 0\n", to: "bin/player")
        let lines = part.lines.map { $0.hasPrefix("use ") || $0.hasPrefix("help") ? $0 : "arch \($0)" }
        let output = try await Explorer.run(["--format", "json", "--clock", "2024-03-15T08:00:00Z"], script: lines.joined(separator: "\n") + "\n",
                                            environment: ["EXPLORER_PLAYER": sandbox.file("bin/player").path, "PATH": "/usr/bin:/bin"],
                                            in: sandbox)
        let paths = try JSONOutputTests.objects(output.stdoutText).filter { $0["screen"] as? String == "arch_path" }
        #expect(!paths.isEmpty)
        var declaredAndRun = 0
        for path in paths {
            let command = path["command"] as? String ?? "?"
            let declared = path["declared_intent"] as? String
            let ran = path["intents_run"] as? [String] ?? []
            if let declared, let first = ran.first {
                #expect(first == declared, "`\(command)` declares \(declared) but its code ran \(first)")
                declaredAndRun += 1
            } else if declared == nil {
                #expect(ran.isEmpty, "`\(command)` declares no intent but its code ran \(ran)")
            }
        }
        #expect(declaredAndRun > 0, "\(feature)'s part runs at least one declared intent")
    }

    @Test func templatesMatchOneValuePerPlaceholder() {
        #expect(Self.matches("/starships/?page=2", "/starships/?page={page}"))
        #expect(!Self.matches("/starships/?page=2&x=1", "/starships/?page={page}"))
        #expect(!Self.matches("/starships/3/4/", "/starships/{id}/"))
        #expect(Self.matches("/people/3/", "/{resource}/{id}/"))
        #expect(Self.matches("http://a.example/x.m4a", "{previewUrl}"))
        #expect(!Self.matches("/search?term=x", "{previewUrl}"))
        #expect(Self.matches("/s/abc/facts.json", "{path…}"))
    }

    @Test("no command of the shell or of any feature is named like a section of arch, so `arch state` is always the section")
    func noCommandIsNamedLikeASection() async throws {
        let sandbox = try Sandbox("arch-section-words")
        let script = (["help"] + (BuiltinFeatures.all + DescribedFeatures.builtIn).flatMap { ["use \($0.id)", "help"] }).joined(separator: "\n") + "\n"
        let output = try await Explorer.run(["--format", "json"], script: script, in: sandbox)
        #expect(output.status == 0, "\(output.stderrText)")
        let helps = try JSONOutputTests.objects(output.stdoutText).filter { $0["screen"] as? String == "help" }
        #expect(helps.count == (BuiltinFeatures.all + DescribedFeatures.builtIn).count + 1)
        let names = helps.flatMap { help in
            ["commands", "feature_commands"].flatMap { (help[$0] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String } }
        }
        #expect(names.contains("arch") && names.contains("watch"), "the shell's commands and every feature's")
        for section in ArchSection.allCases {
            #expect(!names.contains(section.rawValue), "`\(section.rawValue)` is a command: `arch \(section.rawValue)` could not say which it means")
        }
    }
}
