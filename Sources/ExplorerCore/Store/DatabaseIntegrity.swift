import Foundation
import GRDB

/// Whether the database file in the data directory, and its write-ahead log, are sound: checked
/// before ``AppDatabase`` opens them for writing, without writing a byte to either.
///
/// The log is read directly (``WriteAheadLog``), since SQLite silently drops what follows a
/// damaged frame. The file is opened read-only (a read-only connection never checkpoints, so
/// neither file changes; SQLite may make the `-shm` index beside them, which holds no data) and
/// `PRAGMA quick_check` is run on it, which reads every page: the file is small.
enum DatabaseIntegrity {
    /// What is wrong with the database at `path`, in a few words (`file is not a database`,
    /// `quick_check: …`, `its write-ahead log …`); nil when it is sound, when there is no file
    /// yet, or when it cannot be read for another reason (the normal open then says why).
    static func damage(at path: String) -> String? {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { return nil }
        let walPath = path + "-wal"
        if let problem = stableLogProblem(at: walPath) {
            return "its write-ahead log \((walPath as NSString).lastPathComponent): \(problem)"
        }
        let size = (try? manager.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size > 0 else {
            // SQLite deletes the log of an empty file on opening it: no open, and no loss.
            let walSize = (try? manager.attributesOfItem(atPath: walPath)[.size] as? Int) ?? 0
            return walSize > 32 ? "the file is empty but its write-ahead log is not" : nil
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

    private static func quickCheck(_ path: String) -> String? {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(5)
        configuration.label = "explorer check"
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            let rows = try queue.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") }
            // One problem a line, under `*** in database main ***`.
            let problems = rows.flatMap { $0.split(separator: "\n").map(String.init) }.filter { !$0.hasPrefix("*** ") }
            guard rows != ["ok"] else { return nil }
            let first = problems.first ?? rows.first ?? "no answer"
            return "quick_check: \(first)" + (problems.count > 1 ? " and \(problems.count - 1) more" : "")
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT {
            return error.message ?? "\(error.resultCode)"
        } catch {
            return nil
        }
    }
}
