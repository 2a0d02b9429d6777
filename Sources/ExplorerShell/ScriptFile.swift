import ExplorerCore
import Foundation

/// A script file opened for `run FILE` (or `explorer FILE`): its lines, read as stdin's are
/// (a line that is not UTF-8 or is too long is reported, `\r\n` taken), and its resolved path,
/// by which ``ScriptStack`` tells that a script is already running. Closed when released.
@MainActor
final class ScriptFile {
    /// The file as the user wrote it.
    let name: String
    /// Symbolic links, `.` and `..` resolved; relative names are relative to the working directory.
    let resolvedPath: String
    /// Whether it is a file on disk, not a device or a pipe (`/dev/zero`, `<(…)`): what can be
    /// read whole before it runs (`step`).
    let isRegularFile: Bool
    let lines: StreamLineSource
    private let file: UnsafeMutablePointer<FILE>

    /// Opens `name`; one line saying why when it cannot be read (missing, unreadable, a directory).
    init(_ name: String) throws(CommandError) {
        guard !name.isEmpty else { throw CommandError("cannot read '' (no file named)") }
        // Opened without waiting: a named pipe (FIFO) with no writer would block `open` for ever.
        // Once open it is read as any file (what a writer sends; nothing, with none).
        let descriptor = open(name, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.unreadable(name, errno) }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        guard let file = fdopen(descriptor, "r") else {
            let error = errno
            close(descriptor)
            throw Self.unreadable(name, error)
        }
        var status = stat()
        if fstat(fileno(file), &status) != 0 {
            let error = errno
            fclose(file)
            throw Self.unreadable(name, error)
        }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            fclose(file)
            throw Self.unreadable(name, EISDIR)
        }
        self.name = name
        self.file = file
        isRegularFile = (status.st_mode & S_IFMT) == S_IFREG
        if let resolved = realpath(name, nil) {
            resolvedPath = String(cString: resolved)
            free(resolved)
        } else {
            resolvedPath = URL(fileURLWithPath: name).standardizedFileURL.path
        }
        lines = StreamLineSource(file: file)
    }

    isolated deinit {
        fclose(file)
    }

    private static func unreadable(_ name: String, _ error: Int32) -> CommandError {
        CommandError("cannot read \(name) (\(String(cString: strerror(error))))")
    }
}
