import Foundation

/// The database file and its write-ahead log as `stat` sees them: inode, size, and the times of
/// the last change to the contents (mtime) and to anything at all (ctime, which no tool can set
/// back). Whatever writes either file, SQLite or anything else, changes it.
struct DatabaseFilesState: Equatable {
    /// Each file's numbers; empty when it does not exist.
    var file: [Int]
    var log: [Int]

    init(_ path: String) {
        file = Self.state(path)
        log = Self.state(path + "-wal")
    }

    private init(file: [Int], log: [Int]) {
        self.file = file
        self.log = log
    }

    /// Two lines of numbers (the file's, then the log's; `-` for a file that does not exist).
    var text: String {
        [file, log].map { $0.isEmpty ? "-" : $0.map(String.init).joined(separator: " ") }.joined(separator: "\n")
    }

    /// The state ``text`` wrote; nil for anything else.
    init?(text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == 2 else { return nil }
        var files: [[Int]] = []
        for line in lines {
            if line == "-" {
                files.append([])
                continue
            }
            let numbers = line.split(separator: " ", omittingEmptySubsequences: false).compactMap { Int($0) }
            guard numbers.count == 6, numbers.allSatisfy({ $0 >= 0 }) else { return nil }
            files.append(numbers)
        }
        self.init(file: files[0], log: files[1])
    }

    private static func state(_ path: String) -> [Int] {
        var info = stat()
        guard stat(path, &info) == 0 else { return [] }
        // An inode past Int.max (some network and FUSE file systems) reads negative: such a
        // stamp never matches, and the file is checked whole.
        return [Int(truncatingIfNeeded: info.st_ino), Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec),
                Int(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec)]
    }
}
