import ExplorerClock
@testable import ExplorerCore
@testable import ExplorerStore
import Foundation
import GRDB
import TestSupport
import Testing

/// A database file damaged on disk (its header, a page, its end, its write-ahead log) is found
/// when the store opens, and then never written: every use fails with one clear error, and the
/// file and its log keep every byte they had.
@Suite("Damaged database")
struct DamagedDatabaseTests {
    static let migrations = OfflineIndex.migrations(prefix: "moviedb")

    /// A data directory whose database holds 60 favourites, written through the store and
    /// closed (so no write-ahead log is left).
    private func sixtyFavourites() throws -> TemporaryDirectory {
        let directory = TemporaryDirectory("damaged")
        try Self.addSixtyFavourites(AppDatabase(directory: directory.url, migrations: Self.migrations))
        #expect(!FileManager.default.fileExists(atPath: directory.file("explorer.sqlite-wal").path), "closed: the log is gone")
        return directory
    }

    private static func addSixtyFavourites(_ database: AppDatabase) throws {
        try addFavourites(1...60, to: database)
    }

    /// Favourites `ids`, each its own transaction (a commit in the log).
    private static func addFavourites(_ ids: ClosedRange<Int>, to database: AppDatabase) throws {
        let store = FavouritesStore(database: database)
        for id in ids {
            try store.toggle(feature: "characters", itemID: "\(id)", title: "Character number \(id)")
        }
    }

    /// A data directory holding a copy of a database taken while it was open after 60 (or
    /// `count`) favourites were added: its write-ahead log holds them, as after a crash (or a kill).
    private func sixtyFavouritesInTheLog(count: Int = 60) throws -> TemporaryDirectory {
        let live = TemporaryDirectory("live")
        defer { live.remove() }
        let database = AppDatabase(directory: live.url, migrations: Self.migrations)
        try Self.addFavourites(1...count, to: database)
        let copy = try Self.copyWhileOpen(live)
        withExtendedLifetime(database) {}
        let log = try Data(contentsOf: copy.file("explorer.sqlite-wal"))
        #expect(log.count > 100_000, "the favourites are in the log, not the file: \(log.count) bytes")
        return copy
    }

    /// A new directory with a copy of the file and the log in `live` (no `-shm`: what a crash leaves).
    private static func copyWhileOpen(_ live: TemporaryDirectory) throws -> TemporaryDirectory {
        let copy = TemporaryDirectory("damaged-log")
        for name in ["explorer.sqlite", "explorer.sqlite-wal"] {
            try FileManager.default.copyItem(at: live.file(name), to: copy.file(name))
        }
        return copy
    }

    /// The log's page size and its frames' salts, read as SQLite lays them out.
    private static func frameSalts(_ log: Data) -> (header: [UInt8], frames: [[UInt8]], frameSize: Int) {
        let bytes = [UInt8](log)
        let pageSize = Int(bytes[8]) << 24 | Int(bytes[9]) << 16 | Int(bytes[10]) << 8 | Int(bytes[11])
        let frameSize = 24 + pageSize
        let frames = stride(from: 32, to: bytes.count - frameSize + 1, by: frameSize).map { Array(bytes[$0 + 8..<$0 + 16]) }
        return (Array(bytes[16..<24]), frames, frameSize)
    }

