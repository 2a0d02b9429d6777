import Foundation
import Testing
import TestSupport
@testable import ExplorerText

/// An image among a screen's blocks: drawn inline where the terminal can, left out elsewhere,
/// and named by its file in JSON.
@Suite("Screens: image blocks")
struct ScreenImageBlockTests {
    private static let esc = "\u{1B}"

    /// A screen with a PNG (holding `tiny png`, base64 `dGlueSBwbmc=`) between two lines.
    private static func screen(_ file: String, format: ImageFormat = .png) -> Screen {
        Screen(feature: "facts", kind: "detail", facts: ["row": 1],
               blocks: [.heading("Ottawa"), .image(file: file, format: format), .line("The capital city.")])
    }

    private static func image(in directory: TemporaryDirectory) throws -> String {
        let file = directory.file("0123456789abcdef.png")
        try Data("tiny png".utf8).write(to: file)
        return file.path
    }

    @Test func withImagesOffTheImageIsLeftOut() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let screen = Self.screen(try Self.image(in: directory))
        #expect(TextRenderer(width: 80).render(screen) == "Ottawa\nThe capital city.")
        #expect(TextRenderer(width: 80, images: .off).render(screen) == "Ottawa\nThe capital city.")
    }

    @Test func itermImagesAreDrawnOnALineOfTheirOwn() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let screen = Self.screen(try Self.image(in: directory))
        #expect(TextRenderer(width: 80, images: .iterm).render(screen)
                == "Ottawa\n\(Self.esc)]1337;File=inline=1;size=8;preserveAspectRatio=1:dGlueSBwbmc=\u{07}\nThe capital city.")
    }

    @Test func kittyImagesAreDrawnForPNGOnly() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let file = try Self.image(in: directory)
        #expect(TextRenderer(width: 80, images: .kitty).render(Self.screen(file))
                == "Ottawa\n\(Self.esc)_Gf=100,a=T,m=0;dGlueSBwbmc=\(Self.esc)\\\nThe capital city.")
        #expect(TextRenderer(width: 80, images: .kitty).render(Self.screen(file, format: .jpeg)) == "Ottawa\nThe capital city.")
    }

    @Test func aMissingImageIsLeftOut() {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let screen = Self.screen(directory.file("missing.png").path)
        #expect(TextRenderer(width: 80, images: .iterm).render(screen) == "Ottawa\nThe capital city.")
    }

    @Test func jsonNamesTheImageFile() {
        #expect(JSONWriter.string(Self.screen("/data/cache/images/0123456789abcdef.png").json)
                == #"{"feature":"facts","screen":"detail","row":1,"image_file":"/data/cache/images/0123456789abcdef.png"}"#)
    }

    @Test func anImageInTheRegularLayoutIsDrawnOnlyThereAndIsInJSON() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let file = try Self.image(in: directory)
        let screen = Screen(feature: "facts", kind: "detail", blocks: [
            .sizeClasses(compact: [.line("Ottawa")], regular: [.image(file: file, format: .png), .line("Ottawa")], regularWidth: 60),
        ])

        #expect(TextRenderer(width: 59, images: .iterm).render(screen) == "Ottawa")
        #expect(TextRenderer(width: 60, images: .iterm).render(screen)
                == "\(Self.esc)]1337;File=inline=1;size=8;preserveAspectRatio=1:dGlueSBwbmc=\u{07}\nOttawa")
        #expect(JSONWriter.string(screen.json) == #"{"feature":"facts","screen":"detail","image_file":"\#(file)"}"#)
    }

    @Test func anImageInTheCompactLayoutAloneIsNotInJSON() {
        let screen = Screen(feature: "facts", kind: "detail", blocks: [
            .sizeClasses(compact: [.image(file: "/tmp/a.png", format: .png)], regular: [.line("Ottawa")], regularWidth: 60),
        ])
        #expect(JSONWriter.string(screen.json) == #"{"feature":"facts","screen":"detail"}"#)
    }
}
