import Foundation

/// A fresh, empty directory under the system's temporary directory; `defer { directory.remove() }`.
public final class TemporaryDirectory: Sendable {
    public let url: URL

    public init(_ label: String = "explorer-tests") {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    public func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }
}
