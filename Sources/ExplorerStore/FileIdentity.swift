import Foundation

/// Which file a path names now: its device and inode. A file put in another's place (`mv` of a
/// copy, a backup restored) has another identity, whatever its name, size or contents.
struct FileIdentity: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64

    /// The file at `path`; nil when there is none.
    init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
