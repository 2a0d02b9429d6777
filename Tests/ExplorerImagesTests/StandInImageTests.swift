import ExplorerImages
import Foundation
import Testing
import TestSupport
@testable import ExplorerCore
@testable import ExplorerImages

/// The image that stands in for those the embedded data does not hold.
@Suite("StandInImage")
struct StandInImageTests {
    @Test func itIsASmallPNGThatSaysItsSize() {
        #expect(ImageInfo(StandInImage.png) == StandInImage.info)
        #expect(StandInImage.info.description.hasPrefix("60×90 PNG"))
        #expect(StandInImage.png.count < 8 * 1024)
    }

    @Test("a PNG reader (Python's zlib and CRC-32) finds every chunk sound and every pixel row there")
    func aPNGReaderReadsIt() async throws {
        let reader = """
            import struct, sys, zlib
            data = sys.stdin.buffer.read()
            assert data[:8] == b"\\x89PNG\\r\\n\\x1a\\n", "signature"
            at, idat, kinds = 8, b"", []
            while at < len(data):
                length, kind = struct.unpack(">I4s", data[at:at + 8])
                body = data[at + 8:at + 8 + length]
                crc, = struct.unpack(">I", data[at + 8 + length:at + 12 + length])
                assert zlib.crc32(kind + body) == crc, kind
                kinds.append(kind.decode())
                if kind == b"IHDR": width, height, depth, colour = struct.unpack(">IIBB", body[:10])
                if kind == b"IDAT": idat += body
                at += 12 + length
            pixels = zlib.decompress(idat)
            assert len(pixels) == (width + 1) * height, len(pixels)
            print(" ".join(kinds), width, height, depth, colour, len(set(pixels)) > 2)
            """
        let output = try await ChildProcess.run(executable: await TestPaths.python(), arguments: ["-c", reader], environment: [:],
                                              stdin: Array(StandInImage.png), timeout: 30)
        #expect(output.stderrText == "")
        #expect(output.stdoutText == "IHDR IDAT IEND 60 90 8 0 True\n")
    }

    @Test func theFileIsWrittenOnceBesideTheCacheNeverInIt() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = ImageCache(directory: directory.url.appendingPathComponent("cache/images"))
        let file = try cache.standInFile()
        #expect(file.path == directory.url.appendingPathComponent("cache/stand-ins/stand-in.png").path)
        #expect(FileManager.default.contents(atPath: file.path) == StandInImage.png)
        #expect(try cache.standInFile() == file)
    }
}
