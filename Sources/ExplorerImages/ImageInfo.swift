import ExplorerText
import Foundation

/// What an image file is, read from its header bytes alone (no image library): PNG, JPEG,
/// GIF or WebP, and its size in pixels. Anything else is not an image.
public struct ImageInfo: Sendable, Equatable {
    public var format: ImageFormat
    public var width: Int
    public var height: Int
    public var byteCount: Int

    public init(format: ImageFormat, width: Int, height: Int, byteCount: Int) {
        self.format = format
        self.width = width
        self.height = height
        self.byteCount = byteCount
    }

    /// `640×480 JPEG 34 KB`.
    public var description: String {
        "\(width)×\(height) \(format.rawValue) \(ReadableNumber.bytes(byteCount))"
    }

    /// The image `data` holds, or nil when it is not one of the four formats (or is cut short
    /// before its size).
    public init?(_ data: Data) {
        let bytes = [UInt8](data.prefix(64 * 1024))
        let count = data.count
        func u16be(_ at: Int) -> Int? { at + 1 < bytes.count ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : nil }
        func u16le(_ at: Int) -> Int? { at + 1 < bytes.count ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : nil }
        func u24le(_ at: Int) -> Int? { at + 2 < bytes.count ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 : nil }
        func u32be(_ at: Int) -> Int? {
            at + 3 < bytes.count ? Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) : nil
        }
        func ascii(_ at: Int, _ text: String) -> Bool {
            let expected = Array(text.utf8)
            return at + expected.count <= bytes.count && Array(bytes[at..<at + expected.count]) == expected
        }

        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            guard ascii(12, "IHDR"), let width = u32be(16), let height = u32be(20) else { return nil }
            self.init(format: .png, width: width, height: height, byteCount: count)
        } else if ascii(0, "GIF87a") || ascii(0, "GIF89a") {
            guard let width = u16le(6), let height = u16le(8) else { return nil }
            self.init(format: .gif, width: width, height: height, byteCount: count)
        } else if bytes.starts(with: [0xFF, 0xD8]) {
            // Segments follow the start marker, each skipped by its length (over the whole
            // file: a camera's metadata can pass 64 KB); a start-of-frame (SOF0–SOF15 but DHT,
            // JPG and DAC) holds the height, then the width.
            let all = [UInt8](data)
            func word(_ at: Int) -> Int? { at + 1 < all.count ? Int(all[at]) << 8 | Int(all[at + 1]) : nil }
            var at = 2
            while at + 3 < all.count {
                guard all[at] == 0xFF else { return nil }
                let marker = all[at + 1]
                if marker == 0xFF { at += 1; continue }
                if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { at += 2; continue }
                guard let length = word(at + 2) else { return nil }
                if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                    guard let height = word(at + 5), let width = word(at + 7) else { return nil }
                    self.init(format: .jpeg, width: width, height: height, byteCount: count)
                    return
                }
                at += 2 + length
            }
            return nil
        } else if ascii(0, "RIFF"), ascii(8, "WEBP") {
            if ascii(12, "VP8 "), let width = u16le(26), let height = u16le(28) {
                self.init(format: .webp, width: width & 0x3FFF, height: height & 0x3FFF, byteCount: count)
            } else if ascii(12, "VP8L"), bytes.count > 24, bytes[20] == 0x2F {
                let b1 = Int(bytes[21]), b2 = Int(bytes[22]), b3 = Int(bytes[23]), b4 = Int(bytes[24])
                let width = 1 + (b1 | (b2 & 0x3F) << 8)
                let height = 1 + ((b2 >> 6) | b3 << 2 | (b4 & 0x0F) << 10)
                self.init(format: .webp, width: width, height: height, byteCount: count)
            } else if ascii(12, "VP8X"), let width = u24le(24), let height = u24le(27) {
                self.init(format: .webp, width: width + 1, height: height + 1, byteCount: count)
            } else {
                return nil
            }
        } else {
            return nil
        }
    }
}
