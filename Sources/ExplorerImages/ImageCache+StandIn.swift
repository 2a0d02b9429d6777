import Foundation

extension ImageCache {
    /// The file of ``StandInImage``, in `stand-ins/` beside the cache's directory: never in the
    /// cache, where a live session would take it for the real image of some URL.
    public nonisolated func standInFile() throws -> URL {
        try StandInImage.file(in: directory.deletingLastPathComponent().appendingPathComponent("stand-ins"))
    }
}
