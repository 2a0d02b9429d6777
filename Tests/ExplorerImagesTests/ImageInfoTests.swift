import ExplorerImages
import Foundation
import Testing
import TestSupport
@testable import ExplorerCore
@testable import ExplorerImages

/// Minimal headers of each format, built byte by byte as their specifications lay them out.
private enum Header {
    static func u16be(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    static func u16le(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    static func u24le(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF)] }
    static func u32be(_ value: Int) -> [UInt8] { u16be(value >> 16) + u16be(value & 0xFFFF) }
    static func u32le(_ value: Int) -> [UInt8] { u16le(value & 0xFFFF) + u16le(value >> 16) }
    static func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The signature and the IHDR chunk (8-bit RGBA), with a made-up CRC: 33 bytes.
    static func png(width: Int, height: Int) -> [UInt8] {
        pngSignature + u32be(13) + ascii("IHDR") + u32be(width) + u32be(height) + [8, 6, 0, 0, 0] + [0xDE, 0xAD, 0xBE, 0xEF]
    }

    /// The header and the logical screen descriptor: 13 bytes.
    static func gif(_ version: String = "89a", width: Int, height: Int) -> [UInt8] {
        ascii("GIF" + version) + u16le(width) + u16le(height) + [0xF7, 0x00, 0x00]
    }

    /// `FF marker`, the length (which counts itself), the payload.
    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, marker] + u16be(payload.count + 2) + payload
    }

    static let soi: [UInt8] = [0xFF, 0xD8]
    static let app0 = segment(0xE0, ascii("JFIF") + [0x00, 0x01, 0x02, 0x00, 0x00, 0x48, 0x00, 0x48, 0x00, 0x00])
    static let dqt = segment(0xDB, [0x00] + [UInt8](repeating: 0x10, count: 64))
    static let exif = segment(0xE1, ascii("Exif") + [0x00, 0x00, 0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08])
    static let comment = segment(0xFE, ascii("made by hand"))
    /// Payload bytes that would read as a 772×258 frame if the segment were taken for one.
    static let decoy: [UInt8] = [0x08, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09]

    /// A start-of-frame segment: precision, height, width, three components.
    static func frame(_ marker: UInt8 = 0xC0, width: Int, height: Int) -> [UInt8] {
        segment(marker, [0x08] + u16be(height) + u16be(width) + [0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01])
    }

    static func riff(_ chunk: String, _ payload: [UInt8]) -> [UInt8] {
        let body = ascii("WEBP") + ascii(chunk) + u32le(payload.count) + payload
        return ascii("RIFF") + u32le(body.count) + body
    }

    /// Lossy: the frame tag, the start code, then 14-bit sizes whose top two bits are a scale.
    static func vp8(width: Int, height: Int, widthScale: Int = 0, heightScale: Int = 0) -> [UInt8] {
        riff("VP8 ", [0x30, 0x01, 0x00, 0x9D, 0x01, 0x2A] + u16le(width | widthScale << 14) + u16le(height | heightScale << 14)
            + [0x00, 0x00])
    }

    /// Lossless: the signature 0x2F, then width − 1 and height − 1 in 14 bits each, the alpha
    /// bit and a 3-bit version, little-endian.
    static func vp8l(width: Int, height: Int, alpha: Bool = true) -> [UInt8] {
        let bits = (width - 1) | (height - 1) << 14 | (alpha ? 1 << 28 : 0)
        return riff("VP8L", [0x2F] + u32le(bits) + [0x00, 0x00, 0x00])
    }

    /// Extended: flags, three reserved bytes, then canvas width − 1 and height − 1 in 24 bits each.
    static func vp8x(width: Int, height: Int) -> [UInt8] {
        riff("VP8X", [0x10, 0x00, 0x00, 0x00] + u24le(width - 1) + u24le(height - 1))
    }
}

/// Format and pixel size read from the first bytes of a file, without an image library.
@Suite("ImageInfo")
struct ImageInfoTests {
    private static func info(_ bytes: [UInt8]) -> ImageInfo? {
        ImageInfo(Data(bytes))
    }

    // MARK: PNG

    @Test func pngSizeComesFromTheIHDRChunk() {
        let bytes = Header.png(width: 128, height: 96)
        #expect(Self.info(bytes) == ImageInfo(format: .png, width: 128, height: 96, byteCount: 33))
    }

    @Test func pngSizesUseAllFourBytes() {
        #expect(Self.info(Header.png(width: 70_000, height: 1)) == ImageInfo(format: .png, width: 70_000, height: 1, byteCount: 33))
    }

    @Test func pngCutShortBeforeTheHeightIsNotAnImage() {
        let bytes = Header.png(width: 128, height: 96)
        #expect(Self.info(Array(bytes.prefix(24))) == ImageInfo(format: .png, width: 128, height: 96, byteCount: 24))
        #expect(Self.info(Array(bytes.prefix(23))) == nil)
        #expect(Self.info(Array(bytes.prefix(16))) == nil)
        #expect(Self.info(Header.pngSignature) == nil)
    }

