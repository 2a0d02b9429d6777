import Foundation
internal import GRDB
import Synchronization

/// The SQLite database in the data directory (`explorer.sqlite`): WAL mode so several explorer
/// processes can read while one writes, a busy timeout so they wait for each other instead of
/// failing, and migrations — the favourites', then each feature's — that bring any older file
/// up to date.
///
/// One connection (a GRDB `DatabaseQueue`): a process runs one command at a time, and WAL lets
/// other processes read beside it. GRDB's `DatabasePool`, which keeps readers beside a writer,
/// writes on every open that finds no log (a table made and dropped, so that its readers can
/// open), and the checkpoint as the run left then synced the file three times: every run wrote
/// the database, `use starships` too, though it changes nothing.
///
/// It is opened on first use, so commands that never touch it (and `-c quit`) never pay for it.
/// A directory that cannot be written is reported as a ``StoreError``. A file that can be read
/// but not written (a read-only folder, a full disk) is opened read-only: reads work, and every
/// write fails with that error, which says why.
///
/// Before an existing file is opened for writing its integrity is checked, read-only
/// (``DatabaseIntegrity``: `PRAGMA quick_check`, and the write-ahead log's checksums). A damaged
/// file — or one that is not a database at all — is never opened for writing: every use this
/// run fails with the same ``StoreError`` (kind `corrupt`), which says what is wrong, where the
/// file is and how to move it aside, and the file and its log keep every byte they had. So do
/// they when SQLite finds damage the check missed: nothing is written after that.
public final class AppDatabase: Sendable {
    /// The folder holding the file; nil for a database in memory.
    public let directory: URL?
    public let path: String
    private let migrations: [StoreMigration]
    private let connection = LockedLazy<Connection>()
    /// Damage SQLite reported after the file was opened.
    private let damageFound = Mutex<StoreError?>(nil)
    /// Told each time the file is found locked by another connection, before waiting; nil:
    /// SQLite's own busy timeout, unobserved (see ``init(directory:migrations:onBusy:)``).
    private let busyObserver: (@Sendable () -> Void)?

    /// The database open for reading and writing, or why it must not be.
    private enum Connection: Sendable {
        case open(any DatabaseWriter)
        /// A connection that only reads (no write is ever asked of it), and why writes fail.
        case readOnly(any DatabaseWriter, StoreError)
        case damaged(StoreError)
        /// Closed as explorer left (``leaving()``): nothing more is read or written this run.
        case left
    }

    /// The database file in `directory`, with `migrations` (features' tables) after the favourites'.
    public init(directory: URL, migrations: [StoreMigration] = []) {
        self.directory = directory
        self.path = directory.appendingPathComponent("explorer.sqlite").path
        self.migrations = migrations
        busyObserver = nil
    }

    /// The same, telling `onBusy` each time another connection holds the lock this one waits
    /// for (the wait is the same five seconds, in 10 ms steps): for a test that must know a
    /// connection is waiting before it lets go, rather than sleep and hope it is.
    init(directory: URL, migrations: [StoreMigration] = [], onBusy: @escaping @Sendable () -> Void) {
        self.directory = directory
        self.path = directory.appendingPathComponent("explorer.sqlite").path
        self.migrations = migrations
        busyObserver = onBusy
    }

    private init(inMemoryWith migrations: [StoreMigration]) {
        directory = nil
        path = ":memory:"
        self.migrations = migrations
        busyObserver = nil
    }

    /// How a connection waits for another's lock: five seconds.
    private var busyMode: Database.BusyMode {
        guard let busyObserver else { return .timeout(5) }
        return .callback { tries in
            busyObserver()
            usleep(10_000)
            return tries < 500
        }
    }

    /// A database that lives in memory and goes with this object: for tests.
    public static func inMemory(migrations: [StoreMigration] = []) -> AppDatabase {
        AppDatabase(inMemoryWith: migrations)
    }