    /// Every name in `directory` with its size: what a run must not change beside a damaged file.
    private func listing(_ directory: TemporaryDirectory) -> [String] {
        // Not the stamp a sound run leaves (explorer.sqlite-checked): finding damage removes it.
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.url.path)) ?? []).filter { !$0.hasSuffix("-checked") }
        return names.sorted().map { name in
            let size = (try? FileManager.default.attributesOfItem(atPath: directory.file(name).path)[.size] as? Int) ?? -1
            return "\(name) \(size)"
        }
    }

    /// Where the favourites' table starts in `file` (closed, so every page is in the file).
    private func favouritesOffset(_ file: URL) throws -> Int {
        let (page, pageSize) = try DatabaseQueue(path: file.path).read { db in
            (try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'favourite'")!,
             try Int.fetchOne(db, sql: "PRAGMA page_size")!)
        }
        return (page - 1) * pageSize + 8
    }

    private func overwrite(_ file: URL, at offset: Int, count: Int) throws {
        var bytes = try Data(contentsOf: file)
        let garbage = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        bytes.replaceSubrange(offset..<offset + count, with: garbage)
        try bytes.write(to: file)
    }

    /// The file's bytes and the log's (nil when there is none, or it is empty: any reader of a
    /// database in WAL mode, a read-only one too, makes an empty log if there is none).
    private func bytes(in directory: TemporaryDirectory) -> [Data?] {
        ["explorer.sqlite", "explorer.sqlite-wal"].map { name in
            (try? Data(contentsOf: directory.file(name))).flatMap { $0.isEmpty ? nil : $0 }
        }
    }

    /// Everything a run could do with the store fails with the damage; returns the error.
    @discardableResult
    private func expectDamaged(_ directory: TemporaryDirectory, saying problem: String,
                               sourceLocation: SourceLocation = #_sourceLocation) throws -> StoreError {
        let before = bytes(in: directory)
        let namesBefore = listing(directory)
        let database = AppDatabase(directory: directory.url, migrations: Self.migrations)
        let store = FavouritesStore(database: database)

        let error = try #require(throws: StoreError.self, sourceLocation: sourceLocation) { try store.ids(in: "characters") }
        let path = directory.file("explorer.sqlite").path
        #expect(error.kind == .corrupt, sourceLocation: sourceLocation)
        #expect(error.path == path, sourceLocation: sourceLocation)
        #expect(error.description.hasPrefix("the favourites database \(path) is damaged ("), sourceLocation: sourceLocation)
        #expect(error.description.contains(problem), "\(error)", sourceLocation: sourceLocation)
        #expect(error.description.contains("; favourites are off this run — move it aside (mv \(path) \(path).damaged"),
                sourceLocation: sourceLocation)
        #expect(error.description.hasSuffix(") and explorer starts a new one"), sourceLocation: sourceLocation)
        #expect(database.damage?.description == error.description, sourceLocation: sourceLocation)

        // Lists show without stars and say why.
        let marks = store.marks(in: "characters")
        #expect(marks.problem == error.description, sourceLocation: sourceLocation)
        #expect(!marks.contains(id: "1"), sourceLocation: sourceLocation)
        // Writes are refused, favourites' and caches' alike, and reads fail the same way.
        let toggle = try #require(throws: StoreError.self, sourceLocation: sourceLocation) {
            try store.toggle(feature: "characters", itemID: "61", title: "Character number 61")
        }
        #expect(toggle.description == error.description, sourceLocation: sourceLocation)
        #expect(throws: StoreError.self, sourceLocation: sourceLocation) { try store.list() }
        #expect(throws: StoreError.self, sourceLocation: sourceLocation) {
            try ResponseCache(database: database, feature: "moviedb", clock: LiveClock()).store(Data("{}".utf8), for: "/movie/popular")
        }
        #expect(throws: StoreError.self, sourceLocation: sourceLocation) {
            try OfflineIndex(database: database, prefix: "moviedb")
                .store([IndexedItem(key: "movie/1", title: "Ad Astra", payload: Data(), fetchedAt: Date())])
        }
        // Another store on the same file (the next run) finds the same.
        let again = try #require(throws: StoreError.self, sourceLocation: sourceLocation) {
            try FavouritesStore(database: AppDatabase(directory: directory.url)).list()
        }
        #expect(again.description == error.description, sourceLocation: sourceLocation)

        #expect(bytes(in: directory) == before, "the file and its log are left exactly as they were", sourceLocation: sourceLocation)
        #expect(listing(directory) == namesBefore, "nothing made beside them (no -shm, no empty -wal)", sourceLocation: sourceLocation)
        return error
    }

    // MARK: The file

    @Test func damagedHeaderIsReportedAndNeverWritten() throws {
        let directory = try sixtyFavourites()
        defer { directory.remove() }
        try overwrite(directory.file("explorer.sqlite"), at: 0, count: 100)

        try expectDamaged(directory, saying: "is damaged (file is not a database)")
    }

    @Test func damagedPageIsReportedAndNeverWritten() throws {
        let directory = try sixtyFavourites()
        defer { directory.remove() }
        let file = directory.file("explorer.sqlite")
        let size = try Data(contentsOf: file).count
        try overwrite(file, at: size / 2, count: 200)

        // In SQLite's words: the page there is a table's root or a page of the search index
        // now (quick_check cannot start), an index's before favourites and listings had their
        // own tables (it listed the problem).
        try expectDamaged(directory, saying: "is damaged (")
    }

    @Test func damagedFavouritesPageIsReportedAndNeverWritten() throws {
        let directory = try sixtyFavourites()
        defer { directory.remove() }
        let file = directory.file("explorer.sqlite")
        let (page, pageSize) = try DatabaseQueue(path: file.path).read { db in
            (try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'favourite'")!,
             try Int.fetchOne(db, sql: "PRAGMA page_size")!)
        }
        #expect(!FileManager.default.fileExists(atPath: directory.file("explorer.sqlite-wal").path))
        try overwrite(file, at: (page - 1) * pageSize + 8, count: 200)

        try expectDamaged(directory, saying: "quick_check: ")
    }

    @Test func truncatedFileIsReportedAndNeverWritten() throws {
        let directory = try sixtyFavourites()
        defer { directory.remove() }
        let file = directory.file("explorer.sqlite")
        let bytes = try Data(contentsOf: file)
        try bytes.prefix(bytes.count / 2).write(to: file)

        try expectDamaged(directory, saying: "is damaged (")
    }

    /// The file damaged while a log left by a crash holds the latest transactions: checked as
    /// SQLite reads the two, on a copy, so no `-shm` is made beside them.
    @Test func damagedFileWithALogLeftByACrashIsReportedAndNothingIsMadeBesideIt() throws {
        let live = try sixtyFavourites()
        defer { live.remove() }
        let database = AppDatabase(directory: live.url, migrations: Self.migrations)
        try Self.addFavourites(61...62, to: database)
        let directory = try Self.copyWhileOpen(live)
        defer { directory.remove() }
        withExtendedLifetime(database) {}
        let file = directory.file("explorer.sqlite")
        try overwrite(file, at: try Data(contentsOf: file).count / 2, count: 200)

        // As above, in SQLite's words: found by the check of the copy, not by the open.
        try expectDamaged(directory, saying: "is damaged (")
    }

    /// Every kind of damage to a closed file: found, and not a file made beside it.
    @Test(arguments: [0, 18, 100, 4096, -4096])
    func damageAnywhereInAClosedFileMakesNothingBesideIt(offset: Int) throws {
        let directory = try sixtyFavourites()
        defer { directory.remove() }
        let file = directory.file("explorer.sqlite")
        let size = try Data(contentsOf: file).count
        try overwrite(file, at: offset >= 0 ? offset : size + offset, count: 60)

        try expectDamaged(directory, saying: "is damaged (")
    }

    // MARK: The write-ahead log

    @Test func damagedLogIsReportedAndNeverWritten() throws {
        let directory = try sixtyFavouritesInTheLog()
        defer { directory.remove() }
        let log = directory.file("explorer.sqlite-wal")
        try overwrite(log, at: try Data(contentsOf: log).count / 2, count: 200)

        let error = try expectDamaged(directory, saying: "(its write-ahead log explorer.sqlite-wal: frame ")
        #expect(error.description.contains(" fails its checksum); "))
        let path = directory.file("explorer.sqlite").path
        #expect(error.description.contains("mv \(path) \(path).damaged; mv \(path)-wal \(path).damaged-wal)"), "the log goes with it")
    }

    @Test func damagedLogHeaderIsReportedAndNeverWritten() throws {
        let directory = try sixtyFavouritesInTheLog()
        defer { directory.remove() }
        try overwrite(directory.file("explorer.sqlite-wal"), at: 0, count: 32)

        try expectDamaged(directory, saying: "(its write-ahead log explorer.sqlite-wal: its header is not a write-ahead log's)")
    }

    /// A log cut inside a frame is read by SQLite up to its last committing frame before the
    /// cut: what follows was never committed as far as the log can tell (a kill or a power loss
    /// while a frame was written leaves the same). Not damage: the file opens, and holds what
    /// SQLite reads.
    @Test func logCutInsideAFrameIsReadAsSQLiteReadsIt() throws {
        let directory = try sixtyFavouritesInTheLog()
        defer { directory.remove() }
        let log = directory.file("explorer.sqlite-wal")
        let bytes = try Data(contentsOf: log)
        try bytes.prefix(bytes.count / 2 + 100).write(to: log)

        #expect(DatabaseIntegrity.damage(at: directory.file("explorer.sqlite").path) == nil)
        let count = try FavouritesStore(database: AppDatabase(directory: directory.url, migrations: Self.migrations)).ids(in: "characters").count
        #expect((1..<60).contains(count), "the transactions committed before the cut: \(count)")
    }

    /// The last frame written whole but torn (its page half old, half new: a power loss), with
    /// no commit after it: a transaction that never committed, not damage.
    @Test func tornLastFrameIsNotDamage() throws {
        let directory = try sixtyFavouritesInTheLog()
        defer { directory.remove() }
        let log = directory.file("explorer.sqlite-wal")
        let bytes = try Data(contentsOf: log)
        try overwrite(log, at: bytes.count - 100, count: 50)

        #expect(DatabaseIntegrity.damage(at: directory.file("explorer.sqlite").path) == nil)
        #expect(try FavouritesStore(database: AppDatabase(directory: directory.url, migrations: Self.migrations)).ids(in: "characters").count == 59,
                "the last toggle, torn, is not there; the 59 before it are")
    }

    /// A kill between SQLite's two writes of a frame (its header, then its page) leaves a log
    /// ending right after a frame's header: a transaction that never committed, which SQLite
    /// ignores. Not damage: the favourites committed before it are all there.
    @Test func logEndingAfterAFramesHeaderIsWhatAKillLeavesNotDamage() throws {
        let directory = try sixtyFavouritesInTheLog()
        defer { directory.remove() }
        let log = directory.file("explorer.sqlite-wal")
        let bytes = try Data(contentsOf: log)
        let frameSize = Self.frameSalts(bytes).frameSize
        #expect((bytes.count - 32) % frameSize == 0, "whole frames")
        // One more frame's header, of the log's generation (salts 16..<24 of the header), and no page.
        var header = [UInt8](repeating: 0, count: 24)
        header[3] = 99  // page 99
        header.replaceSubrange(8..<16, with: bytes[16..<24])
        try (bytes + Data(header)).write(to: log)
        #expect(DatabaseIntegrity.damage(at: directory.file("explorer.sqlite").path) == nil)
        #expect(try FavouritesStore(database: AppDatabase(directory: directory.url, migrations: Self.migrations)).ids(in: "characters").count == 60)

        // Cut inside the page instead: no more damage than a header alone.
        try (bytes + Data(header) + Data(count: 100)).write(to: log)
        #expect(DatabaseIntegrity.damage(at: directory.file("explorer.sqlite").path) == nil)
    }

    /// A frame's salts are outside its checksum: SQLite takes a frame whose salts were changed
    /// for an older generation's and drops it and everything after it (here 220 transactions:
    /// about 900 frames, four a toggle (the row, its key, its date's index, its feature's
    /// count), under the 1,000 that would checkpoint the log and start it again).
    @Test func logWhoseFirstFrameHasOtherSaltsIsReportedAndNeverWritten() throws {
        let directory = try sixtyFavouritesInTheLog(count: 220)
        defer { directory.remove() }
        let log = directory.file("explorer.sqlite-wal")
        let before = Self.frameSalts(try Data(contentsOf: log))
        #expect(before.frames.count > 660, "220 transactions in the log: \(before.frames.count) frames")
        #expect(before.frames.allSatisfy { $0 == before.header },
                "all of them current: \(before.frames.filter { $0 == before.header }.count) of \(before.frames.count)")
        try overwrite(log, at: 32 + 8, count: 4)

        try expectDamaged(directory, saying: "(its write-ahead log explorer.sqlite-wal: frame 1's salts are not its header's)")
    }

    /// The last frame of the only transaction, its salts changed: no current frame follows it,
    /// but its checksum continues the current ones'.
    @Test func lastCommitWithOtherSaltsIsReportedAndNeverWritten() throws {
        let live = try sixtyFavourites()
        defer { live.remove() }
        let database = AppDatabase(directory: live.url, migrations: Self.migrations)
        try Self.addFavourites(61...61, to: database)
        let directory = try Self.copyWhileOpen(live)
        defer { directory.remove() }
        withExtendedLifetime(database) {}
        let log = directory.file("explorer.sqlite-wal")
        let (_, frames, frameSize) = Self.frameSalts(try Data(contentsOf: log))
        try overwrite(log, at: 32 + (frames.count - 1) * frameSize + 8, count: 4)

        try expectDamaged(directory, saying: "(its write-ahead log explorer.sqlite-wal: frame \(frames.count)'s salts are not its header's)")
    }

    /// Not damage: a log reused after a checkpoint holds the new transactions' frames first,
    /// then the older generation's, whose salts differ.
    @Test func logReusedAfterACheckpointIsSound() throws {
        let live = TemporaryDirectory("live")
        defer { live.remove() }
        let database = AppDatabase(directory: live.url, migrations: Self.migrations)
        try Self.addSixtyFavourites(database)
        try database.onWriterConnection { db in try db.execute(sql: "PRAGMA wal_checkpoint(PASSIVE)") }
        try Self.addFavourites(61...61, to: database)
        let directory = try Self.copyWhileOpen(live)
        defer { directory.remove() }
        withExtendedLifetime(database) {}
        let (header, frames, _) = Self.frameSalts(try Data(contentsOf: directory.file("explorer.sqlite-wal")))
        #expect(frames.first == header, "the new transaction from frame 1")
        #expect(frames.count > 20 && frames.last != header, "then the older generation's frames")

        let store = FavouritesStore(database: AppDatabase(directory: directory.url, migrations: Self.migrations))
        #expect(try store.ids(in: "characters").count == 61)
        #expect(store.database.damage == nil)
    }

    /// Not damage: what a crash leaves (the log holding what was committed) is read as SQLite
    /// reads it, and the database keeps working.
    @Test func logLeftByACrashIsSound() throws {
        let directory = try sixtyFavouritesInTheLog()
        defer { directory.remove() }
        let store = FavouritesStore(database: AppDatabase(directory: directory.url, migrations: Self.migrations))

        #expect(try store.ids(in: "characters").count == 60)
        #expect(try store.toggle(feature: "characters", itemID: "61", title: "Character number 61") == true)
        #expect(store.database.damage == nil)
    }

    // MARK: The stamp a sound run leaves

    /// A run that found the file sound closes it as it leaves and records the state it left;
    /// the next check trusts a file in exactly that state and reads no page of it.
    @Test func aSoundRunLeavesAStampThatTheNextCheckTrusts() throws {
        let directory = try sixtyFavourites()
        defer { directory.remove() }
        let path = directory.file("explorer.sqlite").path
        let favourites = try favouritesOffset(directory.file("explorer.sqlite"))
        let database = AppDatabase(directory: directory.url, migrations: Self.migrations)
        #expect(try FavouritesStore(database: database).ids(in: "characters").count == 60)
        database.leaving()

        #expect(IntegrityStamp.isCurrent(for: path))
        let stamp = try String(contentsOfFile: IntegrityStamp.path(for: path), encoding: .utf8)
        #expect(stamp == IntegrityStamp.heading + DatabaseFilesState(path).text)
        // Nothing is read or written after leaving; the next run writes, and stamps what it left.
        #expect(throws: StoreError.self) { try FavouritesStore(database: database).ids(in: "characters") }
        let next = AppDatabase(directory: directory.url, migrations: Self.migrations)
        #expect(try FavouritesStore(database: next).toggle(feature: "characters", itemID: "61", title: "Character number 61"))
        #expect(!IntegrityStamp.isCurrent(for: path), "written since")
        next.leaving()
        #expect(IntegrityStamp.isCurrent(for: path))
        // Trusted: damage the check would find is not looked for while the stamp holds. (Only
        // explorer writes a stamp, and only of a file it found sound.)
        try overwrite(directory.file("explorer.sqlite"), at: favourites, count: 200)
        #expect(DatabaseIntegrity.damage(at: path)?.hasPrefix("quick_check: ") == true, "written since: checked")
        IntegrityStamp.record(for: path)
        #expect(DatabaseIntegrity.damage(at: path) == nil, "as stamped: not read")
    }

    /// Any write to the file after the stamp, in place and of the same size, means a check.
    @Test func damageAfterASoundRunIsFound() throws {
        let directory = try sixtyFavourites()
        defer { directory.remove() }
        let file = directory.file("explorer.sqlite")
        let favourites = try favouritesOffset(file)
        let database = AppDatabase(directory: directory.url, migrations: Self.migrations)
        _ = try FavouritesStore(database: database).list()
        database.leaving()
        #expect(IntegrityStamp.isCurrent(for: file.path))
        try overwrite(file, at: favourites, count: 200)

        #expect(!IntegrityStamp.isCurrent(for: file.path))
        try expectDamaged(directory, saying: "quick_check: ")
    }

    /// A damaged file put in the sound one's place (same size, another inode) means a check.
    @Test func aFileMovedIntoPlaceIsChecked() throws {
        let directory = try sixtyFavourites()
        defer { directory.remove() }
        let database = AppDatabase(directory: directory.url, migrations: Self.migrations)
        _ = try FavouritesStore(database: database).list()
        database.leaving()
        let file = directory.file("explorer.sqlite")
        var bytes = try Data(contentsOf: file)
        bytes.replaceSubrange(0..<100, with: Data(repeating: 0x41, count: 100))
        try bytes.write(to: directory.file("replacement"))
        #expect(rename(directory.file("replacement").path, file.path) == 0)

        #expect(!IntegrityStamp.isCurrent(for: file.path))
        try expectDamaged(directory, saying: "is damaged (file is not a database)")
    }

    /// A run that found damage removes any stamp and records nothing as it leaves; a stamp that is not one
    /// (garbage, cut short, another file's numbers) is not trusted.
    @Test func onlyASoundRunStampsAndOnlyAWholeStampCounts() throws {
        let directory = try sixtyFavourites()
        defer { directory.remove() }
        let file = directory.file("explorer.sqlite")
        let stampPath = IntegrityStamp.path(for: file.path)
        try overwrite(file, at: 0, count: 100)
        try Data("a stamp of another state".utf8).write(to: URL(fileURLWithPath: stampPath))
        let database = AppDatabase(directory: directory.url, migrations: Self.migrations)
        #expect(throws: StoreError.self) { try FavouritesStore(database: database).list() }
        #expect(!FileManager.default.fileExists(atPath: stampPath), "damage found removes any stamp")
        database.leaving()
        #expect(!FileManager.default.fileExists(atPath: stampPath))

        let whole = IntegrityStamp.heading + DatabaseFilesState(file.path).text
        for forged in ["", "garbage", String(whole.dropLast(3)), whole.replacingOccurrences(of: IntegrityStamp.heading, with: ""),
                       IntegrityStamp.heading + "-\n-", whole + "\n1 2 3", String(repeating: "9", count: 5_000)] {
            try Data(forged.utf8).write(to: URL(fileURLWithPath: stampPath))
            #expect(!IntegrityStamp.isCurrent(for: file.path), "\(forged.prefix(80))")
            #expect(DatabaseIntegrity.damage(at: file.path) == "file is not a database")
        }
        try Data(whole.utf8).write(to: URL(fileURLWithPath: stampPath))
        #expect(IntegrityStamp.isCurrent(for: file.path), "the whole stamp, for contrast")
    }

    // MARK: Messages

    @Test func pathsThatTheShellWouldReadAreQuotedInTheAdvice() throws {
        let parent = TemporaryDirectory()
        defer { parent.remove() }
        let data = parent.file("my data's")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data(String(repeating: "not a database\n", count: 300).utf8).write(to: data.appendingPathComponent("explorer.sqlite"))

        let error = try #require(throws: StoreError.self) { try FavouritesStore(database: AppDatabase(directory: data)).list() }
        let quoted = "'\(data.path.replacingOccurrences(of: "'", with: "'\\''"))/explorer.sqlite"
        #expect(error.description.contains("(mv \(quoted)' \(quoted).damaged')"), "\(error)")
    }
}