    @Test func pngWhoseFirstChunkIsNotIHDRIsNotAnImage() {
        let bytes = Header.pngSignature + Header.u32be(13) + Header.ascii("IDAT") + Header.u32be(128) + Header.u32be(96) + [8, 6, 0, 0, 0]
        #expect(Self.info(bytes) == nil)
    }

    // MARK: GIF

    @Test(arguments: ["87a", "89a"])
    func gifSizeComesFromTheLogicalScreen(version: String) {
        #expect(Self.info(Header.gif(version, width: 500, height: 258)) == ImageInfo(format: .gif, width: 500, height: 258, byteCount: 13))
    }

    @Test func gifCutShortBeforeTheHeightIsNotAnImage() {
        let bytes = Header.gif(width: 500, height: 258)
        #expect(Self.info(Array(bytes.prefix(10))) == ImageInfo(format: .gif, width: 500, height: 258, byteCount: 10))
        #expect(Self.info(Array(bytes.prefix(9))) == nil)
        #expect(Self.info(Array(bytes.prefix(6))) == nil)
    }

    @Test func anUnknownGIFVersionIsNotAnImage() {
        #expect(Self.info(Header.gif("88a", width: 500, height: 258)) == nil)
    }

    // MARK: JPEG

    @Test func baselineJPEGSizeComesFromTheStartOfFrameAfterTheOtherSegments() {
        let bytes = Header.soi + Header.app0 + Header.dqt + Header.frame(0xC0, width: 640, height: 480)
        #expect(Self.info(bytes) == ImageInfo(format: .jpeg, width: 640, height: 480, byteCount: bytes.count))
    }

    @Test func progressiveJPEGSizeComesFromSOF2() {
        let bytes = Header.soi + Header.app0 + Header.dqt + Header.frame(0xC2, width: 1920, height: 1080)
        #expect(Self.info(bytes) == ImageInfo(format: .jpeg, width: 1920, height: 1080, byteCount: bytes.count))
    }

    @Test func appSegmentsCommentsAndFillBytesBeforeTheFrameAreSkipped() {
        let bytes = Header.soi + Header.exif + Header.comment + Header.app0 + [0xFF, 0xFF, 0xFF]
            + Header.dqt + [0xFF] + Header.frame(0xC0, width: 300, height: 200)
        #expect(Self.info(bytes) == ImageInfo(format: .jpeg, width: 300, height: 200, byteCount: bytes.count))
    }

    @Test func standaloneMarkersBeforeTheFrameAreSkipped() {
        let bytes = Header.soi + [0xFF, 0x01] + [0xFF, 0xD0] + Header.app0 + Header.frame(0xC0, width: 16, height: 9)
        #expect(Self.info(bytes) == ImageInfo(format: .jpeg, width: 16, height: 9, byteCount: bytes.count))
    }

    @Test(arguments: [0xC4, 0xC8, 0xCC] as [UInt8])
    func huffmanJPGAndArithmeticMarkersAreNotFrames(marker: UInt8) {
        let bytes = Header.soi + Header.app0 + Header.segment(marker, Header.decoy) + Header.frame(0xC0, width: 640, height: 480)
        #expect(Self.info(bytes) == ImageInfo(format: .jpeg, width: 640, height: 480, byteCount: bytes.count))
    }

    @Test(arguments: [0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF] as [UInt8])
    func everyStartOfFrameMarkerGivesTheSize(marker: UInt8) {
        let bytes = Header.soi + Header.frame(marker, width: 1024, height: 768)
        #expect(Self.info(bytes) == ImageInfo(format: .jpeg, width: 1024, height: 768, byteCount: bytes.count))
    }

    @Test func jpegWithoutAFrameIsNotAnImage() {
        #expect(Self.info(Header.soi) == nil)
        #expect(Self.info(Header.soi + Header.app0 + Header.dqt) == nil)
    }

    @Test func jpegCutShortInsideTheFrameIsNotAnImage() {
        let whole = Header.soi + Header.app0 + Header.frame(0xC0, width: 640, height: 480)
        let frameStart = Header.soi.count + Header.app0.count
        // The width's second byte is at frameStart + 8.
        #expect(Self.info(Array(whole.prefix(frameStart + 9))) == ImageInfo(format: .jpeg, width: 640, height: 480, byteCount: frameStart + 9))
        #expect(Self.info(Array(whole.prefix(frameStart + 8))) == nil)
        #expect(Self.info(Array(whole.prefix(frameStart + 4))) == nil)
    }

    @Test func jpegWithASegmentRunningPastTheEndIsNotAnImage() {
        let bytes = Header.soi + [0xFF, 0xE0, 0x40, 0x00] + Header.ascii("JFIF")
        #expect(Self.info(bytes) == nil)
    }

    @Test func jpegWithSomethingOtherThanAMarkerBetweenSegmentsIsNotAnImage() {
        let bytes = Header.soi + Header.app0 + [0x00, 0x00] + Header.frame(0xC0, width: 640, height: 480)
        #expect(Self.info(bytes) == nil)
    }

    // MARK: WebP

