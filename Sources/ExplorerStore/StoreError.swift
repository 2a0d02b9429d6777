import ExplorerText
import Foundation
internal import GRDB

/// A favourites or cache operation that could not be done, in one line for the user.
public struct StoreError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The file is damaged (or not a database at all): nothing is written to it this run.
        case corrupt
        case unwritable, busy, other
    }

    public let kind: Kind
    public let path: String
    private let detail: String
    /// For a damaged file: the commands that move it aside, as things stood when it was found.
    private let moveAside: String

    init(_ kind: Kind, path: String, detail: String) {
        self.kind = kind
        self.path = path
        self.detail = detail
        moveAside = kind == .corrupt ? Self.moveAside(path) : ""
    }

    /// The database at `path` is damaged: `problem` says how, in a few words.
    static func damaged(path: String, problem: String) -> StoreError {
        StoreError(.corrupt, path: path, detail: problem)
    }

    init(_ error: Error, path: String) {
        if let error = error as? StoreError {
            self = error
            return
        }
        guard let error = error as? DatabaseError else {
            self.init(.other, path: path, detail: String(describing: error))
            return
        }
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            self.init(.corrupt, path: path, detail: error.message ?? "\(error.resultCode)")
        case .SQLITE_FULL:
            self.init(.unwritable, path: path, detail: "cannot write it: the disk is full")
        case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_IOERR:
            self.init(.unwritable, path: path, detail: Self.whyUnwritable(path))
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            self.init(.busy, path: path, detail: "another explorer kept it locked too long")
        default:
            self.init(.other, path: path, detail: error.message ?? "\(error.resultCode)")
        }
    }

    /// Why the file at `path` cannot be opened or written, as far as its folder tells: SQLite's
    /// codes do not (a full disk shows as an I/O error making the `-shm` index, a read-only
    /// folder as a file it cannot open).
    static func whyUnwritable(_ path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        var volume = statvfs()
        if statvfs(folder, &volume) == 0 {
            if volume.f_flag & UInt(ST_RDONLY) != 0 { return "cannot write it: its file system is read-only" }
            if UInt64(volume.f_bavail) * UInt64(volume.f_frsize) < 256 * 1024 { return "cannot write it: the disk is full" }
        }
        if access(folder, W_OK) != 0 { return "cannot write it: its folder is read-only" }
        if access(path, F_OK) == 0, access(path, W_OK) != 0 { return "cannot write it: the file is read-only" }
        return "cannot open or write it"
    }

    public var description: String {
        let path = path.sanitizedForTerminal
        guard kind == .corrupt else { return "favourites database \(path): \(detail)" }
        return "\(Self.damagedPrefix)\(path) is damaged (\(detail.sanitizedForTerminal)); favourites are off this run"
            + " — move it aside (\(moveAside)) and explorer starts a new one"
    }

    /// The commands that move the file at `path` aside, with its write-ahead log when that holds
    /// anything (under the name SQLite looks for beside the moved file).
    private static func moveAside(_ path: String) -> String {
        let damaged = path + ".damaged"
        var commands = "mv \(shellQuoted(path)) \(shellQuoted(damaged))"
        let logSize = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        if logSize > 0 {
            commands += "; mv \(shellQuoted(path + "-wal")) \(shellQuoted(damaged + "-wal"))"
        }
        return commands.sanitizedForTerminal
    }

    private static let damagedPrefix = "the favourites database "

    /// Whether `text` is what a damaged database says (a warning worth saying once a run).
    public static func isDamageReport(_ text: String) -> Bool {
        text.hasPrefix(damagedPrefix) && text.contains(" is damaged (")
    }

    /// `path` as one shell word: as it is when it holds nothing the shell reads, else in single quotes.
    static func shellQuoted(_ path: String) -> String {
        let plain = path.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "/._-+,:@%=".unicodeScalars.contains(scalar))
        }
        return plain && !path.isEmpty ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
