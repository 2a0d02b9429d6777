import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A file system of a few hundred kilobytes (tmpfs) mounted on a folder of a sandbox, to fill
/// up: what a full disk does to explorer, for real. Mounting needs root with the right to mount
/// (as CI and the developers' machines have); ``canMount`` says whether this run can.
public final class SmallFileSystem: Sendable {
    public let path: String

    /// Mounts `kilobytes` of tmpfs on `folder` (made if need be).
    public init(at folder: URL, kilobytes: Int) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.path
        guard mount("tmpfs", path, "tmpfs", 0, "size=\(kilobytes)k") == 0 else {
            throw SetupError("cannot mount a tmpfs on \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Fills what is left with one file, so that the next write finds the disk full.
    public func fill() {
        let descriptor = open(path + "/filler", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0, count: 4096)
        while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    }

    deinit {
        umount2(path, Int32(MNT_DETACH))
    }

    /// Whether this run may mount one (root, with the right to mount).
    public static let canMount: Bool = {
        guard geteuid() == 0 else { return false }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("explorer-mount-probe-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let probe = try? SmallFileSystem(at: folder, kilobytes: 64) else { return false }
        withExtendedLifetime(probe) {}
        return true
    }()
}
