import Foundation
import TestSupport
import Testing

/// The database on a disk that is full: reading needs no space, so what is kept still shows and
/// lists; a toggle fails in one line; nothing is left beside the file. On a real tmpfs filled up.
@Suite("A full disk", .enabled(if: SmallFileSystem.canMount, "needs root and the right to mount a tmpfs"))
struct FullDiskTests {
    @Test("favs all and the lists read; fav fails in one line; no log or index is left beside the file")
    func readingNeedsNoSpace() async throws {
        let sandbox = try Sandbox("full-disk")
        let marked = try await Explorer.run(["--data-dir", sandbox.file("made").path, "-c", "use starships; fav 1; fav 2"], in: sandbox)
        #expect(marked.status == 0)
        let disk = try SmallFileSystem(at: sandbox.file("disk"), kilobytes: 400)
        let data = disk.path + "/data"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: sandbox.file("made/explorer.sqlite").path, toPath: data + "/explorer.sqlite")
        disk.fill()

        let output = try await Explorer.run(["--data-dir", data, "-c", "favs all", "-c", "use starships", "-c", "fav 3"], in: sandbox)
        #expect(output.stdoutText.contains("CR90 corvette") && output.stdoutText.contains("Star Destroyer"), "\(output.stdoutText)")
        #expect(output.stdoutText.contains(" 1  ★  CR90 corvette"), "the list stars what is kept")
        #expect(output.stderrText == "error: -c:3: favourites database \(data)/explorer.sqlite: cannot write it: the disk is full\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: data).sorted() == ["explorer.sqlite"], "nothing left beside it")
        withExtendedLifetime(disk) {}
    }
}
