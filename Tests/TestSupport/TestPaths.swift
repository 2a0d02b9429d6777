import Foundation

/// Where things are: found from this source file (`#filePath`) and from the running test
/// executable, never from the working directory.
public enum TestPaths {
    /// Tests/TestSupport.
    public static let support = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    public static let repository = support.deletingLastPathComponent().deletingLastPathComponent()
    /// Tests/ExplorerTests, the end-to-end tests.
    public static let testsDirectory = repository.appendingPathComponent("Tests/ExplorerTests")
    public static let transcripts = testsDirectory.appendingPathComponent("Transcripts")
    public static let fixtures = testsDirectory.appendingPathComponent("Fixtures")
    /// Script files for `run FILE` and `explorer FILE…` transcripts (run there with `cwd: ${SCRIPTS}`).
    public static let scripts = testsDirectory.appendingPathComponent("Scripts")
    /// The demos in examples/, each run by an `example-NAME` transcript (from the repository
    /// root, `cwd: ${REPOSITORY}`, as examples/README.md runs them).
    public static let examples = repository.appendingPathComponent("examples")
    public static let fakeSWAPI = support.appendingPathComponent("fake_swapi.py")
    /// The loopback server of three API shapes (PokeAPI, GitHub, Open Library), and the
    /// Plugins.json describing each (`described/SHAPE.json`, `127.0.0.1:PORT` for its port).
    public static let fakeShapes = support.appendingPathComponent("fake_shapes.py")
    public static let describedShapes = support.appendingPathComponent("described")
    /// The SWAPI pages the embedded data was made from; the fake server serves these.
    public static let swapiData = repository.appendingPathComponent("data/swapi")
    /// MovieDB's embedded answers, which the fake TMDB serves too.
    public static let tmdbData = repository.appendingPathComponent("data/tmdb")

    /// The `explorer` executable SwiftPM built beside the test runner (the test target depends
    /// on it, so `swift build --build-tests` builds it). `EXPLORER_BINARY` overrides.
    public static let explorer: String = {
        if let explicit = ProcessInfo.processInfo.environment["EXPLORER_BINARY"], !explicit.isEmpty {
            return explicit
        }
        for directory in productDirectories() {
            let candidate = directory.appendingPathComponent("explorer").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return "explorer-binary-not-found-next-to-the-tests"
    }()

    /// The Python interpreter that `python3` on PATH runs, for the fake server and the CSV
    /// reader. Where PATH has a wrapper (pyenv's shim is a bash script that runs pyenv to choose
    /// a version: 0.35 s more a start on this 2-core machine, twice Python's own start, and the
    /// tests start the fake server over a hundred times), the interpreter it ends up running.
    public static func python() async -> String {
        await pythonInterpreter.value
    }

    /// Asked once, by the first test that needs it.
    private static let pythonInterpreter = Task {
        let wrapper = onPath("python3")
        guard let output = try? await ChildProcess.runNow(executable: wrapper, arguments: ["-c", "import sys; print(sys.executable)"],
                                                          environment: ProcessInfo.processInfo.environment, timeout: 60) else {
            return wrapper
        }
        let executable = output.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        guard output.status == 0, executable.hasPrefix("/"), FileManager.default.isExecutableFile(atPath: executable) else {
            return wrapper
        }
        return executable
    }

    /// `tmux` from PATH, for the terminal tests (scripts/ensure-deps installs it).
    public static let tmux = onPath("tmux")

    /// `sqlite3` and `jq` from PATH: the clients CSV and JSON output are tested with
    /// (scripts/ensure-deps installs them).
    public static let sqlite3 = onPath("sqlite3")
    public static let jq = onPath("jq")

    /// The first executable called `name` in the directories of PATH; `/usr/bin/NAME` if none.
    static func onPath(_ name: String) -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return "/usr/bin/\(name)"
    }

    /// The directories that may hold the products: the test executable's own (Linux: the
    /// runner sits in `.build/debug`), and the one holding an `.xctest` bundle (macOS).
    private static func productDirectories() -> [URL] {
        var directories: [URL] = []
        #if os(Linux)
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            directories.append(URL(fileURLWithPath: executable).deletingLastPathComponent())
        }
        #endif
        directories.append(URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent())
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            directories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        return directories
    }
}
