import Foundation
import Testing
@testable import ExplorerCore

@Test func zzProbe() async throws {
    final class Box: @unchecked Sendable { var items: [String] = [] }
    let box = Box()
    for i in 0..<30 {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID())")
        let a = FavouritesStore(database: AppDatabase(directory: dir))
        let b = FavouritesStore(database: AppDatabase(directory: dir))
        let group = DispatchGroup()
        let lock = NSLock()
        let start = DispatchSemaphore(value: 0)
        for (store, name) in [(a, "a"), (b, "b")] {
            group.enter()
            Thread {
                start.wait()
                do { try store.toggle(feature: "f", itemID: name, title: name) } catch { lock.lock(); box.items.append("\(i) \(name): \(error) \(String(reflecting: error))"); lock.unlock() }
                group.leave()
            }.start()
        }
        start.signal(); start.signal()
        group.wait()
        try? FileManager.default.removeItem(at: dir)
    }
    print("PROBE failures", box.items.count)
    for f in box.items.prefix(3) { print("PROBE", f) }
}
