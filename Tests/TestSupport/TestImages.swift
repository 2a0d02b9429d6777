import Foundation

/// The smallest byte sequences that read as images of a given size (headers and a little
/// padding: what explorer reads, not pictures a viewer could draw).
public enum TestImages {
    public static func png(width: Int, height: Int) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
        data += Data("IHDR".utf8) + bigEndian32(width) + bigEndian32(height) + Data([8, 2, 0, 0, 0, 0, 0, 0, 0])
        return data + Data(repeating: 0, count: 200)
    }

    public static func jpeg(width: Int, height: Int) -> Data {
        var data = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]) + Data("JFIF".utf8) + Data([0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
        data += Data([0xFF, 0xC0, 0x00, 0x11, 0x08]) + bigEndian16(height) + bigEndian16(width)
        data += Data([0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01])
        return data + Data(repeating: 0, count: 3000)
    }

    public static func gif(width: Int, height: Int) -> Data {
        Data("GIF89a".utf8) + littleEndian16(width) + littleEndian16(height) + Data(repeating: 0, count: 100)
    }

    private static func bigEndian32(_ value: Int) -> Data {
        Data([UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }

    private static func bigEndian16(_ value: Int) -> Data { Data([UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]) }
    private static func littleEndian16(_ value: Int) -> Data { Data([UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)]) }
}
