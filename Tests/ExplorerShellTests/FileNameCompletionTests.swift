import Foundation
import Testing
import TestSupport
@testable import ExplorerCore
@testable import ExplorerShell

@Suite("FileNameCompletion")
struct FileNameCompletionTests {
    /// demo.txt, deep.txt, notes.md, .hidden, scripts/ (with one.txt and two.txt), and a link
    /// to scripts called linked.
    static func makeDirectory() throws -> TemporaryDirectory {
        let directory = TemporaryDirectory()
        for name in ["demo.txt", "deep.txt", "notes.md", ".hidden", "scripts/one.txt", "scripts/two.txt"] {
            let url = directory.file(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("source\n".utf8).write(to: url)
        }
        try FileManager.default.createSymbolicLink(atPath: directory.file("linked").path, withDestinationPath: "scripts")
        return directory
    }

    @Test func entriesOfTheWorkingDirectoryStartingWithWhatIsTyped() throws {
        let directory = try Self.makeDirectory()
        defer { directory.remove() }
        let here = directory.url.path

        #expect(FileNameCompletion.candidates(for: "", in: here) == ["deep.txt", "demo.txt", "linked/", "notes.md", "scripts/"])
        #expect(FileNameCompletion.candidates(for: "de", in: here) == ["deep.txt", "demo.txt"])
        #expect(FileNameCompletion.candidates(for: "dem", in: here) == ["demo.txt"])
        #expect(FileNameCompletion.candidates(for: "x", in: here) == [])
    }

    @Test func directoriesEndInASlashAndCompletionGoesOnInside() throws {
        let directory = try Self.makeDirectory()
        defer { directory.remove() }
        let here = directory.url.path

        #expect(FileNameCompletion.candidates(for: "scr", in: here) == ["scripts/"])
        #expect(FileNameCompletion.candidates(for: "scripts/", in: here) == ["scripts/one.txt", "scripts/two.txt"])
        #expect(FileNameCompletion.candidates(for: "scripts/t", in: here) == ["scripts/two.txt"])
        #expect(FileNameCompletion.candidates(for: "linked/o", in: here) == ["linked/one.txt"])
        #expect(FileNameCompletion.candidates(for: "./de", in: here) == ["./deep.txt", "./demo.txt"])
        #expect(FileNameCompletion.candidates(for: "missing/", in: here) == [])
    }

    @Test func hiddenEntriesOnlyWhenADotIsTyped() throws {
        let directory = try Self.makeDirectory()
        defer { directory.remove() }
        let here = directory.url.path

        #expect(!FileNameCompletion.candidates(for: "", in: here).contains(".hidden"))
        #expect(FileNameCompletion.candidates(for: ".h", in: here) == [".hidden"])
    }

    @Test func absolutePathsAreListedWhereTheyPoint() throws {
        let directory = try Self.makeDirectory()
        defer { directory.remove() }

        #expect(FileNameCompletion.candidates(for: directory.url.path + "/scripts/o", in: "/")
                == [directory.url.path + "/scripts/one.txt"])
    }
}
