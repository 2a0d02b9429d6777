import ExplorerClock
@testable import ExplorerCore
@testable import ExplorerHTTP
@testable import ExplorerShell
import ExplorerStore
import ExplorerText
import ExplorerTrace
import Foundation
import Reactive
import TestSupport
import Testing

/// A feature small enough to read at a glance, with the commands the shell tests need.
@MainActor
final class FakeFeature: Feature {
    let context: FeatureContext
    /// `use` fails with this when set.
    var enterError: CommandError?
    /// A source switch fails with this when set.
    var sourceChangeError: CommandError?
    private(set) var enterCount = 0
    /// The `isActive` of every `sourceDidChange` call.
    private(set) var sourceChanges: [Bool] = []
    var location: [String] = []
    /// A labelled observable, as a view model would have.
    let items: Observable<[String]>

    init(context: FeatureContext) {
        self.context = context
        items = Observable([String](), traceLabel: "FakeViewModel.items", tracer: context.tracer)
    }

    var commands: [Command] {
        [
            Command("ping", usage: "ping [text]", summary: "answer pong",
                    details: "Prints pong, then any text given.",
                    complete: { previous in previous.isEmpty ? ["pong", "pang", "other"] : [] },
                    run: { [unowned self] arguments in .reply(self.message((["pong"] + arguments).joined(separator: " "))) }),
            Command("fail", summary: "always fails",
                    run: { _ in throw CommandError("it failed") }),
            Command("go", usage: "go <place>…", summary: "move to a place",
                    run: { [unowned self] arguments in
                        self.location = arguments
                        return .nothing
                    }),
            Command("emit", usage: "emit <item>…", summary: "set the observable items",
                    run: { [unowned self] arguments in
                        self.items.value = arguments
                        return .nothing
                    }),
            Command("fetch", usage: "fetch <path>", summary: "GET a path through the feature's client",
                    run: { [unowned self] arguments in
                        let response = try await self.context.http.send(HTTPRequest(path: arguments[0]))
                        return .reply(self.message(String(decoding: response.body, as: UTF8.self)))
                    }),
            Command("slow", summary: "waits until interrupted",
                    run: { [unowned self] _ in
                        try await Task.sleep(for: .seconds(60))
                        return .reply(self.message("finished"))
                    }),
            Command("silent", summary: "prints nothing",
                    run: { [unowned self] _ in .reply(Screen(feature: self.context.id, kind: "silent")) }),
            Command("filter", usage: "filter k=v", summary: "narrow by key=value",
                    completeWord: { previous, partial in
                        guard previous.isEmpty else { return [] }
                        return partial.hasPrefix("eye=") ? ["eye=blue", "eye=brown", "hair=x"] : ["eye=", "hair="]
                    },
                    run: { [unowned self] arguments in .reply(self.message("filtered by \(arguments.joined(separator: " "))")) }),
        ]
    }

    /// A screen of one line of text, as this feature's.
    func message(_ text: String) -> Screen {
        .message(text, feature: context.id, kind: "message")
    }

    // Its "view" is these methods showing a message on the outlet, as a view would.

    func enter() async throws {
        enterCount += 1
        if let enterError { throw enterError }
        context.outlet.show(message("\(context.id) screen"))
    }

    func back() async throws -> Bool {
        guard !location.isEmpty else { return false }
        location.removeLast()
        context.outlet.show(message("\(context.id) screen at \(location.isEmpty ? "top" : location.joined(separator: "/"))"))
        return true
    }

    func sourceDidChange(isActive: Bool) async throws {
        sourceChanges.append(isActive)
        if let sourceChangeError { throw sourceChangeError }
        if isActive { context.outlet.show(message("\(context.id) reloaded")) }
    }
}

/// What the shell printed, line by line (each write without its final newline).
final class CapturedOutput: Sendable {
    private let state = LockedValue<(out: [String], error: [String])>(([], []))

    var out: [String] { state.value.out }
    var errors: [String] { state.value.error }

    func clear() {
        state.withLock { $0 = ([], []) }
    }

    fileprivate func write(_ text: String, toError: Bool) {
        let line = text.hasSuffix("\n") ? String(text.dropLast()) : text
        state.withLock { toError ? $0.error.append(line) : $0.out.append(line) }
    }

