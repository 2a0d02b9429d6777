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
            throw Subprocess.LaunchError(description: "\(folder.path) is still writable")
        }
    }

    public static func undo(_ folder: URL) {
        if geteuid() == 0 {
            try? chattr("-i", folder)
        } else {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        }
    }

    private static func chattr(_ flag: String, _ folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        process.arguments = [flag, folder.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Subprocess.LaunchError(description: "chattr \(flag) \(folder.path) failed with status \(process.terminationStatus)")
        }
    }
}
