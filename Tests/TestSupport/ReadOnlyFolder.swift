import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Makes a folder read-only for real, for whoever runs the tests: `chmod 555` stops an ordinary
/// user, but root passes it (and `access(2)` says so), so as root the folder is made immutable
/// with `chattr +i` (nothing can be made in it, or removed; its files can still be written).
/// ``undo(_:)`` gives it back, so it can be removed.
public enum ReadOnlyFolder {
    public static func make(_ folder: URL) throws {
        if geteuid() == 0 {
            try chattr("+i", folder)
        } else {
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        }
        guard access(folder.path, W_OK) != 0 else {
            throw SetupError("\(folder.path) is still writable")
        }
    }

    /// Makes a file read-only for whoever runs the tests: `chmod 444`, or as root, for whom
    /// that is no bar, immutable (`chattr +i`). ``undo(_:)`` gives it back.
    public static func makeFile(_ file: URL) throws {
        if geteuid() == 0 {
            try chattr("+i", file, directory: false)
        } else {
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file.path)
        }
        guard access(file.path, W_OK) != 0 else {
            throw SetupError("\(file.path) is still writable")
        }
    }

    public static func undoFile(_ file: URL) {
        if geteuid() == 0 {
            try? chattr("-i", file, directory: false)
        } else {
            try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        }
    }

    public static func undo(_ folder: URL) {
        if geteuid() == 0 {
            try? chattr("-i", folder)
        } else {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        }
    }

    /// `chattr +i` / `chattr -i` as chattr(1) does it, with the ext2-family flags ioctl: no
    /// process to start.
    private static func chattr(_ flag: String, _ folder: URL, directory: Bool = true) throws {
        let fd = open(folder.path, O_RDONLY | (directory ? O_DIRECTORY : 0) | O_CLOEXEC)
        guard fd >= 0 else { throw SetupError("cannot open \(folder.path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var flags: CLong = 0
        guard ioctl(fd, getFlags, &flags) == 0 else {
            throw SetupError("cannot read the flags of \(folder.path): \(String(cString: strerror(errno)))")
        }
        flags = flag == "+i" ? flags | immutable : flags & ~immutable
        guard ioctl(fd, setFlags, &flags) == 0 else {
            throw SetupError("chattr \(flag) \(folder.path) failed: \(String(cString: strerror(errno)))")
        }
    }

    /// linux/fs.h: FS_IOC_GETFLAGS, FS_IOC_SETFLAGS and FS_IMMUTABLE_FL.
    private static let getFlags: UInt = 0x8008_6601
    private static let setFlags: UInt = 0x4008_6602
    private static let immutable: CLong = 0x10
}
