import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
private typealias Glibc = Darwin
#endif

/// A fresh temporary directory for one scenario, with the environment explorer runs in: HOME
/// and the XDG directories point inside it, NO_COLOR and everything else from the test
/// runner's environment is left out (only PATH and the loader path are kept).
public final class Sandbox: Sendable {
    /// The directory, symlinks resolved (so it reads the same in explorer's messages).
    public let directory: URL

    public init(_ label: String) throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("explorer-tests")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        let safe = label.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }
        var template = Array(base.appendingPathComponent(String(safe.prefix(40)) + ".XXXXXX").path.utf8CString)
        guard mkdtemp(&template) != nil else {
            throw SetupError("mkdtemp failed: \(String(cString: strerror(errno)))")
        }
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        directory = URL(fileURLWithPath: path).resolvingSymlinksInPath()
    }

    deinit {
        if ProcessInfo.processInfo.environment["KEEP_TEST_SANDBOXES"] == nil {
            try? FileManager.default.removeItem(at: directory)
        }
    }

    public var path: String { directory.path }

    /// `--data-dir` for explorer: favourites and cache.
    public var dataDirectory: String { directory.appendingPathComponent("data").path }

    public func file(_ name: String) -> URL { directory.appendingPathComponent(name) }

    public func write(_ text: String, to name: String) throws {
        let url = file(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Writes an executable script (a fake player, a fake xdg-open). Not with `Data.write`:
    /// its descriptor is not close-on-exec, so a process another test spawns at that moment
    /// would keep the file open for writing and running the script would fail with "text
    /// file busy" (ETXTBSY).
    public func writeExecutable(_ text: String, to name: String) throws {
        let url = file(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard fd >= 0 else {
            throw SetupError("cannot write \(url.path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                throw SetupError("cannot write \(url.path): \(String(cString: strerror(errno)))")
            }
            written += count
        }
        guard fchmod(fd, 0o755) == 0 else {
            throw SetupError("cannot make \(url.path) executable: \(String(cString: strerror(errno)))")
        }
    }

    /// The environment explorer (or the fake server) runs with.
    public var environment: [String: String] {
        let inherited = ProcessInfo.processInfo.environment
        var environment: [String: String] = [
            "HOME": file("home").path,
            "XDG_DATA_HOME": file("xdg/data").path,
            "XDG_STATE_HOME": file("xdg/state").path,
            "XDG_CONFIG_HOME": file("xdg/config").path,
            "XDG_CACHE_HOME": file("xdg/cache").path,
            "TMPDIR": path,
            "PATH": inherited["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
        ]
        for name in ["LD_LIBRARY_PATH", "DYLD_LIBRARY_PATH", "DYLD_FRAMEWORK_PATH"] {
            if let value = inherited[name] { environment[name] = value }
        }
        return environment
    }
}
