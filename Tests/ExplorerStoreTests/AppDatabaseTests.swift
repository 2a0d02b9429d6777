@testable import ExplorerCore
@testable import ExplorerHTTP
@testable import ExplorerStore
import ExplorerTrace
import Foundation
import GRDB
import TestSupport
import Testing

/// Features add their own tables with migrations of their own, run after the favourites'.
@Suite("AppDatabase")
struct AppDatabaseTests {
    static let cache = StoreMigration("moviedb v1: cache") { db in
        try db.create(table: "moviedbItem") { table in
            table.column("id", .text).primaryKey()
            table.column("title", .text).notNull()
        }
    }
    static let index = StoreMigration("moviedb v2: search index") { db in
        try db.execute(sql: "CREATE VIRTUAL TABLE moviedbSearch USING fts5(title)")
    }

    @Test func aFeatureMigrationAddsItsTableBesideTheFavourites() throws {
        let database = AppDatabase.inMemory(migrations: [Self.cache])
        let favourites = FavouritesStore(database: database)
        try favourites.toggle(feature: "starships", itemID: "10", title: "Millennium Falcon")
        try database.write { db in try db.execute(sql: "INSERT INTO moviedbItem VALUES ('movie/419704', 'Ad Astra')") }

        #expect(try database.read { db in try String.fetchOne(db, sql: "SELECT title FROM moviedbItem") } == "Ad Astra")
        #expect(try favourites.ids(in: "starships") == ["10"])
    }

    /// A read runs in a transaction of its own, not GRDB's read-only mode (whose pragma made
    /// SQLite prepare every statement again): a read that writes, a mistake, still fails and
    /// leaves the file as it was.
    @Test func aReadThatWritesFailsAndChangesNothing() throws {
        let database = AppDatabase.inMemory(migrations: [Self.cache])
        #expect(throws: StoreError.self) {
            try database.read { db in try db.execute(sql: "INSERT INTO moviedbItem VALUES ('movie/1', 'Written in a read')") }
        }
        #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM moviedbItem") } == 0)
        try database.write { db in try db.execute(sql: "INSERT INTO moviedbItem VALUES ('movie/2', 'Written')") }
        #expect(try database.read { db in try String.fetchAll(db, sql: "SELECT title FROM moviedbItem") } == ["Written"])
    }

    @Test func aLaterMigrationUpdatesAnExistingFileAndKeepsTheFavourites() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let before = AppDatabase(directory: directory.url, migrations: [Self.cache])
        try FavouritesStore(database: before).toggle(feature: "characters", itemID: "1", title: "Luke Skywalker")

        let after = AppDatabase(directory: directory.url, migrations: [Self.cache, Self.index])
        try after.write { db in try db.execute(sql: "INSERT INTO moviedbSearch (title) VALUES ('Ad Astra')") }
        #expect(try after.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM moviedbSearch WHERE moviedbSearch MATCH 'astra'") } == 1,
                "FTS5 works on the system SQLite")
        #expect(try FavouritesStore(database: after).list().map(\.title) == ["Luke Skywalker"])
        let applied = try after.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid") }
        #expect(applied == ["v1: favourites", "v2: response cache", "v3: favourites counted and by date", "moviedb v1: cache", "moviedb v2: search index"])

        let older = AppDatabase(directory: directory.url, migrations: [Self.cache])
        #expect(try FavouritesStore(database: older).ids(in: "characters") == ["1"], "an older binary still opens the file")
    }

    @MainActor
    @Test func cacheDirectoriesComeFromTheDataDirectory() {
        let data = URL(fileURLWithPath: "/tmp/explorer-data")
        let environment = AppEnvironment(selection: SourceSelection(.embedded), tracer: Tracer(write: { _ in }),
                                         favourites: .inMemory(), dataDirectory: data)
        #expect(environment.cacheDirectory(for: "itunes").path == "/tmp/explorer-data/cache/itunes")
    }
}
