import ExplorerClock
@testable import ExplorerCore
@testable import ExplorerStore
import Foundation
import TestSupport
import Testing

@Suite("FavouritesStore")
struct FavouritesStoreTests {
    private func store(_ directory: URL) -> FavouritesStore {
        FavouritesStore(database: AppDatabase(directory: directory))
    }

    // MARK: Toggling and reading

    @Test func toggleAddsThenRemoves() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = store(directory.url)

        #expect(try store.ids(in: "starships") == [])
        #expect(try store.toggle(feature: "starships", itemID: "10", title: "Millennium Falcon") == true)
        #expect(try store.ids(in: "starships") == ["10"])
        #expect(try store.list().map(\.title) == ["Millennium Falcon"])
        #expect(try store.toggle(feature: "starships", itemID: "10", title: "Millennium Falcon") == false)
        #expect(try store.ids(in: "starships") == [])
        #expect(try store.list() == [])
        #expect(try store.toggle(feature: "starships", itemID: "10", title: "Millennium Falcon") == true)
        #expect(try store.ids(in: "starships") == ["10"])
    }

    @Test func idsAreKeptPerFeature() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = store(directory.url)

        try store.toggle(feature: "starships", itemID: "10", title: "Millennium Falcon")
        try store.toggle(feature: "starships", itemID: "12", title: "X-wing")
        try store.toggle(feature: "people", itemID: "10", title: "Obi-Wan Kenobi")

        #expect(try store.ids(in: "starships") == ["10", "12"])
        #expect(try store.ids(in: "people") == ["10"])
        #expect(try store.ids(in: "films") == [])

        // Removing one feature's item leaves the same id of another feature alone.
        try store.toggle(feature: "starships", itemID: "10", title: "Millennium Falcon")
        #expect(try store.ids(in: "starships") == ["12"])
        #expect(try store.ids(in: "people") == ["10"])
    }

    @Test func toggleRecordsTheTitleAndTheTime() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = store(directory.url)

        let before = Date()
        try store.toggle(feature: "starships", itemID: "10", title: "周杰倫's \"ship\"")
        let after = Date()

        let favourite = try #require(try store.list().first)
        #expect(favourite.feature == "starships")
        #expect(favourite.itemID == "10")
        #expect(favourite.title == "周杰倫's \"ship\"")
        // The database keeps milliseconds.
        let createdAt = try #require(favourite.createdAt)
        #expect(createdAt.timeIntervalSince(before) >= -0.002)
        #expect(createdAt.timeIntervalSince(after) <= 0.002)
    }

    @Test func listIsOldestFirstAndFiltersByFeature() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let database = AppDatabase(directory: directory.url)
        let store = FavouritesStore(database: database)
        let favourites = [
            Favourite(feature: "starships", itemID: "12", title: "X-wing", createdAt: Date(timeIntervalSince1970: 3000)),
            Favourite(feature: "people", itemID: "1", title: "Luke Skywalker", createdAt: Date(timeIntervalSince1970: 1000)),
            Favourite(feature: "starships", itemID: "10", title: "Millennium Falcon", createdAt: Date(timeIntervalSince1970: 2000)),
            Favourite(feature: "films", itemID: "1", title: "A New Hope", createdAt: Date(timeIntervalSince1970: 4000)),
        ]
        try database.write { db in
            for favourite in favourites { try favourite.insert(db) }
        }

        #expect(try store.list() == [favourites[1], favourites[2], favourites[0], favourites[3]])
        #expect(try store.list(feature: "starships") == [favourites[2], favourites[0]])
        #expect(try store.list(feature: "people") == [favourites[1]])
        #expect(try store.list(feature: "planets") == [])
    }

    @Test func listBreaksTiesOnTimeByFeatureThenID() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let database = AppDatabase(directory: directory.url)
        let store = FavouritesStore(database: database)
        let when = Date(timeIntervalSince1970: 5000)
        try database.write { db in
            for (feature, id) in [("starships", "9"), ("people", "2"), ("starships", "10"), ("people", "1")] {
                try Favourite(feature: feature, itemID: id, title: "\(feature) \(id)", createdAt: when).insert(db)
            }
        }
        // Item ids compare as text.
        #expect(try store.list().map(\.title) == ["people 1", "people 2", "starships 10", "starships 9"])
    }

    @Test func togglesAreListedInTheOrderTheyWereMadeAndStampedWithTheClock() throws {
        let clock = VirtualClock(Date(timeIntervalSince1970: 1_000_000))
        let store = FavouritesStore.inMemory(clock: clock)
        for id in ["3", "2", "1"] {
            try store.toggle(feature: "starships", itemID: id, title: "ship \(id)")
            clock.advance(by: 60)
        }
        #expect(try store.list().map(\.itemID) == ["3", "2", "1"])
        #expect(try store.list().map(\.createdAt) == [0, 60, 120].map { Date(timeIntervalSince1970: 1_000_000 + $0) })
    }

    // MARK: The database file

    @Test func databaseLivesInTheDataDirectoryAndIsOpenedOnFirstUse() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let data = directory.url.appendingPathComponent("nested/data")
        let database = AppDatabase(directory: data)
        #expect(database.path == data.appendingPathComponent("explorer.sqlite").path)
        #expect(!FileManager.default.fileExists(atPath: data.path))

        _ = try FavouritesStore(database: database).ids(in: "starships")
        #expect(FileManager.default.fileExists(atPath: database.path))
    }

    @Test func favouritesPersistAcrossInstances() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }

        let first = store(directory.url)
        try first.toggle(feature: "starships", itemID: "10", title: "Millennium Falcon")
        try first.toggle(feature: "people", itemID: "1", title: "Luke Skywalker")

        let second = store(directory.url)
        #expect(try second.ids(in: "starships") == ["10"])
        #expect(try Set(second.list().map(\.title)) == ["Millennium Falcon", "Luke Skywalker"])

        // Each sees what the other wrote (what is kept in memory is read again when it changed).
        #expect(try second.toggle(feature: "starships", itemID: "10", title: "Millennium Falcon") == false)
        #expect(try first.ids(in: "starships") == [])
        #expect(try first.toggle(feature: "starships", itemID: "12", title: "X-wing") == true)
        #expect(try second.ids(in: "starships") == ["12"])
    }

    @Test func twoInstancesTogglingConcurrentlyBothPersist() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let first = store(directory.url)
        let second = store(directory.url)
        // Both open (and migrate) first; see KnownBugTests for opening at the same moment.
        _ = try first.ids(in: "starships")
        _ = try second.ids(in: "starships")

        let failures = LockedValue<[String]>([])
        await runOnThreads([(first, "a"), (second, "b")]) { store, prefix in
            for index in 0..<25 {
                do {
                    let added = try store.toggle(feature: "starships", itemID: "\(prefix)\(index)", title: "\(prefix) \(index)")
                    if !added { failures.withLock { $0.append("\(prefix)\(index) was removed") } }
                } catch {
                    failures.withLock { $0.append("\(prefix)\(index): \(error)") }
                }
            }
        }

        #expect(failures.value == [])
        let expected = Set((0..<25).flatMap { ["a\($0)", "b\($0)"] })
        #expect(try store(directory.url).ids(in: "starships") == expected)
        #expect(try first.ids(in: "starships") == expected)
        #expect(try second.list().count == 50)
    }

    @Test func concurrentTogglesOfTheSameItemNeverLoseTrack() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let first = store(directory.url)
        let second = store(directory.url)
        _ = try first.ids(in: "starships")
        _ = try second.ids(in: "starships")

        // 20 toggles in all of one item: it ends where it began, and exactly half added it.
        let added = LockedValue(0)
        let failures = LockedValue<[String]>([])
        await runOnThreads([(first, "a"), (second, "b")]) { store, _ in
            for _ in 0..<10 {
                do {
                    if try store.toggle(feature: "starships", itemID: "10", title: "Millennium Falcon") {
                        added.withLock { $0 += 1 }
                    }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        #expect(failures.value == [])
        #expect(added.value == 10)
        #expect(try first.ids(in: "starships") == [])
    }

    // MARK: Failures

    @Test func fileThatIsNotADatabaseIsReportedAndLeftUntouched() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.file("explorer.sqlite")
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: file)

        let store = store(directory.url)
        let readError = try #require(throws: StoreError.self) { try store.ids(in: "starships") }
        #expect(readError.kind == .corrupt)
        #expect(readError.path == file.path)
        #expect(readError.description == "the favourites database \(file.path) is damaged (file is not a database); favourites are off"
                + " this run — move it aside (mv \(file.path) \(file.path).damaged) and explorer starts a new one")

        let writeError = try #require(throws: StoreError.self) {
            try store.toggle(feature: "starships", itemID: "10", title: "Millennium Falcon")
        }
        #expect(writeError.kind == .corrupt)
        #expect(throws: StoreError.self) { try store.list() }

        #expect(try Data(contentsOf: file) == garbage)
    }

    @Test func textFileIsReportedAsCorruptAndLeftUntouched() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.file("explorer.sqlite")
        let text = Data(String(repeating: "these are my notes, not a database\n", count: 40).utf8)
        try text.write(to: file)

        let error = try #require(throws: StoreError.self) {
            try store(directory.url).toggle(feature: "starships", itemID: "10", title: "Millennium Falcon")
        }
        #expect(error.kind == .corrupt)
        #expect(try Data(contentsOf: file) == text)
    }

    @Test func dataDirectoryUnderARegularFileIsUnwritable() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let blocker = directory.file("blocker")
        try Data("just a file".utf8).write(to: blocker)
        let data = blocker.appendingPathComponent("data")

        let store = store(data)
        let error = try #require(throws: StoreError.self) { try store.ids(in: "starships") }
        #expect(error.kind == .unwritable)
        #expect(error.path == data.path)
        #expect(error.description == "favourites database \(data.path): cannot create the data directory")

        // Every later use fails the same way (no crash, no half-open state).
        let again = try #require(throws: StoreError.self) {
            try store.toggle(feature: "starships", itemID: "10", title: "Millennium Falcon")
        }
        #expect(again.kind == .unwritable)
        #expect(try Data(contentsOf: blocker) == Data("just a file".utf8))
    }

    @Test func databasePathThatIsADirectoryIsUnwritable() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(at: directory.file("explorer.sqlite"), withIntermediateDirectories: false)

        let error = try #require(throws: StoreError.self) { try store(directory.url).ids(in: "starships") }
        #expect(error.kind == .unwritable)
        #expect(error.path == directory.file("explorer.sqlite").path)
        #expect(error.description == "favourites database \(directory.file("explorer.sqlite").path): cannot open or write it")
    }

    @Test func failedOpenIsRetriedOnTheNextUse() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let blocker = directory.file("data")
        try Data("x".utf8).write(to: blocker)
        let store = store(blocker)

        #expect(throws: StoreError.self) { try store.ids(in: "starships") }
        try FileManager.default.removeItem(at: blocker)
        #expect(try store.toggle(feature: "starships", itemID: "10", title: "Millennium Falcon") == true)
        #expect(try store.ids(in: "starships") == ["10"])
    }
}

/// Runs `body` once per input, each on its own thread, all starting together; returns when all are done.
func runOnThreads<Input: Sendable>(_ inputs: [(FavouritesStore, Input)], _ body: @escaping @Sendable (FavouritesStore, Input) -> Void) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let group = DispatchGroup()
        let start = DispatchSemaphore(value: 0)
        for (store, input) in inputs {
            group.enter()
            let thread = Thread {
                start.wait()
                body(store, input)
                group.leave()
            }
            thread.start()
        }
        for _ in inputs { start.signal() }
        group.notify(queue: .global()) { continuation.resume() }
    }
}
