import ExplorerCore
import ExplorerStore
import Foundation
import TestSupport
import Testing

/// explorer run on a data directory whose database was damaged after 60 favourites were marked:
/// lists show without stars and one warning says what is wrong, where and what to do; `fav`
/// and `favs` fail (status 1); the file and its log keep every byte.
@Suite("A damaged favourites database")
struct DamagedDatabaseRunTests {
    enum Damage: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// The 100-byte header overwritten.
        case header
        /// 200 bytes overwritten in the middle of the file.
        case page
        /// The file cut to half its size.
        case truncation
        /// 200 bytes overwritten in the middle of a write-ahead log left by a crash.
        case log
        /// 4 bytes of the first frame's salts changed in a log left by a crash (outside every
        /// checksum: SQLite would drop all 22 transactions and checkpoint what is left).
        case logSalt

        var testDescription: String { rawValue }
    }

    @Test("lists unstarred with one warning, fav and favs fail, the file is left as it was", arguments: Damage.allCases)
    func damagedDatabase(_ damage: Damage) async throws {
        let sandbox = try Sandbox("damaged-\(damage.rawValue)")
        let data = URL(fileURLWithPath: sandbox.dataDirectory)
        let file = data.appendingPathComponent("explorer.sqlite")
        let marking = try await Explorer.run([], script: "use characters\n" + (1...60).map { "fav \($0)\n" }.joined(), in: sandbox)
        #expect(marking.status == 0)
        #expect(marking.stderrText == "")
        try Self.damage(damage, data: data, sandbox: sandbox)
        let before = Self.bytes(in: data)
        let namesBefore = Self.listing(data)

        let listed = try await Explorer.run([], script: "use characters\nopen 1\nback\n", in: sandbox)
        #expect(listed.status == 0, "a warning alone does not fail a script")
        #expect(listed.stdoutText.contains(" 1  ☆  Luke Skywalker "), "the list is shown:\n\(listed.stdoutText)")
        let starred = listed.stdoutText.split(separator: "\n").filter { $0.range(of: #"^ *[0-9]+  ★"#, options: .regularExpression) != nil }
        #expect(starred == [], "no row is starred")
        let warnings = listed.stderrText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(warnings.count == 2 && warnings[1] == "", "one warning for three screens:\n\(listed.stderrText)")
        let warning = String(warnings[0])
        #expect(warning.hasPrefix("warning: the favourites database \(file.path) is damaged ("), "\(warning)")
        #expect(warning.contains("; favourites are off this run — move it aside (mv \(file.path) \(file.path).damaged"))
        #expect(warning.hasSuffix(") and explorer starts a new one"))

        let favourited = try await Explorer.run([], script: "use characters\nfav 1\n", in: sandbox)
        #expect(favourited.status == 1, "fav fails")
        let damage = warning.dropFirst("warning: ".count)
        #expect(favourited.stderrText == warning + "\n" + "error: line 2: " + damage + "\n")
        #expect(!favourited.stdoutText.contains("is now a favourite"))

        let listedAll = try await Explorer.run([], script: "favs all\n", in: sandbox)
        #expect(listedAll.status == 1)
        #expect(listedAll.stdoutText == "")
        #expect(listedAll.stderrText == "error: line 1: " + damage + "\n")

        #expect(Self.bytes(in: data) == before, "the file and its log are exactly as they were")
        #expect(Self.listing(data) == namesBefore, "nothing was made beside them (no -shm, no empty -wal)")
    }

    /// A healthy file: nothing to say, and every favourite starred.
    @Test("a backup restored (cp, then mv) while a session runs: the session leaves it as it is, and it stays sound")
    func backupRestoredUnderASession() async throws {
        let sandbox = try Sandbox("restored-backup")
        let data = sandbox.dataDirectory
        let marked = try await Explorer.run(["-c", "use starships; fav 1"], in: sandbox)
        #expect(marked.status == 0)
        try FileManager.default.copyItem(atPath: data + "/explorer.sqlite", toPath: sandbox.file("backup.sqlite").path)

        // A session that marks two more and waits on its stdin.
        let session = try await RunningProcess(executable: TestPaths.explorer,
                                               arguments: ["--data-dir", data, "-c", "use starships; fav 2; fav 3", "-"],
                                               environment: sandbox.environment)
        var count = ""
        for _ in 0..<300 where count != "3\n" {
            let read = try await ChildProcess.run(executable: TestPaths.sqlite3, arguments: ["-readonly", data + "/explorer.sqlite", "select count(*) from favourite;"],
                                                  environment: sandbox.environment, timeout: 30)
            count = read.stdoutText
            if count != "3\n" { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(count == "3\n", "the session marked two more")
        try FileManager.default.copyItem(atPath: sandbox.file("backup.sqlite").path, toPath: data + "/restored.tmp")
        #expect(rename(data + "/restored.tmp", data + "/explorer.sqlite") == 0)
        session.closeStdin()
        #expect(await session.exitStatus() == 0)
        #expect(session.stderrSoFar == "warning: \(data)/explorer.sqlite was replaced while explorer ran (a backup restored?): the new file is left as it is, and what this session changed stayed with the one it replaced\n")

        let check = try await ChildProcess.run(executable: TestPaths.sqlite3, arguments: [data + "/explorer.sqlite", "pragma integrity_check;", "select count(*) from favourite;"],
                                               environment: sandbox.environment, timeout: 30)
        #expect(check.stdoutText == "ok\n1\n", "the backup, sound, with its one favourite: \(check.stdoutText) \(check.stderrText)")
        let next = try await Explorer.run(["-c", "favs all"], in: sandbox)
        #expect(next.stderrText == "" && next.status == 0)
        #expect(next.stdoutText.contains("CR90 corvette") && !next.stdoutText.contains("Star Destroyer"))
    }

    @Test("a database file that cannot be written is only read: no log or index made beside it, the stamp left as it was")
    func readOnlyFileIsOnlyRead() async throws {
        let sandbox = try Sandbox("read-only-file")
        let data = URL(fileURLWithPath: sandbox.dataDirectory)
        let file = data.appendingPathComponent("explorer.sqlite")
        #expect(try await Explorer.run(["-c", "use starships; fav 1"], in: sandbox).status == 0)
        let names = Self.listing(data)
        let stamp = try Data(contentsOf: data.appendingPathComponent("explorer.sqlite-checked"))
        try ReadOnlyFolder.makeFile(file)
        defer { ReadOnlyFolder.undoFile(file) }

        let output = try await Explorer.run(["-c", "use starships; fav 2; favs all"], in: sandbox)
        #expect(output.stdoutText.contains(" 1  ★  CR90 corvette"), "its favourites read: \(output.stdoutText)")
        #expect(output.stderrText == "error: -c:2: favourites database \(file.path): cannot write it: the file is read-only\n")
        #expect(Self.listing(data) == names, "nothing made beside it")
        #expect(try Data(contentsOf: data.appendingPathComponent("explorer.sqlite-checked")) == stamp)

        ReadOnlyFolder.undoFile(file)
        let writable = try await Explorer.run(["-c", "use starships; fav 2"], in: sandbox)
        #expect(writable.status == 0 && writable.stderrText == "", "writable again, it takes a toggle: \(writable.stderrText)")
    }

    @Test("an empty database file is said, once, as it is made a new one")
    func emptyFileIsSaid() async throws {
        let sandbox = try Sandbox("empty-database")
        try FileManager.default.createDirectory(atPath: sandbox.dataDirectory, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: sandbox.dataDirectory + "/explorer.sqlite", contents: Data()))
        // Left empty a while ago (one made in the last seconds is another explorer's, being made).
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)],
                                              ofItemAtPath: sandbox.dataDirectory + "/explorer.sqlite")
        let output = try await Explorer.run([], script: "use starships\nfav 1\nfavs all\n", in: sandbox)
        #expect(output.status == 0)
        #expect(output.stderrText == "warning: \(sandbox.dataDirectory)/explorer.sqlite was an empty file (0 bytes): the favourites it held, if any, are gone; a new database is made in its place\n")
        #expect(output.stdoutText.contains("CR90 corvette is now a favourite"))
    }

    @Test func soundDatabaseStarsItsFavouritesWithoutAWord() async throws {
        let sandbox = try Sandbox("damaged-none")
        _ = try await Explorer.run([], script: "use characters\n" + (1...60).map { "fav \($0)\n" }.joined(), in: sandbox)
        let listed = try await Explorer.run([], script: "use characters\n", in: sandbox)
        #expect(listed.status == 0)
        #expect(listed.stderrText == "")
        #expect(listed.stdoutText.split(separator: "\n").filter { $0.range(of: #"^ *[0-9]+  ★"#, options: .regularExpression) != nil }.count == 60)
    }

    /// A run that used the database and found it sound leaves a stamp of the state it left it
    /// in, so the next run need not read it whole; a run that never opened it leaves the stamp be.
    @Test func aSoundRunLeavesAStampOfTheFilesItLeft() async throws {
        let sandbox = try Sandbox("stamped")
        let data = URL(fileURLWithPath: sandbox.dataDirectory)
        let stamp = data.appendingPathComponent("explorer.sqlite-checked")
        let marking = try await Explorer.run([], script: "use characters\nfav 1\nfav 2\n", in: sandbox)
        #expect(marking.status == 0)
        let written = try String(contentsOf: stamp, encoding: .utf8)
        let lines = written.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3 && lines[0] == "explorer: the database as a sound run left it (v1)", "\(written)")
        #expect(lines.count == 3 && lines[1].split(separator: " ").count == 6, "the file: inode, size, mtime and ctime")
        #expect(Self.statLine(data.appendingPathComponent("explorer.sqlite")) == lines.dropFirst().first.map(String.init))

        _ = try await Explorer.run(["-c", "quit"], in: sandbox)
        #expect(try String(contentsOf: stamp, encoding: .utf8) == written, "never opened: the stamp stays")
        let listed = try await Explorer.run([], script: "use characters\nfavs\n", in: sandbox)
        #expect(listed.status == 0)
        #expect(listed.stdoutText.contains("Luke Skywalker") && listed.stderrText == "")
        #expect(Self.statLine(data.appendingPathComponent("explorer.sqlite"))
                == (try String(contentsOf: stamp, encoding: .utf8)).split(separator: "\n").dropFirst().first.map(String.init))
    }

    /// A run that only reads the favourites writes nothing: not the database file, not a log
    /// left behind, not the stamp (until now every run wrote the file, and synced it at exit).
    @Test func aRunThatOnlyReadsWritesNothing() async throws {
        let sandbox = try Sandbox("reads-only")
        let data = URL(fileURLWithPath: sandbox.dataDirectory)
        let marking = try await Explorer.run([], script: "use starships\nfav 5\n", in: sandbox)
        #expect(marking.status == 0)
        let files = ["explorer.sqlite", "explorer.sqlite-checked"].map { data.appendingPathComponent($0) }
        let before = files.map(Self.statLine)
        let bytesBefore = Self.bytes(in: data)

        for script in ["use starships\n", "use characters\nfavs\n", "favs all\n"] {
            let listed = try await Explorer.run([], script: script, in: sandbox)
            #expect(listed.status == 0 && listed.stderrText == "", "\(listed.stderrText)")
        }
        #expect(files.map(Self.statLine) == before, "inode, size, mtime and ctime of the file and the stamp unchanged")
        #expect(Self.bytes(in: data) == bytesBefore, "the same bytes, and no log left")
    }

    /// `inode size mtime-s mtime-ns ctime-s ctime-ns` of `file`, as a stamp writes them.
    static func statLine(_ file: URL) -> String? {
        var info = stat()
        guard stat(file.path, &info) == 0 else { return nil }
        return [Int(info.st_ino), Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec),
                Int(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec)].map(String.init).joined(separator: " ")
    }

    /// The database file's bytes and its log's (nil when there is none or it is empty: any
    /// reader of a database in WAL mode makes an empty one).
    static func bytes(in data: URL) -> [Data?] {
        ["explorer.sqlite", "explorer.sqlite-wal"].map { name in
            (try? Data(contentsOf: data.appendingPathComponent(name))).flatMap { $0.isEmpty ? nil : $0 }
        }
    }

    /// Every name in `data`, with its size.
    static func listing(_ data: URL) -> [String] {
        // Not the stamp a sound run leaves (explorer.sqlite-checked): finding damage removes it.
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: data.path)) ?? []).filter { !$0.hasSuffix("-checked") }
        return names.sorted().map { name in
            let size = (try? FileManager.default.attributesOfItem(atPath: data.appendingPathComponent(name).path)[.size] as? Int) ?? -1
            return "\(name) \(size)"
        }
    }

    static func overwrite(_ file: URL, at offset: Int, count: Int) throws {
        var bytes = try Data(contentsOf: file)
        bytes.replaceSubrange(offset..<offset + count, with: (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
        try bytes.write(to: file)
    }

    /// Marks more favourites in `data`, then copies the file and its log to `snapshot` while
    /// the database is still open: what a crash leaves. The database is closed on return.
    static func markMoreAndCopyWhileOpen(_ data: URL, to snapshot: URL) throws {
        try FileManager.default.createDirectory(at: snapshot, withIntermediateDirectories: true)
        let database = AppDatabase(directory: data)
        let store = FavouritesStore(database: database)
        for id in 61...82 { try store.toggle(feature: "characters", itemID: "\(id)", title: "Character \(id)") }
        for name in ["explorer.sqlite", "explorer.sqlite-wal"] {
            try FileManager.default.copyItem(at: data.appendingPathComponent(name), to: snapshot.appendingPathComponent(name))
        }
        withExtendedLifetime(database) {}
    }

    static func damage(_ damage: Damage, data: URL, sandbox: Sandbox) throws {
        let file = data.appendingPathComponent("explorer.sqlite")
        let size = try Data(contentsOf: file).count
        switch damage {
        case .header:
            try overwrite(file, at: 0, count: 100)
        case .page:
            try overwrite(file, at: size / 2, count: 200)
        case .truncation:
            try Data(contentsOf: file).prefix(size / 2).write(to: file)
        case .log, .logSalt:
            let snapshot = sandbox.file("snapshot")
            try markMoreAndCopyWhileOpen(data, to: snapshot)
            try FileManager.default.removeItem(at: data)
            try FileManager.default.moveItem(at: snapshot, to: data)
            let log = data.appendingPathComponent("explorer.sqlite-wal")
            if damage == .log {
                try overwrite(log, at: try Data(contentsOf: log).count / 2, count: 200)
            } else {
                try overwrite(log, at: 32 + 8, count: 4)
            }
        }
    }
}
