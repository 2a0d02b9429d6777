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

/// `arch`: what it says is read from the running objects — a test feature's state fields as
/// its state type declares them (add a field and it is listed), its commands and their
/// intents, its client stack as it was assembled — and `arch <command>` draws the path a
/// command took, request, emissions and render in order.
@MainActor
@Suite("arch")
struct ArchTests {
    /// A state before a field is added, and after.
    struct CounterState: Sendable {
        var count = 0
        var label = "none"
    }

    struct CounterStateWithNote: Sendable {
        var count = 0
        var label = "none"
        var note: String? = nil
    }

    final class CounterViewModel<State: Sendable>: StatefulViewModel {
        let state: Observable<State>
        let http: any HTTPClient
        let bump: (inout State) -> Void

        init(_ initial: State, http: any HTTPClient, tracer: Tracer?, bump: @escaping (inout State) -> Void) {
            state = Observable(initial, traceLabel: "CounterViewModel.state", tracer: tracer)
            self.http = http
            self.bump = bump
        }

        func load() async throws {}
        func back() -> Bool { false }
        func refresh() async throws {}
        func reset() {}

        func increment() async throws {
            _ = try await http.send(HTTPRequest(path: "/count/"))
            var next = state.value
            bump(&next)
            state.value = next
        }
    }

    final class CounterFeature<State: Sendable>: ScreenFeature {
        let model: CounterViewModel<State>
        let view: StateRenderer<State>

        init(_ model: CounterViewModel<State>, outlet: ScreenOutlet, tracer: Tracer?) {
            self.model = model
            view = StateRenderer(name: "CounterView", state: model.state, outlet: outlet, tracer: tracer,
                                 render: { _ in .message("counted", kind: "count") })
        }

        var location: [String] { [] }

        var commands: [Command] {
            [Command("inc", summary: "count one more", run: { [unowned self] _ in
                try await self.model.increment()
                return .view
            }).intent(CounterViewModel<State>.self, "increment()"),
             Command("noop", summary: "nothing", run: { _ in .nothing })]
        }
    }

