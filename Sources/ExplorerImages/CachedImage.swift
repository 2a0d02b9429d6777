import Foundation

/// An image file in the ``ImageCache``.
public struct CachedImage: Sendable, Equatable {
    /// Where it is on disk.
    public let file: URL
    public let byteCount: Int
    /// Whether it was there already (no request was made).
    public let wasCached: Bool

    public init(file: URL, byteCount: Int, wasCached: Bool) {
        self.file = file
        self.byteCount = byteCount
        self.wasCached = wasCached
    }
}
