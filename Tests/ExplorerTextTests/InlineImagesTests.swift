import Foundation
import Testing
import TestSupport
@testable import ExplorerText

/// Which terminals draw images inline, and the escape sequences that draw them.
@Suite("InlineImages")
struct InlineImagesTests {
    private static let esc = "\u{1B}"

    /// `count` bytes that are not all the same, so every base64 chunk differs.
    private static func bytes(_ count: Int) -> Data {
        Data((0 ..< count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 / 251) })
    }

    private static func write(_ data: Data, in directory: TemporaryDirectory, as name: String = "image.png") throws -> String {
        let file = directory.file(name)
        try data.write(to: file)
        return file.path
    }

    /// The kitty sequences of a drawing, split apart: each one's control data and payload.
    private static func kittyChunks(_ drawn: String) -> [(control: String, payload: String)] {
        drawn.components(separatedBy: "\(esc)\\").dropLast().map { sequence in
            #expect(sequence.hasPrefix("\(esc)_G"))
            let body = sequence.dropFirst(3)
            let parts = body.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
    }

    // MARK: Detection

    @Test(arguments: [
        (["KITTY_WINDOW_ID": "1"], InlineImages.kitty),
        (["TERM": "xterm-kitty"], .kitty),
        (["TERM": "xterm-kitty", "TERM_PROGRAM": "iTerm.app"], .kitty),
        (["KITTY_WINDOW_ID": "3", "LC_TERMINAL": "iTerm2"], .kitty),
        (["TERM_PROGRAM": "iTerm.app"], .iterm),
        (["TERM_PROGRAM": "WezTerm"], .iterm),
        (["LC_TERMINAL": "iTerm2", "TERM": "xterm-256color"], .iterm),
    ] as [([String: String], InlineImages)])
    func theEnvironmentNamesATerminalThatDrawsImages(environment: [String: String], expected: InlineImages) {
        #expect(InlineImages.detected(in: environment) == expected)
    }

    @Test(arguments: [
        [:],
        ["TERM": "xterm-256color"],
        ["TERM_PROGRAM": "Apple_Terminal", "TERM": "xterm-256color"],
        ["TERM_PROGRAM": "vscode"],
        ["TERM": "kitty"],
        ["TERM_PROGRAM": "iterm.app"],
        ["LC_TERMINAL": "iTerm"],
    ] as [[String: String]])
    func otherTerminalsDrawNoImages(environment: [String: String]) {
        #expect(InlineImages.detected(in: environment) == nil)
    }

    // MARK: kitty

    @Test func kittyDrawsASmallPNGInOneSequence() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let file = try Self.write(Data("tiny png".utf8), in: directory)
        #expect(InlineImages.kitty.draw(file: file, format: .png) == "\(Self.esc)_Gf=100,a=T,m=0;dGlueSBwbmc=\(Self.esc)\\")
    }

    @Test func kittyFitsExactly4096Base64CharactersInOneSequence() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let data = Self.bytes(3072)
        let file = try Self.write(data, in: directory)

        let drawn = try #require(InlineImages.kitty.draw(file: file, format: .png))

        #expect(drawn == "\(Self.esc)_Gf=100,a=T,m=0;\(data.base64EncodedString())\(Self.esc)\\")
        #expect(data.base64EncodedString().count == 4096)
    }

    @Test func kittySendsALargerPNGIn4096CharacterChunksMoreFlaggedOnAllButTheLast() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let data = Self.bytes(6145)  // 8196 base64 characters: 4096 + 4096 + 4
        let file = try Self.write(data, in: directory)
        let encoded = Array(data.base64EncodedString())

        let drawn = try #require(InlineImages.kitty.draw(file: file, format: .png))

        let chunks = Self.kittyChunks(drawn)
        #expect(chunks.map(\.control) == ["f=100,a=T,m=1", "m=1", "m=0"])
        #expect(chunks.map(\.payload.count) == [4096, 4096, 4])
        #expect(chunks.map(\.payload) == [String(encoded[0 ..< 4096]), String(encoded[4096 ..< 8192]), String(encoded[8192...])])
        #expect(Data(base64Encoded: chunks.map(\.payload).joined()) == data)
        #expect(drawn == chunks.map { "\(Self.esc)_G\($0.control);\($0.payload)\(Self.esc)\\" }.joined())
    }

    @Test func kittyChunksJustPastOneChunk() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let data = Self.bytes(3073)  // 4100 base64 characters
        let file = try Self.write(data, in: directory)

        let chunks = Self.kittyChunks(try #require(InlineImages.kitty.draw(file: file, format: .png)))

        #expect(chunks.map(\.control) == ["f=100,a=T,m=1", "m=0"])
        #expect(chunks.map(\.payload.count) == [4096, 4])
    }

    @Test(arguments: [ImageFormat.jpeg, .gif, .webp])
    func kittyDrawsOnlyPNG(format: ImageFormat) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let file = try Self.write(Data("not a png".utf8), in: directory, as: "image.img")
        #expect(InlineImages.kitty.draw(file: file, format: format) == nil)
    }

    // MARK: iTerm2

    @Test(arguments: ImageFormat.allCases)
    func itermDrawsAnyFormatInOneSequenceWithItsSize(format: ImageFormat) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let file = try Self.write(Data("tiny png".utf8), in: directory)
        #expect(InlineImages.iterm.draw(file: file, format: format)
                == "\(Self.esc)]1337;File=inline=1;size=8;preserveAspectRatio=1:dGlueSBwbmc=\u{07}")
    }

    @Test func itermSendsALargeImageWhole() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let data = Self.bytes(10_000)
        let file = try Self.write(data, in: directory, as: "photo.jpg")
        #expect(InlineImages.iterm.draw(file: file, format: .jpeg)
                == "\(Self.esc)]1337;File=inline=1;size=10000;preserveAspectRatio=1:\(data.base64EncodedString())\u{07}")
    }

    // MARK: Nothing to draw

    @Test(arguments: ImageFormat.allCases)
    func offDrawsNothing(format: ImageFormat) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let file = try Self.write(Data("tiny png".utf8), in: directory)
        #expect(InlineImages.off.draw(file: file, format: format) == nil)
    }

    @Test(arguments: [InlineImages.kitty, .iterm])
    func aMissingOrEmptyFileDrawsNothing(images: InlineImages) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        #expect(images.draw(file: directory.file("missing.png").path, format: .png) == nil)
        let empty = try Self.write(Data(), in: directory, as: "empty.png")
        #expect(images.draw(file: empty, format: .png) == nil)
    }
}
