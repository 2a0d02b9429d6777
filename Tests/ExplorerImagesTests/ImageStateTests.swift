@testable import ExplorerCore
import ExplorerImages
@testable import ExplorerImages
import ExplorerText
import Foundation
import TestSupport
import Testing

private let jpeg = ImageInfo(format: .jpeg, width: 640, height: 480, byteCount: 34_816)

/// Where a row's image stands, as text, as JSON, and as the cache and the loader leave it.
@Suite("ImageState")
struct ImageStateTests {
    /// A PNG header (IHDR, 8-bit RGBA, made-up CRC) padded to `byteCount` bytes.
    private static func png(width: UInt8, height: UInt8, byteCount: Int) -> Data {
        let header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
                               0, 0, 0, width, 0, 0, 0, height, 8, 6, 0, 0, 0, 0xDE, 0xAD, 0xBE, 0xEF]
        return Data(header + [UInt8](repeating: 0, count: byteCount - header.count))
    }

    // MARK: Text

    @Test(arguments: [
        (ImageState.none, "no image"),
        (.loading, "loading…"),
        (.loaded(jpeg, file: "/tmp/images/a.jpg"), "640×480 JPEG 34 KB"),
        (.notAnImage, "not an image"),
        (.unavailableOffline, "unavailable offline"),
        (.failed("HTTP 404"), "failed: HTTP 404"),
        (.failed("timed out"), "failed: timed out"),
    ])
    func textSaysWhereTheImageStands(state: ImageState, text: String) {
        #expect(state.text == text)
    }

    // MARK: Final

    @Test func loadedNotAnImageAndNoImageAreFinal() {
        #expect(ImageState.loaded(jpeg, file: "/tmp/images/a.jpg").isFinal)
        #expect(ImageState.notAnImage.isFinal)
        #expect(ImageState.none.isFinal)
    }

    @Test func loadingUnavailableAndFailedAreWorthAskingAgain() {
        #expect(!ImageState.loading.isFinal)
        #expect(!ImageState.unavailableOffline.isFinal)
        #expect(!ImageState.failed("HTTP 500").isFinal)
    }

    // MARK: JSON

    @Test(arguments: [
        (ImageState.none, #"{"state":"none"}"#),
        (.loading, #"{"state":"loading"}"#),
        (.loaded(jpeg, file: "/tmp/images/a.jpg"),
         #"{"state":"loaded","format":"JPEG","width":640,"height":480,"bytes":34816,"file":"/tmp/images/a.jpg"}"#),
        (.notAnImage, #"{"state":"not_an_image"}"#),
        (.unavailableOffline, #"{"state":"unavailable_offline"}"#),
        (.failed("HTTP 404"), #"{"state":"failed","reason":"HTTP 404"}"#),
    ])
    func jsonNamesTheStateWithItsDetails(state: ImageState, json: String) {
        #expect(JSONWriter.string(state.json) == json)
    }

    // MARK: From a file

    @Test func aFileWithAnImageIsLoadedWithItsInfoAndPath() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.file("0123456789abcdef.png")
        try Self.png(width: 128, height: 96, byteCount: 233).write(to: file)

        let state = ImageState.of(file: file)
        #expect(state == .loaded(ImageInfo(format: .png, width: 128, height: 96, byteCount: 233), file: file.path))
        #expect(state.text == "128×96 PNG 233 bytes")
    }

    @Test func aFileThatIsNoImageIsNotAnImage() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.file("page.img")
        try Data("<html><body>Not Found</body></html>".utf8).write(to: file)
        #expect(ImageState.of(file: file) == .notAnImage)
    }

    @Test func aMissingFileIsUnavailableOffline() {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        #expect(ImageState.of(file: directory.file("missing.png")) == .unavailableOffline)
    }

    // MARK: From a loader's outcome

    @Test func aLoadedOutcomeIsReadFromItsFile() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let image = directory.file("a.png")
        try Self.png(width: 16, height: 9, byteCount: 2048).write(to: image)
        let text = directory.file("b.img")
        try Data("plain text".utf8).write(to: text)

        #expect(ImageState.of(.loaded(CachedImage(file: image, byteCount: 2048, wasCached: true)))
                == .loaded(ImageInfo(format: .png, width: 16, height: 9, byteCount: 2048), file: image.path))
        #expect(ImageState.of(.loaded(CachedImage(file: text, byteCount: 10, wasCached: false))) == .notAnImage)
    }

    @Test func otherOutcomesMapToTheirStates() {
        #expect(ImageState.of(.unavailable) == .unavailableOffline)
        #expect(ImageState.of(.failed("HTTP 404")) == .failed("HTTP 404"))
        #expect(ImageState.of(.failed("timed out")) == .failed("timed out"))
        #expect(ImageState.of(.cancelled) == .loading)
    }
}
