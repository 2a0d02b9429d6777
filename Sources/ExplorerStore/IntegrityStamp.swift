import Foundation

/// What lets a run skip reading every page of a large database file to check it: the state of
/// the file and its log (``DatabaseFilesState``) as the last run that found them sound left
/// them, kept beside them in `explorer.sqlite-checked`.
///
/// A run that opened the file sound (checked, or as a stamp says it was left) and ends as it
/// should closes it, which moves the log into the file, and records the state it leaves. The
/// next run checks the file whole again when anything has changed either file since (a write
/// by another program, a copy, a move, a file put in its place: each changes its inode, size or
/// ctime, which no tool can set back), and when there is no stamp or it does not match: after a
/// crash or a kill, or a run that found damage. What explorer writes while it runs is SQLite's,
/// which keeps the file sound through a crash; the check guards against what happens to the
/// file outside explorer.
///
/// Reading a file's ctime makes Linux (6.13 and later, on ext4, XFS, Btrfs and tmpfs) give the
/// next change to it a ctime of its own, however soon it comes. A kernel that keeps change
/// times to a clock tick could leave a write in the same few milliseconds as the stamp unseen;
/// SQLite still reports any damage it reads, and nothing is written after that.
enum IntegrityStamp {
    static func path(for databasePath: String) -> String { databasePath + "-checked" }

    /// Whether the files at `databasePath` are as a stamp says the last sound run left them.
    static func isCurrent(for databasePath: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path(for: databasePath)), data.count < 1_000,
              let text = String(data: data, encoding: .utf8), text.hasPrefix(heading),
              let stamped = DatabaseFilesState(text: String(text.dropFirst(heading.count))) else { return false }
        return !stamped.file.isEmpty && stamped == DatabaseFilesState(databasePath)
    }

    /// Records the files' state now, unless the stamp already says it (a run that only read).
    /// Best effort, and not synced to the disk: a stamp that cannot be written, or is lost with
    /// the power, only costs the next run a check, and one half written does not match.
    static func record(for databasePath: String) {
        if isCurrent(for: databasePath) { return }
        let stampPath = path(for: databasePath)
        let state = DatabaseFilesState(databasePath)
        let temporary = "\(stampPath).\(getpid())"
        guard !state.file.isEmpty, writeUnsynced(heading + state.text, to: temporary),
              rename(temporary, stampPath) == 0 else {
            unlink(temporary)
            unlink(stampPath)
            return
        }
    }

    /// Writes `text` to a new file without syncing it (`Data.write(to:)` syncs).
    private static func writeUnsynced(_ text: String, to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { return false }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        return close(descriptor) == 0 && written == bytes.count
    }

    /// Removes the stamp: the next run checks the file whole.
    static func remove(for databasePath: String) {
        unlink(path(for: databasePath))
    }

    /// The first line of a stamp: what it is, and the version of its form.
    static let heading = "explorer: the database as a sound run left it (v1)\n"
}
