import Foundation

/// What stands in for an image the embedded data does not hold (a poster, a fact's picture): a
/// small grey PNG with diagonal stripes, made here, so that `poster`, `view` and images drawn in
/// the terminal work offline end to end without shipping images — as a generated tone stands in
/// for a preview's audio. Screens and JSON say it is a stand-in; it is kept apart from the image
/// cache, so a live session never takes it for the real image.
public enum StandInImage {
    public static let width = 60
    public static let height = 90

    /// The PNG: 8-bit greyscale, its pixels in stored (uncompressed) deflate blocks.
    public static let png: Data = {
        var pixels: [UInt8] = []
        pixels.reserveCapacity((width + 1) * height)
        for y in 0..<height {
            pixels.append(0)  // filter: none
            for x in 0..<width {
                let border = x < 2 || y < 2 || x >= width - 2 || y >= height - 2
                pixels.append(border ? 0x80 : ((x + y) / 6) % 2 == 0 ? 0xC8 : 0xE4)
            }
        }
        var header = Data()
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header.append(contentsOf: [8, 0, 0, 0, 0])  // 8 bits, greyscale, deflate, no filter choice, not interlaced
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        png.appendChunk("IHDR", header)
        png.appendChunk("IDAT", zlibStored(pixels))
        png.appendChunk("IEND", Data())
        return png
    }()

    /// The size and format of ``png``, as a list shows an image.
    public static var info: ImageInfo {
        ImageInfo(format: .png, width: width, height: height, byteCount: png.count)
    }

    /// The stand-in's file, `stand-in.png` in `directory` (written once, atomically), for the
    /// programs that open images and for inline drawing.
    public static func file(in directory: URL) throws -> URL {
        let file = directory.appendingPathComponent("stand-in.png")
        if FileManager.default.contents(atPath: file.path) == png { return file }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try png.write(to: file, options: .atomic)
        return file
    }

    /// `bytes` as a zlib stream of stored deflate blocks (no compression: the image is small).
    static func zlibStored(_ bytes: [UInt8]) -> Data {
        var out = Data([0x78, 0x01])
        var start = 0
        repeat {
            let end = min(start + 65_535, bytes.count)
            let length = UInt16(end - start)
            out.append(end == bytes.count ? 1 : 0)
            out.append(contentsOf: [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)])
            out.append(contentsOf: bytes[start..<end])
            start = end
        } while start < bytes.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        out.appendBigEndian(b << 16 | a)
        return out
    }

    /// The CRC-32 of PNG chunks (and zip, gzip).
    static func crc32<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

private extension Data {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }

    /// A PNG chunk: length, type, data, and the CRC of type and data.
    mutating func appendChunk(_ type: String, _ data: Data) {
        appendBigEndian(UInt32(data.count))
        let typed = Data(type.utf8) + data
        append(typed)
        appendBigEndian(StandInImage.crc32(typed))
    }
}
