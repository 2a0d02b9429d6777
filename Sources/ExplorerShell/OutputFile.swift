import ExplorerCore
import ExplorerText
import Foundation

/// A file screens are written to instead of stdout (`once FILE`, `output FILE`), as sqlite3's
/// `.once` and `.output` write query results.
///
/// Nothing surprising is overwritten: the name is checked when the command is given (a
/// directory, a directory that does not exist, a file that cannot be written, or a script
/// being run are each one error line, and nothing is touched); `once FILE` creates or empties
/// the file only when the screen is written, so a command that fails leaves it as it was.
/// Otherwise it is replaced, as the shell's `>` and sqlite3 replace a file.
public struct OutputFile: Sendable, Equatable {
    /// The file as the user wrote it (relative to the directory explorer was started in), for
    /// messages.
    public let name: String

    /// Checks that `name` can be written, without writing it. `running` are the resolved
    /// paths of the scripts being run, and `own` explorer's own files with what each is (the
    /// database, its log, the recording being made): neither is ever written over.
    public init(_ name: String, running: [String] = [], own: [(path: String, what: String)] = []) throws(CommandError) {
        guard !name.isEmpty else { throw CommandError("cannot write to '' (no file named)") }
        if let target = Self.canonical(name), let mine = own.first(where: { Self.canonical($0.path) == target }) {
            throw CommandError("cannot write to \(name.sanitizedForTerminal): it is \(mine.what)")
        }
        var status = stat()
        if stat(name, &status) == 0 {
            guard (status.st_mode & S_IFMT) != S_IFDIR else { throw Self.unwritable(name, EISDIR) }
            if let resolved = realpath(name, nil) {
                defer { free(resolved) }
                if running.contains(String(cString: resolved)) {
                    throw CommandError("cannot write to \(name.sanitizedForTerminal): it is a script being run")
                }
            }
            guard access(name, W_OK) == 0 else { throw Self.unwritable(name, errno) }
            if (status.st_mode & S_IFMT) == S_IFIFO {
                // A named pipe is written only while something reads it: asked now, not when
                // the screen comes (its command would have acted, its screen lost).
                let descriptor = open(name, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
                guard descriptor >= 0 else { throw errno == ENXIO ? Self.unread(name) : Self.unwritable(name, errno) }
                close(descriptor)
            }
        } else {
            guard errno == ENOENT else { throw Self.unwritable(name, errno) }
            // A new file: its directory must be there and writable.
            let parent = Self.directory(of: name)
            var parentStatus = stat()
            guard stat(parent, &parentStatus) == 0 else { throw Self.unwritable(name, errno) }
            guard (parentStatus.st_mode & S_IFMT) == S_IFDIR else { throw Self.unwritable(name, ENOTDIR) }
            guard access(parent, W_OK) == 0 else { throw Self.unwritable(name, errno) }
        }
        self.name = name
    }

    /// Replaces the file's contents with `text` (creating it when it is not there): written
    /// whole to a file beside it, then renamed over it, so a failure (a full disk) leaves the
    /// old file as it was; the file keeps its mode and owner, and a symbolic link keeps pointing
    /// at it. Written in place instead, as the shell's `>` writes, where a file beside could not
    /// stand for it: what is not a regular file (a terminal, `/dev/null`), a file with other
    /// names (hard links), a link to nothing yet, a folder explorer cannot add a file to, or a
    /// file whose owner a new one could not keep.
    public func replace(with text: String) throws(CommandError) {
        var status = stat()
        let exists = stat(name, &status) == 0
        var link = stat()
        let danglingLink = !exists && lstat(name, &link) == 0 && (link.st_mode & S_IFMT) == S_IFLNK
        if danglingLink || (exists && ((status.st_mode & S_IFMT) != S_IFREG || status.st_nlink > 1)) {
            return try put(text, flags: O_TRUNC)
        }
        let target = exists ? Self.canonical(name) ?? name : name
        var template = Array((Self.directory(of: target) + "/.explorer-once-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return try put(text, flags: O_TRUNC) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        // The file keeps its permissions and owner (a new one gets what the umask gives, as with `>`).
        if exists, fchown(descriptor, status.st_uid, status.st_gid) != 0 {
            close(descriptor)
            unlink(temporary)
            return try put(text, flags: O_TRUNC)
        }
        var failure = writeAll(text, to: descriptor)
        let mode = exists ? status.st_mode & 0o7777 : Self.newFileMode
        if failure == 0, fchmod(descriptor, mode) != 0 { failure = errno }
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(temporary, target) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw Self.unwritable(name, failure)
        }
    }

    /// `path` with its folders' links, `.` and `..` resolved (the file's own link too, when it is
    /// there), so two names of one file compare equal; nil when its folder is not there.
    static func canonical(_ path: String) -> String? {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        guard let folder = realpath(directory(of: path), nil) else { return nil }
        defer { free(folder) }
        let base = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[path.utf8.index(after: $0)...]) } ?? path
        let parent = String(cString: folder)
        return (parent == "/" ? "" : parent) + "/" + base
    }

    /// The directory `path` is in (`.` for a bare name); never Foundation's path functions,
    /// which trap on some one-character names.
    public static func directory(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        let directory = String(path[..<slash])
        return directory.isEmpty ? "/" : directory
    }

    /// 0666 less the umask, as `open(…, O_CREAT, 0666)` would make it.
    private static var newFileMode: mode_t {
        let mask = umask(0)
        umask(mask)
        return 0o666 & ~mask
    }

    /// Adds `text` at the end of the file (creating it when it is not there).
    public func append(_ text: String) throws(CommandError) {
        try put(text, flags: O_APPEND)
    }

    private func put(_ text: String, flags: Int32) throws(CommandError) {
        // Opened without waiting: a named pipe (FIFO) nothing reads would block `open` for ever;
        // then `open` fails at once (ENXIO) and says so.
        let descriptor = open(name, O_WRONLY | O_CREAT | O_CLOEXEC | O_NONBLOCK | flags, 0o666)
        guard descriptor >= 0 else {
            let error = errno
            if error == ENXIO { throw Self.unread(name) }
            throw Self.unwritable(name, error)
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        defer { close(descriptor) }
        let failure = writeAll(text, to: descriptor)
        if failure != 0 { throw Self.unwritable(name, failure) }
    }

    /// A named pipe nothing reads.
    private static func unread(_ name: String) -> CommandError {
        CommandError("cannot write to \(name.sanitizedForTerminal): it is a pipe nothing reads")
    }

    /// `cannot write to ships.csv (Permission denied)`.
    private static func unwritable(_ name: String, _ error: Int32) -> CommandError {
        CommandError("cannot write to \(name.sanitizedForTerminal) (\(String(cString: strerror(error))))")
    }
}