    /// Runs `body`, which only reads, in a DEFERRED transaction: what it reads is one state of
    /// the file, whatever another process writes meanwhile.
    ///
    /// Not GRDB's `read`, which turns `PRAGMA query_only` on and off around each read: SQLite
    /// expires every prepared statement of the connection when a flag pragma changes, so each
    /// read prepared again every statement it ran, the ones kept prepared included (the
    /// offline index's, the response cache's, FTS5's own), 2% of a varied script. A body that
    /// writes all the same (a mistake) is undone and fails, as it did there.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        let writer = try open()
        do {
            return try writer.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.deferred) {
                    let changes = db.totalChangesCount
                    result = try body(db)
                    guard db.totalChangesCount == changes else {
                        throw StoreError(.other, path: path, detail: "a read changed the database")
                    }
                    return .commit
                }
                return result!
            }
        } catch {
            throw noting(error)
        }
    }

    /// Runs `body` on the connection that writes, outside any transaction and without taking
    /// the write lock: for what only means something asked of one connection, such as
    /// `PRAGMA data_version` (see ``FavouritesCache``).
    func onWriterConnection<T>(_ body: (Database) throws -> T) throws -> T {
        let writer = try open()
        do { return try writer.writeWithoutTransaction(body) } catch { throw noting(error) }
    }

    /// Runs `body` in an IMMEDIATE transaction: it takes the write lock before reading, so a
    /// read-then-write (such as a toggle) cannot race another process.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        let writer = try open(forWriting: true)
        do {
            return try writer.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return .commit
                }
                return result!
            }
        } catch {
            throw noting(error)
        }
    }

    /// Why the database cannot be used this run because it is damaged; nil when it can (or has
    /// not been opened yet).
    public var damage: StoreError? {
        if let found = damageFound.withLock({ $0 }) { return found }
        if case .damaged(let error)? = connection.existingValue { return error }
        return nil
    }

    /// Explorer is leaving: when this run opened the file for writing and found no damage, it
    /// is closed and the state it is left in is recorded (``IntegrityStamp``), so the next run
    /// need not read every page again while nothing else changes it. Nothing is read or written
    /// after it (a use fails, saying so). A run that never opened it leaves any stamp as it was.
    /// The closed connection is kept until the process ends (``closedAsExplorerLeft``).
    ///
    /// When another file was put in the place of the one opened (a backup restored while the
    /// session ran), the new file is not this run's to stamp, and the log beside it is the
    /// replaced file's, which the next open would replay over the new one: the log (and its
    /// index) are removed, nothing else is touched, and what to say about it is returned.
    @discardableResult
    public func leaving() -> String? {
        guard directory != nil, damage == nil, case .open? = connection.existingValue,
              case .open(let writer)? = connection.replace(with: .left) else { return nil }
        defer { Self.closedAsExplorerLeft.withLock { $0.append(writer) } }
        let opened = openedFiles.withLock { $0 }
        if let opened, FileIdentity(path) != opened.file {
            try? (writer as? DatabaseQueue)?.close()
            for (suffix, identity) in [("-wal", opened.log), ("-shm", opened.index)] where identity != nil && FileIdentity(path + suffix) == identity {
                unlink(path + suffix)
            }
            IntegrityStamp.remove(for: path)
            return "\(path) was replaced while explorer ran (a backup restored?): the new file is left as it is, and what this session changed stayed with the one it replaced"
        }
        do {
            try (writer as? DatabaseQueue)?.close()
            IntegrityStamp.record(for: path)
        } catch {
            IntegrityStamp.remove(for: path)
        }
        return nil
    }

    /// Something to tell the user once about the file as it was opened (it was empty).
    private let notice = Mutex<String?>(nil)

    /// What there is to tell about the file as it was opened, the first time it is asked.
    public func unreportedNotice() -> String? {
        notice.withLock { notice in
            defer { notice = nil }
            return notice
        }
    }

    /// The file, its log and its index as this run opened them: another file put in its place
    /// is told by its identity.
    private let openedFiles = Mutex<(file: FileIdentity?, log: FileIdentity?, index: FileIdentity?)?>(nil)

    /// The connections ``leaving()`` closed, kept (closed) until the process ends rather than
    /// freed as it exits (why: docs/performance.md).
    private static let closedAsExplorerLeft = Mutex<[any DatabaseWriter]>([])

    /// `error` as a ``StoreError``; damage is remembered, so nothing is written after it.
    private func noting(_ error: Error) -> StoreError {
        let storeError = StoreError(error, path: path)
        if storeError.kind == .corrupt {
            damageFound.withLock { $0 = $0 ?? storeError }
            // Damage SQLite met after the check: the next run checks the file whole.
            if directory != nil { IntegrityStamp.remove(for: path) }
        }
        return storeError
    }

    private func open(forWriting: Bool = false) throws -> any DatabaseWriter {
        if let found = damageFound.withLock({ $0 }) { throw found }
        switch try connection.value(connect) {
        case .open(let writer): return writer
        case .readOnly(let reader, let error): if forWriting { throw error } else { return reader }
        case .damaged(let error): throw error
        case .left: throw StoreError(.other, path: path, detail: "it was closed as explorer left")
        }
    }

    private func connect() throws -> Connection {
        guard let directory else {
            let queue = try DatabaseQueue()
            try migrator.migrate(queue)
            return .open(queue)
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw StoreError(.unwritable, path: directory.path, detail: "cannot create the data directory")
        }
        // Opening may write (switching a new file to WAL, migrations recording themselves),
        // and closing it checkpoints: a damaged file is not opened at all.
        if let problem = DatabaseIntegrity.damage(at: path) {
            IntegrityStamp.remove(for: path)
            return .damaged(.damaged(path: path, problem: problem))
        }
        // A file this user cannot write (mode 0444, another user's) is only read, as it is:
        // SQLite would open it read-only all the same, and make its log and index beside it
        // (with its mode), which a later run that may write could then not use.
        if FileManager.default.fileExists(atPath: path), access(path, W_OK) != 0 {
            let error = StoreError(.unwritable, path: path, detail: StoreError.whyUnwritable(path))
            if let reader = Self.readOnlyQueue(path) { return .readOnly(reader, error) }
            throw error
        }
        var configuration = Configuration()
        configuration.busyMode = busyMode
        configuration.label = "explorer"
        // Two explorers opening a new file at the same moment can collide where the busy
        // timeout does not apply (switching to WAL, both running the first migration); the
        // loser tries again and finds the work done.
        var attempt = 0
        // A file made now is set up without syncs (see ``setUpWALMode(_:isNew:)``).
        let isNew = !FileManager.default.fileExists(atPath: path)
        // What was beside it before this open: an open that fails for want of space leaves a
        // log and an index of its own, which would stop the file being read alone.
        let hadLog = FileManager.default.fileExists(atPath: path + "-wal")
        let hadIndex = FileManager.default.fileExists(atPath: path + "-shm")
        // An empty file (truncated by a full disk, a copy that failed) opens as a new database:
        // whatever it held is gone, which is said once, as damage is. (Not one made in the
        // last seconds: another explorer starting at the same time is making it.)
        var info = stat()
        if !isNew, stat(path, &info) == 0, info.st_size == 0, (info.st_mode & S_IFMT) == S_IFREG,
           Date().timeIntervalSince1970 - Double(info.st_mtim.tv_sec) > 5 {
            notice.withLock { $0 = "\(path) was an empty file (0 bytes): the favourites it held, if any, are gone; a new database is made in its place" }
        }
        while true {
            do {
                let queue = try DatabaseQueue(path: path, configuration: configuration)
                try queue.writeWithoutTransaction { db in try Self.setUpWALMode(db, isNew: isNew) }
                try migrator.migrate(queue)
                if isNew { try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") } }
                openedFiles.withLock { $0 = (FileIdentity(path), FileIdentity(path + "-wal"), FileIdentity(path + "-shm")) }
                return .open(queue)
            } catch let error as DatabaseError where attempt < 50 && Self.isRaceOnFirstOpen(error) {
                attempt += 1
                usleep(20_000)
            } catch {
                let storeError = StoreError(error, path: path)
                if storeError.kind == .corrupt {
                    IntegrityStamp.remove(for: path)
                    return .damaged(storeError)
                }
                if storeError.kind == .unwritable {
                    Self.removeLeftovers(of: path, log: !hadLog, index: !hadIndex)
                    if let reader = Self.readOnlyQueue(path) { return .readOnly(reader, storeError) }
                }
                throw storeError
            }
        }
    }

    /// WAL mode, and commits that do not wait for the disk (`synchronous = NORMAL`, as GRDB's
    /// pool sets them): a commit is safe from a crash of the program at once, from a power loss
    /// once the log is synced (at a checkpoint: as the run leaves, or at 1,000 pages). WAL mode
    /// stays in the file; `synchronous` is the connection's, and is set first, so that switching
    /// a file to WAL (a write in the rollback journal) syncs as every other commit does. A file
    /// made by this open (`isNew`) is switched and migrated with no sync at all (`OFF`, five
    /// syncs fewer), and `NORMAL` is set once its tables are made: until then it holds nothing
    /// of the user's, and a power loss that damaged it would cost what a new file makes again.
    private static func setUpWALMode(_ db: Database, isNew: Bool) throws {
        try db.execute(sql: isNew ? "PRAGMA synchronous = OFF" : "PRAGMA synchronous = NORMAL")
        guard try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") == "wal" else {
            throw DatabaseError(message: "could not switch the database to WAL mode")
        }
    }

    /// Removes what an open that could not write left beside the file, if this open made it:
    /// an empty log, an index too short to be one (a full disk leaves 3 bytes of it). Nothing
    /// any connection could be using.
    private static func removeLeftovers(of path: String, log: Bool, index: Bool) {
        var info = stat()
        if log, stat(path + "-wal", &info) == 0, info.st_size == 0 { unlink(path + "-wal") }
        if index, stat(path + "-shm", &info) == 0, info.st_size < 32_768 { unlink(path + "-shm") }
    }

    /// The file opened only to read, when it holds the favourites' table; nil when it cannot be.
    /// With no log and no index beside it, nobody has it open, and nobody could in WAL mode
    /// without making them (which a read-only folder or a full disk refuses): it is read as
    /// `immutable`, which needs neither. Otherwise SQLite reads it through the two.
    private static func readOnlyQueue(_ path: String) -> DatabaseQueue? {
        let manager = FileManager.default
        let alone = !manager.fileExists(atPath: path + "-wal") && !manager.fileExists(atPath: path + "-shm")
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(5)
        configuration.label = "explorer (read-only)"
        let location = alone && DatabaseIntegrity.sqliteOpensURIs ? DatabaseIntegrity.uri(path, immutable: true) : path
        guard let queue = try? DatabaseQueue(path: location, configuration: configuration),
              (try? queue.read({ db in try db.tableExists("favourite") })) == true else { return nil }
        return queue
    }

    private static func isRaceOnFirstOpen(_ error: DatabaseError) -> Bool {
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_CONSTRAINT: true
        case .SQLITE_ERROR: (error.message ?? "").contains("already exists")
        default: false
        }
    }

    /// The favourites' migrations, then the features' in the order given.
    var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: favourites") { db in
            try db.create(table: "favourite") { table in
                table.column("feature", .text).notNull()
                table.column("itemID", .text).notNull()
                table.column("title", .text).notNull()
                table.column("createdAt", .datetime).notNull()
                table.primaryKey(["feature", "itemID"])
            }
        }
        migrator.registerMigration(ResponseCache.migration.identifier, migrate: ResponseCache.migration.migrate)
        migrator.registerMigration("v3: favourites counted and by date") { db in
            // `favs all` pages through this index, in the order it lists; each feature's count
            // is kept by triggers (SQLite counts a million rows by reading every one), whoever
            // writes the table: explorer, an older explorer, sqlite3.
            try db.execute(sql: """
                CREATE INDEX favourite_by_date ON favourite (createdAt, feature, itemID);
                CREATE TABLE favourite_count (feature TEXT PRIMARY KEY NOT NULL, count INTEGER NOT NULL) WITHOUT ROWID;
                INSERT INTO favourite_count SELECT feature, count(*) FROM favourite GROUP BY feature;
                CREATE TRIGGER favourite_counted AFTER INSERT ON favourite BEGIN
                    INSERT INTO favourite_count (feature, count) VALUES (NEW.feature, 1)
                        ON CONFLICT (feature) DO UPDATE SET count = count + 1;
                END;
                CREATE TRIGGER favourite_uncounted AFTER DELETE ON favourite BEGIN
                    UPDATE favourite_count SET count = count - 1 WHERE feature = OLD.feature;
                END;
                CREATE TRIGGER favourite_recounted AFTER UPDATE OF feature ON favourite BEGIN
                    UPDATE favourite_count SET count = count - 1 WHERE feature = OLD.feature;
                    INSERT INTO favourite_count (feature, count) VALUES (NEW.feature, 1)
                        ON CONFLICT (feature) DO UPDATE SET count = count + 1;
                END;
                """)
        }
        for migration in migrations {
            migrator.registerMigration(migration.identifier, migrate: migration.migrate)
        }
        return migrator
    }
}
