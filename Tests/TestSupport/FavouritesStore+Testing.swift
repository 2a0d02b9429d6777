import ExplorerClock
import ExplorerCore
import ExplorerStore
import Foundation

extension FavouritesStore {
    /// A store in a database file of its own, in a fresh temporary directory: for tests that
    /// need the file (two stores on one file, a damaged file). Most tests use ``inMemory(clock:)``.
    public static func temporary(_ label: String = "favourites", clock: any AppClock = LiveClock()) -> FavouritesStore {
        FavouritesStore(database: AppDatabase(directory: TemporaryDirectory(label).url), clock: clock)
    }
}
