import Foundation
import Testing
import TestSupport
@testable import ExplorerCore
@testable import ExplorerShell

@MainActor
@Suite("StreamLineSource and ArgumentLineSource")
struct StreamLineSourceTests {
    /// Every input read from a temporary file holding `bytes`.
    private func inputs(_ bytes: [UInt8]) throws -> [LineInput] {
        let file = try #require(tmpfile())
        defer { fclose(file) }
        #expect(fwrite(bytes, 1, bytes.count, file) == bytes.count)
        rewind(file)
        let source = StreamLineSource(file: file)
        #expect(source.positions == .lines)
        var result: [LineInput] = []
        while let input = source.nextLine(prompt: "ignored› ") { result.append(input) }
        return result
    }

    private func inputs(_ text: String) throws -> [LineInput] {
        try inputs(Array(text.utf8))
    }

    @Test func readsNumberedLines() throws {
        #expect(try inputs("use starships\npage 2\n") == [.line("use starships", number: 1), .line("page 2", number: 2)])
    }

    @Test func lastLineNeedsNoNewline() throws {
        #expect(try inputs("a\nb") == [.line("a", number: 1), .line("b", number: 2)])
    }

    @Test func emptyInputHasNoLines() throws {
        #expect(try inputs("") == [])
    }

    @Test func blankLinesAreKept() throws {
        #expect(try inputs("\n\nx\n") == [.line("", number: 1), .line("", number: 2), .line("x", number: 3)])
    }

    @Test func crlfLineEndingsAreStripped() throws {
        #expect(try inputs("a\r\nb\r\n") == [.line("a", number: 1), .line("b", number: 2)])
    }

    @Test func unicodeIsRead() throws {
        #expect(try inputs("search 周杰倫\n") == [.line("search 周杰倫", number: 1)])
    }

    @Test func invalidUTF8IsUnusableAndTheNextLineStillCounts() throws {
        let bytes: [UInt8] = Array("ok\n".utf8) + [0x66, 0xFF, 0xFE, 0x0A] + Array("after\n".utf8)
        #expect(try inputs(bytes) == [
            .line("ok", number: 1),
            .unusable(reason: "not valid UTF-8", number: 2),
            .line("after", number: 3),
        ])
    }

    @Test func overlongLineIsUnusable() throws {
        let long = String(repeating: "x", count: 5000)
        #expect(try inputs("\(long)\nnext\n") == [
            .unusable(reason: "line too long (over 4,096 bytes)", number: 1),
            .line("next", number: 2),
        ])
    }

    /// A line is read only up to the limit: the error comes at once and the rest of the line is
    /// skipped, so a line that never ends (`explorer < /dev/zero`) is not held in memory.
    @Test func overlongLineIsReportedAtTheLimitWithoutReadingItAll() throws {
        let stream = CountingStream(prefix: 10_000_000, then: Array("\nnext\n".utf8))
        let file = try #require(stream.open())
        defer { fclose(file) }
        let source = StreamLineSource(file: file)
        #expect(source.nextLine(prompt: "") == .unusable(reason: "line too long (over 4,096 bytes)", number: 1))
        // The writer got no further than the limit, stdio's buffer and the pipe's (64 KB): the
        // 10 MB line was not read to its end before the error.
        #expect(stream.bytesWritten < 256 * 1024)
        #expect(source.nextLine(prompt: "") == .line("next", number: 2))
        #expect(source.nextLine(prompt: "") == nil)
        #expect(stream.bytesWritten == 10_000_000 + 6)
    }

    @Test func overlongLastLineWithoutNewlineEndsTheInput() throws {
        #expect(try inputs(String(repeating: "z", count: 9000)) == [.unusable(reason: "line too long (over 4,096 bytes)", number: 1)])
    }

    @Test func lineOfTheMaximumWithCRLFIsFine() throws {
        let exact = String(repeating: "w", count: 4096)
        #expect(try inputs("\(exact)\r\nnext") == [.line(exact, number: 1), .line("next", number: 2)])
    }

    @Test func lineOfExactlyTheMaximumIsFine() throws {
        #expect(LineInput.maximumLineLength == 4096)
        let exact = String(repeating: "y", count: 4096)
        #expect(try inputs("\(exact)\n") == [.line(exact, number: 1)])
        #expect(try inputs(exact + "y\n") == [.unusable(reason: "line too long (over 4,096 bytes)", number: 1)])
    }

    // MARK: ArgumentLineSource

    @Test func argumentLinesComeInOrderTheirCommandsCounted() {
        let source = ArgumentLineSource(["use starships; page 2", "open 3"])
        #expect(source.positions == .commands)
        #expect(source.nextLine(prompt: "") == .line("use starships; page 2", number: 1))
        #expect(source.nextLine(prompt: "") == .line("open 3", number: 2))
        #expect(source.nextLine(prompt: "") == nil)
        #expect(source.nextLine(prompt: "") == nil)
    }
}
