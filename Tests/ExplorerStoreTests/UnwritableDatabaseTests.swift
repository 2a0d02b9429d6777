import ExplorerClock
@testable import ExplorerCore
@testable import ExplorerStore
import Foundation
import GRDB
import TestSupport
import Testing

/// A sound database that cannot be written — its folder read-only, the disk full — is still
/// read: favourites star and list, and every write fails with one line that says why.
@Suite("A database that cannot be written")
struct UnwritableDatabaseTests {
    /// A data directory holding three favourites, closed (no log beside the file).
    private func threeFavourites() throws -> TemporaryDirectory {
        let directory = TemporaryDirectory("unwritable")
        let store = FavouritesStore(database: AppDatabase(directory: directory.url))
        for id in 1...3 { try store.toggle(feature: "characters", itemID: "\(id)", title: "Character \(id)") }
        return directory
    }

    private func names(in directory: TemporaryDirectory) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.url.path)) ?? []).sorted()
    }

    @Test func aReadOnlyFolderIsReadAndEveryWriteSaysWhy() throws {
        let directory = try threeFavourites()
        defer { directory.remove() }
        #expect(names(in: directory) == ["explorer.sqlite"])
        try ReadOnlyFolder.make(directory.url)
        defer { ReadOnlyFolder.undo(directory.url) }
        let database = AppDatabase(directory: directory.url, migrations: OfflineIndex.migrations(prefix: "moviedb"))
        let store = FavouritesStore(database: database)

        #expect(try store.ids(in: "characters") == ["1", "2", "3"])
        #expect(try store.list().map(\.itemID) == ["1", "2", "3"])
        let marks = store.marks(in: "characters")
        #expect(["1", "2", "3", "4"].map(marks.contains(id:)) == [true, true, true, false], "lists star them")
        #expect(marks.problem == nil, "without a word")
        let error = try #require(throws: StoreError.self) {
            try store.toggle(feature: "characters", itemID: "4", title: "Character 4")
        }
        let path = directory.file("explorer.sqlite").path
        #expect(error.kind == .unwritable)
        #expect(error.description == "favourites database \(path): cannot write it: its folder is read-only")
        #expect(throws: StoreError.self) {
            try ResponseCache(database: database, feature: "moviedb", clock: LiveClock()).store(Data("{}".utf8), for: "/movie/popular")
        }
        #expect(try store.ids(in: "characters") == ["1", "2", "3"], "reading goes on after a refused write")
        #expect(database.damage == nil)
        #expect(names(in: directory) == ["explorer.sqlite"])
    }

    /// SQLite says `SQLITE_FULL` when a page cannot be added: here because the connection may
    /// hold no more pages than it has (`max_page_count`), as when the disk has no room left.
    @Test func aFullDiskIsNamedAndWhatWasWrittenIsStillRead() throws {
        let directory = try threeFavourites()
        defer { directory.remove() }
        let database = AppDatabase(directory: directory.url)
        let store = FavouritesStore(database: database)
        try database.onWriterConnection { db in
            let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            try db.execute(sql: "PRAGMA max_page_count = \(pages)")
        }

        let error = try #require(throws: StoreError.self) {
            for id in 4...200 {
                try store.toggle(feature: "characters", itemID: "\(id)", title: String(repeating: "a long title ", count: 40))
            }
        }
        #expect(error.description == "favourites database \(directory.file("explorer.sqlite").path): cannot write it: the disk is full")
        #expect(try store.ids(in: "characters").isSuperset(of: ["1", "2", "3"]))
    }

    @Test func sqliteFullSaysTheDiskIsFull() {
        let error = StoreError(DatabaseError(resultCode: .SQLITE_FULL, message: "database or disk is full"), path: "/data/explorer.sqlite")
        #expect(error.kind == .unwritable)
        #expect(error.description == "favourites database /data/explorer.sqlite: cannot write it: the disk is full")
    }
}
