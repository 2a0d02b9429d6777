import Foundation
internal import GRDBSQLite

/// Whether the database file in the data directory, and its write-ahead log, are sound: checked
/// before ``AppDatabase`` opens them for writing, without writing a byte to either.
///
/// The log is read directly (``WriteAheadLog``), since SQLite silently drops what follows a
/// damaged frame. The file is opened read-only, in a way that makes no file beside it (no
/// `-shm`, no empty `-wal`: see ``quickCheck(_:)``), and `PRAGMA quick_check` is run on it, which
/// reads every page. A read-only connection never checkpoints, so neither file changes.
///
/// Files that are exactly as the last sound run left them are not read again
/// (``IntegrityStamp``): a check of 100,000 cached titles reads 110 MB.
enum DatabaseIntegrity {
    /// What is wrong with the database at `path`, in a few words (`file is not a database`,
    /// `quick_check: …`, `its write-ahead log …`); nil when it is sound, when there is no file
    /// yet, or when it cannot be read for another reason (the normal open then says why).
    static func damage(at path: String) -> String? {
        damage(at: path, looksLeft: 20)
    }

    /// ``damage(at:)``, looking again at most `looksLeft` times at files another explorer is
    /// making (and then leaving it to that explorer's open to say).
    private static func damage(at path: String, looksLeft: Int) -> String? {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { return nil }
        // As the last sound run left it: nothing outside explorer has touched it since.
        if IntegrityStamp.isCurrent(for: path) { return nil }
        let walPath = path + "-wal"
        if let problem = stableLogProblem(at: walPath) {
            return "its write-ahead log \((walPath as NSString).lastPathComponent): \(problem)"
        }
        let size = (try? manager.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size > 0 else {
            // SQLite deletes the log of an empty file on opening it: no open, and no loss. But
            // an empty file and a log are also what another explorer making the file leaves for
            // a moment: damage only when they stay so.
            let walSize = (try? manager.attributesOfItem(atPath: walPath)[.size] as? Int) ?? 0
            guard walSize > 32 else { return nil }
            let before = DatabaseFilesState(path)
            for _ in 0..<4 {
                usleep(50_000)
                if DatabaseFilesState(path) != before { return looksLeft > 0 ? damage(at: path, looksLeft: looksLeft - 1) : nil }
            }
            return "the file is empty but its write-ahead log is not"
        }
        return quickCheck(path)
    }

    /// The problem of the log at `path` when reading it again a moment later finds the same:
    /// another explorer writing a frame just then shows a frame cut short, or one whose checksum
    /// fails, until it has written the rest. A problem that keeps moving is such a writer.
    private static func stableLogProblem(at path: String) -> String? {
        var previous: String?
        for _ in 0..<4 {
            guard let data = FileManager.default.contents(atPath: path),
                  let problem = WriteAheadLog(data).problem else { return nil }
            if problem == previous { return problem }
            previous = problem
            usleep(50_000)
        }
        return nil
    }

    /// `PRAGMA quick_check` on the database as SQLite reads it — the file, and the log's frames
    /// when it holds any — opened so that nothing is made beside the file:
    /// - a log with no frames (or none): the file alone is the database, read with
    ///   `immutable=1` (no locks, no `-shm`, no `-wal`);
    /// - a log with frames and its `-shm` index beside it: a read-only open, which makes nothing new;
    /// - a log with frames and no index (what a crash leaves): a copy of the two, checked in a
    ///   temporary folder.
    /// An immutable read takes no lock, so another explorer checkpointing meanwhile could make a
    /// sound file look damaged: damage counts only when the files did not change during the check.
    private static func quickCheck(_ path: String) -> String? {
        for _ in 0..<4 {
            let before = DatabaseFilesState(path)
            guard let problem = quickCheckOnce(path) else { return nil }
            if DatabaseFilesState(path) == before { return problem }
        }
        return nil  // changing all the time: another explorer writing, which its open would find
    }

    private static func quickCheckOnce(_ path: String) -> String? {
        let walPath = path + "-wal"
        let walSize = (try? FileManager.default.attributesOfItem(atPath: walPath)[.size] as? Int) ?? 0
        if walSize <= 32 { return quickCheck(uri: uri(path, immutable: true)) }
        if FileManager.default.fileExists(atPath: path + "-shm") { return quickCheck(uri: uri(path, immutable: false)) }
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("explorer-check-\(getpid())-\(UInt32.random(in: 0 ... .max))")
        defer { try? FileManager.default.removeItem(at: copy) }
        do {
            try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: false)
            let copied = copy.appendingPathComponent("explorer.sqlite").path
            try FileManager.default.copyItem(atPath: path, toPath: copied)
            try FileManager.default.copyItem(atPath: walPath, toPath: copied + "-wal")
            return quickCheck(uri: uri(copied, immutable: false))
        } catch {
            return nil  // no room for a copy: the normal open finds what SQLite finds
        }
    }

    /// Whether this SQLite reads a `file:` name given to `sqlite3_open` as a URI without being
    /// told to (`SQLITE_USE_URI`), as GRDB's opens need.
    static let sqliteOpensURIs = sqlite3_compileoption_used("USE_URI") == 1

    /// `file:PATH?mode=ro`, or with `immutable=1` (which ignores the log: only for a file whose
    /// log holds nothing).
    static func uri(_ path: String, immutable: Bool) -> String {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/")
        let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        return "file:\(encoded)?mode=ro" + (immutable ? "&immutable=1" : "")
    }

    /// What `PRAGMA quick_check` says of the database at `uri` (SQLite's C API: GRDB opens no
    /// URIs); nil when it is sound or cannot be read for another reason than damage.
    private static func quickCheck(uri: String) -> String? {
        var connection: OpaquePointer?
        defer { sqlite3_close_v2(connection) }
        var code = sqlite3_open_v2(uri, &connection, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nil)
        var rows: [String] = []
        if code == SQLITE_OK {
            sqlite3_busy_timeout(connection, 5000)
            var statement: OpaquePointer?
            code = sqlite3_prepare_v2(connection, "PRAGMA quick_check", -1, &statement, nil)
            if code == SQLITE_OK {
                while true {
                    code = sqlite3_step(statement)
                    guard code == SQLITE_ROW else { break }
                    rows.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
                }
                sqlite3_finalize(statement)
                if code == SQLITE_DONE { code = SQLITE_OK }
            }
        }
        guard code == SQLITE_OK else {
            guard code & 0xFF == SQLITE_NOTADB || code & 0xFF == SQLITE_CORRUPT else { return nil }
            return connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "error \(code)"
        }
        // One problem a line, under `*** in database main ***`.
        guard rows != ["ok"] else { return nil }
        let problems = rows.flatMap { $0.split(separator: "\n").map(String.init) }.filter { !$0.hasPrefix("*** ") }
        let first = problems.first ?? rows.first ?? "no answer"
        return "quick_check: \(first)" + (problems.count > 1 ? " and \(problems.count - 1) more" : "")
    }
}