    @Test func lossyWebPSizeComesFromTheVP8FrameWithoutItsScaleBits() {
        #expect(Self.info(Header.vp8(width: 550, height: 368)) == ImageInfo(format: .webp, width: 550, height: 368, byteCount: 32))
        #expect(Self.info(Header.vp8(width: 550, height: 368, widthScale: 3, heightScale: 1))
                == ImageInfo(format: .webp, width: 550, height: 368, byteCount: 32))
    }

    @Test func losslessWebPSizeComesFromTheVP8LBitfield() {
        #expect(Self.info(Header.vp8l(width: 400, height: 301)) == ImageInfo(format: .webp, width: 400, height: 301, byteCount: 28))
        #expect(Self.info(Header.vp8l(width: 1, height: 1, alpha: false)) == ImageInfo(format: .webp, width: 1, height: 1, byteCount: 28))
        #expect(Self.info(Header.vp8l(width: 16384, height: 16384)) == ImageInfo(format: .webp, width: 16384, height: 16384, byteCount: 28))
    }

    @Test func extendedWebPSizeComesFromTheVP8XCanvas() {
        #expect(Self.info(Header.vp8x(width: 1024, height: 768)) == ImageInfo(format: .webp, width: 1024, height: 768, byteCount: 30))
        #expect(Self.info(Header.vp8x(width: 20_000, height: 16_777_216))
                == ImageInfo(format: .webp, width: 20_000, height: 16_777_216, byteCount: 30))
    }

    @Test func webPCutShortBeforeItsSizeIsNotAnImage() {
        let vp8 = Header.vp8(width: 550, height: 368)
        #expect(Self.info(Array(vp8.prefix(30))) == ImageInfo(format: .webp, width: 550, height: 368, byteCount: 30))
        #expect(Self.info(Array(vp8.prefix(29))) == nil)
        let vp8l = Header.vp8l(width: 400, height: 301)
        #expect(Self.info(Array(vp8l.prefix(25))) == ImageInfo(format: .webp, width: 400, height: 301, byteCount: 25))
        #expect(Self.info(Array(vp8l.prefix(24))) == nil)
        let vp8x = Header.vp8x(width: 1024, height: 768)
        #expect(Self.info(Array(vp8x.prefix(29))) == nil)
        #expect(Self.info(Array(vp8x.prefix(16))) == nil)
    }

    @Test func losslessWebPWithoutItsSignatureByteIsNotAnImage() {
        var bytes = Header.vp8l(width: 400, height: 301)
        bytes[20] = 0x2E
        #expect(Self.info(bytes) == nil)
    }

    @Test func riffThatIsNotWebPOrAWebPChunkThatIsNotAFrameIsNotAnImage() {
        let wave = Header.ascii("RIFF") + Header.u32le(36) + Header.ascii("WAVEfmt ") + Header.u32le(16) + [UInt8](repeating: 1, count: 16)
        #expect(Self.info(wave) == nil)
        #expect(Self.info(Header.riff("ALPH", [UInt8](repeating: 0x40, count: 16))) == nil)
    }

    // MARK: Not images

    @Test func htmlIsNotAnImage() {
        #expect(Self.info(Header.ascii("<!DOCTYPE html>\n<html><head><title>404 Not Found</title></head></html>\n")) == nil)
    }

    @Test func nothingIsNotAnImage() {
        #expect(ImageInfo(Data()) == nil)
    }

    @Test func arbitraryBytesAreNotAnImage() {
        let bytes = (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        #expect(Self.info(bytes) == nil)
        #expect(Self.info(Header.ascii("%PDF-1.7\n%\u{E2}\u{E3}\u{CF}\u{D3}")) == nil)
        #expect(Self.info([0x89, 0x50, 0x4E]) == nil)
        #expect(Self.info([0xFF]) == nil)
    }

    // MARK: Size in bytes and description

    @Test func theByteCountIsTheWholeDataEvenPastTheHeader() {
        let bytes = Header.png(width: 8, height: 8) + [UInt8](repeating: 0, count: 100_000 - 33)
        #expect(Self.info(bytes) == ImageInfo(format: .png, width: 8, height: 8, byteCount: 100_000))
    }

    @Test func describesSizeFormatAndReadableBytes() {
        #expect(ImageInfo(format: .jpeg, width: 640, height: 480, byteCount: 34 * 1024 + 500).description == "640×480 JPEG 34 KB")
        #expect(ImageInfo(format: .png, width: 128, height: 128, byteCount: 233).description == "128×128 PNG 233 bytes")
        #expect(ImageInfo(format: .gif, width: 1, height: 1, byteCount: 1024).description == "1×1 GIF 1 KB")
        #expect(ImageInfo(format: .webp, width: 4000, height: 3000, byteCount: 1_572_864).description == "4000×3000 WebP 1.5 MB")
        #expect(ImageInfo(format: .jpeg, width: 6000, height: 4000, byteCount: 12_345_678).description == "6000×4000 JPEG 11.8 MB")
    }

    @Test func theDescriptionOfReadBytesCountsThem() throws {
        let bytes = Header.png(width: 128, height: 128) + [UInt8](repeating: 0, count: 200)
        #expect(try #require(Self.info(bytes)).description == "128×128 PNG 233 bytes")
    }
}