    var shellOutput: ShellOutput {
        ShellOutput(out: { self.write($0, toError: false) }, error: { self.write($0, toError: true) })
    }
}

/// Lines as a script would give them, numbered from 1; counts how many were read.
@MainActor
final class ScriptLineSource: LineSource {
    private var inputs: [LineInput]
    private(set) var prompts: [String] = []
    let positions: LinePositions

    init(_ lines: [String], numbersLines: Bool = true) {
        inputs = lines.enumerated().map { .line($0.element, number: $0.offset + 1) }
        positions = numbersLines ? .lines : .unnumbered
    }

    init(inputs: [LineInput], numbersLines: Bool = true) {
        self.inputs = inputs
        positions = numbersLines ? .lines : .unnumbered
    }

    var linesRead: Int { prompts.count }

    func nextLine(prompt: String) -> LineInput? {
        guard !inputs.isEmpty else { return nil }
        prompts.append(prompt)
        return inputs.removeFirst()
    }
}

/// A shell over three fake features (`fake`, `films`, `broken`; `hidden` is disabled), an
/// embedded client, a favourites store in a temporary directory and captured output.
@MainActor
final class ShellHarness {
    static let pluginsJSON = """
        {"source": "embedded", "features": [
          {"id": "fake", "enabled": true, "baseURL": "https://fake.example/api"},
          {"id": "films", "enabled": true, "baseURL": "https://films.example/api"},
          {"id": "broken", "enabled": true, "baseURL": "https://broken.example"},
          {"id": "hidden", "enabled": false, "baseURL": "https://hidden.example"}]}
        """

    static let descriptors: [FeatureDescriptor] = [
        descriptor("fake", title: "Fake things", summary: "a feature for tests"),
        descriptor("films", title: "Films", summary: "every film"),
        descriptor("broken", title: "Broken", summary: "cannot load"),
        descriptor("hidden", title: "Hidden", summary: "disabled in Plugins.json"),
    ]

    private static func descriptor(_ id: String, title: String, summary: String) -> FeatureDescriptor {
        FeatureDescriptor(
            id: id, title: title, summary: summary,
            embedded: { request in
                request.path == "/things/" ? .json(#"{"count": 2}"#) : nil
            },
            make: { context in
                let feature = FakeFeature(context: context)
                if context.id == "broken" { feature.enterError = CommandError("cannot load broken things") }
                return feature
            })
    }

    let directory = TemporaryDirectory()
    let output = CapturedOutput()
    /// The time favourites are stamped with; tests move it on.
    let clock = VirtualClock()
    let registry: FeatureRegistry
    let shell: Shell

    /// Built as the executable builds its shell (``AppEnvironment`` assembles each feature's
    /// client stack), on embedded data and a database in a temporary directory.
    init(options: Shell.Options = Shell.Options(), terminal: TerminalSettings = TerminalSettings(width: 80),
         format: OutputFormat = .text, descriptors: [FeatureDescriptor] = ShellHarness.descriptors,
         pluginsJSON: String = ShellHarness.pluginsJSON) {
        let config = try! PluginsConfig.parse(Data(pluginsJSON.utf8), file: "Plugins.json",
                                              knownIDs: Set(descriptors.map(\.id)))
        let output = output.shellOutput
        let tracer = Tracer(write: { output.errorLine($0) })
        let selection = SourceSelection(config.source)
        let favourites = FavouritesStore(database: AppDatabase(directory: directory.url), clock: clock)
        let environment = AppEnvironment(selection: selection, tracer: tracer, favourites: favourites,
                                         dataDirectory: directory.url, terminal: terminal, clock: clock)
        registry = FeatureRegistry(config: config, available: descriptors, makeContext: environment.context(for:))
        shell = Shell(registry: registry, output: output, tracer: tracer, source: selection,
                      favourites: favourites, outlet: environment.outlet, terminal: terminal, format: format,
                      exchanges: environment.exchanges, options: options)
    }

    func remove() {
        directory.remove()
    }

    /// The fake feature with this id (built now if it was not yet).
    func feature(_ id: String) -> FakeFeature {
        registry.feature(id) as! FakeFeature
    }

    /// Runs `line` and returns whether it succeeded.
    @discardableResult
    func run(_ line: String, number: Int? = nil) async -> Bool {
        await shell.execute(line, line: number)
    }
}