    static func harness<State: Sendable>(_ initial: State, bump: @escaping (inout State) -> Void) -> (Shell, CapturedOutput, TemporaryDirectory) {
        let directory = TemporaryDirectory()
        let captured = CapturedOutput()
        let output = captured.shellOutput
        let tracer = Tracer(write: { output.errorLine($0) })
        let config = try! PluginsConfig.parse(Data(#"{"source": "embedded", "features": [{"id": "counter", "enabled": true, "baseURL": "https://counter.example/v1", "settings": {"step": 1}}]}"#.utf8),
                                              file: "Plugins.json", knownIDs: ["counter"])
        let descriptor = FeatureDescriptor(
            id: "counter", title: "Counter", summary: "counts",
            embedded: { request in request.path == "/count/" ? .json("{}") : nil },
            endpoints: ["/count/"], screens: ["count"],
            make: { context in
                CounterFeature(CounterViewModel(initial, http: context.http, tracer: context.tracer, bump: bump), outlet: context.outlet,
                               tracer: context.tracer)
            })
        let selection = SourceSelection(.embedded)
        let favourites = FavouritesStore(database: AppDatabase(directory: directory.url), clock: VirtualClock())
        let environment = AppEnvironment(selection: selection, tracer: tracer, favourites: favourites, dataDirectory: directory.url,
                                         terminal: TerminalSettings(width: 100))
        let registry = FeatureRegistry(config: config, available: [descriptor], makeContext: environment.context(for:))
        let shell = Shell(registry: registry, output: output, tracer: tracer, source: selection, favourites: favourites,
                          outlet: environment.outlet, terminal: TerminalSettings(width: 100))
        return (shell, captured, directory)
    }

    @Test func theStateFieldsAreTheStateTypesOwnWithTheirValuesNow() async throws {
        let (shell, output, directory) = Self.harness(CounterState()) { $0.count += 1; $0.label = "counted" }
        defer { directory.remove() }
        #expect(await shell.execute("use counter; inc; arch"))
        let text = output.out.joined(separator: "\n")
        #expect(text.contains("the view model's state, CounterState, now:"), "\(text)")
        #expect(text.contains("count  Int     = 1"), "\(text)")
        #expect(text.contains("label  String  = counted"), "\(text)")
        #expect(!text.contains("note"), "no such field yet")
    }

    @Test func aFieldAddedToTheStateIsListed() async throws {
        let (shell, output, directory) = Self.harness(CounterStateWithNote()) { $0.count += 1; $0.note = "first" }
        defer { directory.remove() }
        #expect(await shell.execute("use counter; inc; arch"))
        let text = output.out.joined(separator: "\n")
        #expect(text.contains("the view model's state, CounterStateWithNote, now:"), "\(text)")
        #expect(text.contains("note   String?  = first"), "\(text)")
    }

    @Test func commandsNameTheirIntentsAndTheStackIsTheOneAssembled() async throws {
        let (shell, output, directory) = Self.harness(CounterState()) { $0.count += 1 }
        defer { directory.remove() }
        #expect(await shell.execute("use counter; arch"))
        let text = output.out.joined(separator: "\n")
        #expect(text.contains("inc   → CounterViewModel<CounterState>.increment()"), "\(text)")
        #expect(text.contains("noop  (the feature itself)"), "\(text)")
        #expect(text.contains("  /count/"))
        #expect(text.contains("screens its view makes: count"))
        let stack = text.split(separator: "\n").filter { $0.contains("HTTPClient") }.map { $0.split(separator: " ").first { $0.hasSuffix("HTTPClient") }.map(String.init) ?? "" }
        #expect(stack == ["TracingHTTPClient", "WaitingHTTPClient", "SwitchableHTTPClient", "FaultInjectingHTTPClient", "TapeHTTPClient", "LiveHTTPClient",
                          "FaultInjectingHTTPClient", "EmbeddedHTTPClient"])
        #expect(text.contains("libcurl to https://counter.example/v1"))
    }

    @Test func theTopLevelListsModulesFeaturesAndSettings() async throws {
        let (shell, output, directory) = Self.harness(CounterState()) { $0.count += 1 }
        defer { directory.remove() }
        #expect(await shell.execute("arch"))
        let text = output.out.joined(separator: "\n")
        #expect(text.replacingOccurrences(of: "\n", with: " ").contains(
            "modules, each built only on those before it: Reactive → ExplorerText → ExplorerClock → ExplorerStore → ExplorerTrace → ExplorerHTTP → ExplorerImages → ExplorerCore → the features (ExplorerShellTests) and ExplorerShell → explorer"), "\(text)")
        #expect(text.contains("counter  ExplorerShellTests  https://counter.example/v1  step"), "\(text)")
    }

    @Test func aCommandsPathIsItsIntentThenRequestStateViewAndScreenInOrder() async throws {
        let (shell, output, directory) = Self.harness(CounterState()) { $0.count += 1 }
        defer { directory.remove() }
        #expect(await shell.execute("use counter"))
        output.clear()
        #expect(await shell.execute("arch inc"))
        let lines = output.out.joined(separator: "\n").split(separator: "\n").map(String.init)
        #expect(lines.first == "counted", "the command's own screen first: \(lines)")
        #expect(lines[1].hasPrefix("arch: inc ("))
        #expect(lines[2] == "command `inc` (counter)")
        #expect(lines[3] == "└─ intent CounterViewModel<CounterState>.increment()")
        let kinds = lines.dropFirst(4).map { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst(3).first.map(String.init) ?? "" }
        #expect(kinds == ["request", "state", "view", "screen"], "\(lines)")
        #expect(lines[4].contains("GET /count/ → 200"))
        #expect(lines[5].contains("CounterViewModel.state ← "))
        #expect(lines.last?.hasPrefix("   └─") == true)
        #expect(output.errors.isEmpty, "nothing printed as trace while trace is off: \(output.errors)")
    }

    @Test func aFailingCommandsPathEndsInItsErrorAndTheFailureCounts() async throws {
        let (shell, output, directory) = Self.harness(CounterState()) { $0.count += 1 }
        defer { directory.remove() }
        #expect(!(await shell.execute("arch nosuch")))
        #expect(output.out.contains { $0.contains("error") && $0.contains("unknown command 'nosuch'") }, "\(output.out)")
        #expect(output.errors.last?.hasPrefix("error: unknown command 'nosuch'") == true)
        #expect(shell.failureCount == 1)
        #expect(!(await shell.execute("arch arch")))
        #expect(output.errors.last == "error: `arch` cannot trace `arch`")
    }

    @Test func aSectionIsTheMapsHeadingAndThatPartOfItAlone() async throws {
        let (shell, output, directory) = Self.harness(CounterState()) { $0.count += 1 }
        defer { directory.remove() }
        #expect(await shell.execute("use counter; inc"))
        output.clear()
        #expect(await shell.execute("arch"))
        let whole = output.out.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        output.clear()
        #expect(await shell.execute("arch state"))
        let state = output.out.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(whole.firstIndex(of: "the view model's state, CounterState, now:"))
        #expect(state == [whole[0], ""] + whole[start...].prefix { !$0.isEmpty }, "the heading, then the state as the whole map shows it")

        output.clear()
        #expect(await shell.execute("arch stack state"))
        let two = output.out.joined(separator: "\n")
        #expect(two.range(of: "CounterState, now:")!.lowerBound < two.range(of: "its client stack")!.lowerBound, "in the map's order")
        #expect(!two.contains("commands → the intents"))

        let map = ArchCommand.featureMap("counter", in: shell)
        #expect(map.screen() == map.screen(only: Set(ArchSection.feature)), "every section is the whole map (a feature's has no closing hint)")
        guard case .object(let json) = map.screen(only: [.state]).json else {
            Issue.record("not an object")
            return
        }
        #expect(json.members.map(\.key) == ["feature", "screen", "module", "state", "state_fields"])
    }

    @Test func aSectionWordIsASectionAndEveryWordAfterItMustBeOne() throws {
        #expect(try ArchCommand(["state", "STACK"]).sections == [.state, .stack])
        #expect(try ArchCommand(["state", "state"]).sections == [.state])
        #expect(try ArchCommand(["inc"]).command == ["inc"])
        #expect(try ArchCommand(["inc"]).sections == [])
        #expect(throws: CommandError.self) { try ArchCommand(["state", "inc"]) }
    }

    @Test func aSectionTheMapHasNothingForSaysSo() {
        let map = ArchMap(feature: "plain", heading: .heading("plain"))
        #expect(TextRenderer(width: 80).render(map.screen(only: [.state])) == "plain\n\nplain has no state to show")
    }

    @Test func aSectionOfTheOtherMapIsOneErrorLine() async throws {
        let (shell, output, directory) = Self.harness(CounterState()) { $0.count += 1 }
        defer { directory.remove() }
        #expect(!(await shell.execute("arch state")))
        #expect(output.errors.last?.hasPrefix("error: `arch state` is a feature's: no feature is in use") == true)
        #expect(await shell.execute("use counter"))
        #expect(!(await shell.execute("arch plugins")))
        #expect(output.errors.last?.hasPrefix("error: `arch plugins` is the program's, not counter's") == true)
    }

    @Test func typesAreSpelledAsSwiftCodeSpellsThem() {
        let optionalMap: [String: [Int]]? = nil
        #expect(ArchReflection.typeName(of: optionalMap as Any) == "[String: [Int]]?")
        #expect(ArchReflection.typeName(of: [Set<Int>]()) == "[Set<Int>]")
        #expect(ArchReflection.typeName(of: Optional<Array<Optional<Int>>>.none as Any) == "[Int?]?")
        #expect(ArchReflection.summary(of: Date(timeIntervalSince1970: 1_710_489_600)) == "2024-03-15T08:00:00Z")
        #expect(ArchReflection.summary(of: [1, 2, 3]) == "3 items")
        #expect(ArchReflection.summary(of: Optional<Int>.none as Any) == "nil")
    }

    @Test func requestsEndedAtOneInstantOfAVirtualClockAreInTheOrderOfTheirPaths() {
        let at = { (seconds: Int) in Duration.seconds(seconds) }
        let events = [
            TraceEvent(.state, "VM.state ← loading", elapsed: at(0)),
            TraceEvent(.request, "GET /people/25/ → 200 (0 ms)", elapsed: at(0)),
            TraceEvent(.request, "GET /people/13/ → 200 (0 ms)", elapsed: at(0)),
            TraceEvent(.request, "GET /people/9/ → 200 (0 ms)", elapsed: at(1)),
            TraceEvent(.request, "GET /people/1/ → 200 (0 ms)", elapsed: at(1)),
            TraceEvent(.state, "VM.state ← detail", elapsed: at(1)),
            TraceEvent(.request, "GET /b/ → 200 (0 ms)", elapsed: at(1)),
        ]
        #expect(CommandPath.inOrderOfPaths(events).map(\.text) == [
            "VM.state ← loading",
            "GET /people/13/ → 200 (0 ms)", "GET /people/25/ → 200 (0 ms)",
            "GET /people/1/ → 200 (0 ms)", "GET /people/9/ → 200 (0 ms)",
            "VM.state ← detail",
            "GET /b/ → 200 (0 ms)",
        ], "a run ends at another time or at an event that is no request")
    }
}
