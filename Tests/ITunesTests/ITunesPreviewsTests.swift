import ExplorerCore
import ExplorerText
import Foundation
@testable import ITunes
import TestSupport
import Testing

/// A temporary directory with fake programs that record how they were run.
struct FakePrograms {
    let directory: URL
    let cache: URL

    init() throws {
        directory = TemporaryDirectory("itunes-previews").url
        cache = directory.appendingPathComponent("cache/previews")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("bin"), withIntermediateDirectories: true)
    }

    var bin: String { directory.appendingPathComponent("bin").path }

    /// Writes `bin/<name>`: a script that records its argument count and arguments, one a line,
    /// in `<name>.args`, then exits with `status`.
    @discardableResult
    func install(_ name: String, status: Int32 = 0) throws -> String {
        let path = "\(bin)/\(name)"
        let script = """
            #!/bin/sh
            printf '%s\\n' "$#" "$@" > '\(recordPath(name))'
            exit \(status)

            """
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    func recordPath(_ name: String) -> String { directory.appendingPathComponent("\(name).args").path }

    /// The arguments `name` was run with, or nil if it never ran.
    func arguments(of name: String) -> [String]? {
        guard let text = try? String(contentsOfFile: recordPath(name), encoding: .utf8) else { return nil }
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        guard let count = lines.first.flatMap({ Int($0) }), lines.count == count + 1 else { return ["malformed record: \(text)"] }
        return Array(lines.dropFirst())
    }

    func previews(_ environment: [String: String]) -> ITunesPreviews {
        ITunesPreviews(cacheDirectory: cache, environment: environment)
    }

    func cached(_ name: String) -> Data? { try? Data(contentsOf: cache.appendingPathComponent(name)) }
}

@Suite struct ITunesPreviewsTests {
    let fixture = ITunesFixture()
    let fakes: FakePrograms

    init() throws {
        fakes = try FakePrograms()
    }

    static let betterTogetherPreview = "http://a898.phobos.apple.com/us/r1000/039/Music6/v4/13/22/67/1322678b-e40d-fb4d-8d9b-3268fe03b000/mzaf_8818596367816221008.plus.aac.p.m4a"

    // MARK: play

    @Test func playDownloadsIntoTheCacheAndRunsThePlayerWithTheFileAlone() async throws {
        let player = try fakes.install("fakeplayer")
        let previews = fakes.previews(["EXPLORER_PLAYER": player, "PATH": fakes.bin])

        fixture.calls.expect([.download(try #require(URL(string: Self.betterTogetherPreview)))])
        let message = try await previews.playText(Recorded.betterTogether, service: fixture.service)

        let file = fakes.cache.appendingPathComponent("879273565.m4a").path
        #expect(message == "played the preview of “Better Together” with fakeplayer (\(file))")
        fixture.calls.expectAllMade()
        #expect(fakes.cached("879273565.m4a") == Data("fake m4a".utf8))
        #expect(fakes.arguments(of: "fakeplayer") == [file])
    }

    @Test func aWAVToneIsSavedAsWAVAndSaidToStandIn() async throws {
        let player = try fakes.install("fakeplayer")
        fixture.answerDownloads(PreviewTone.wav, contentType: "audio/wav")
        let previews = fakes.previews(["EXPLORER_PLAYER": player, "PATH": fakes.bin])

        fixture.expectDownload(of: Recorded.betterTogether)
        let message = try await previews.playText(Recorded.betterTogether, service: fixture.service)

        let file = fakes.cache.appendingPathComponent("879273565.wav").path
        #expect(message == "played the preview of “Better Together” with fakeplayer (\(file); the embedded data has no audio, so a tone stood in: `source live` plays the real preview)")
        #expect(fakes.cached("879273565.wav") == PreviewTone.wav)
        #expect(fakes.arguments(of: "fakeplayer") == [file])
    }

    @Test func aPlayerNamedWithoutAPathIsFoundOnPATH() async throws {
        try fakes.install("myplayer")
        let previews = fakes.previews(["EXPLORER_PLAYER": "myplayer", "PATH": "/nonexistent:\(fakes.bin)"])
        fixture.expectDownload(of: Recorded.sakura)
        let message = try await previews.playText(Recorded.sakura, service: fixture.service)
        let file = fakes.cache.appendingPathComponent("256412807.m4a").path
        #expect(message == "played the preview of “桜” with myplayer (\(file))")
        #expect(fakes.arguments(of: "myplayer") == [file])
    }

    @Test func withoutEXPLORER_PLAYERAKnownPlayerRunsWithItsOptions() async throws {
        try fakes.install("mpv")
        try fakes.install("paplay")
        let previews = fakes.previews(["PATH": fakes.bin])
        fixture.expectDownload(of: Recorded.betterTogether)
        let message = try await previews.playText(Recorded.betterTogether, service: fixture.service)
        let file = fakes.cache.appendingPathComponent("879273565.m4a").path
        #expect(message == "played the preview of “Better Together” with mpv (\(file))")
        #expect(fakes.arguments(of: "mpv") == ["--no-video", "--really-quiet", file])
        #expect(fakes.arguments(of: "paplay") == nil, "mpv comes first")
    }

    @Test func withNoPlayerThePreviewIsSavedAndSaidWhere() async throws {
        let previews = fakes.previews(["PATH": ""])
        fixture.expectDownload(of: Recorded.betterTogether)
        let message = try await previews.playText(Recorded.betterTogether, service: fixture.service)
        let file = fakes.cache.appendingPathComponent("879273565.m4a").path
        #expect(message == "preview saved to \(file) (no player found: set EXPLORER_PLAYER, or install ffplay, mpv or paplay)")
        #expect(fakes.cached("879273565.m4a") == Data("fake m4a".utf8))
    }

    @Test func anEmptyEXPLORER_PLAYERMeansNoPlayer() async throws {
        try fakes.install("mpv")
        let previews = fakes.previews(["EXPLORER_PLAYER": "", "PATH": fakes.bin])
        fixture.expectDownload(of: Recorded.betterTogether)
        let message = try await previews.playText(Recorded.betterTogether, service: fixture.service)
        #expect(message.hasPrefix("preview saved to "))
        #expect(message.hasSuffix("(no player found: set EXPLORER_PLAYER, or install ffplay, mpv or paplay)"))
        #expect(fakes.arguments(of: "mpv") == nil)
    }

    @Test func anEXPLORER_PLAYERThatCannotRunSaysWhatIsWrongWithIt() async throws {
        try fakes.install("mpv")
        try Data("not a program".utf8).write(to: fakes.directory.appendingPathComponent("bin/text"))
        for (value, problem) in [
            ("\(fakes.bin)/nothing-here", "\(fakes.bin)/nothing-here does not exist"),
            ("nosuchplayer", "no program called 'nosuchplayer' on PATH"),
            (fakes.bin, "\(fakes.bin) is a directory, not a program"),
            ("\(fakes.bin)/text", "\(fakes.bin)/text is not executable"),
        ] {
            let previews = fakes.previews(["EXPLORER_PLAYER": value, "PATH": fakes.bin])
            await #expect(throws: ITunesError.playerUnusable(value, reason: problem)) {
                try await previews.playText(Recorded.betterTogether, service: fixture.service)
            }
        }
        #expect(fakes.arguments(of: "mpv") == nil, "a chosen player is never swapped for another")
    }

    @Test func aFailingPlayerIsAnError() async throws {
        let player = try fakes.install("fakeplayer", status: 3)
        let previews = fakes.previews(["EXPLORER_PLAYER": player, "PATH": fakes.bin])
        let file = fakes.cache.appendingPathComponent("879273565.m4a")
        fixture.expectDownload(of: Recorded.betterTogether)
        await #expect(throws: ITunesError.playerFailed("fakeplayer", status: 3, playing: file)) {
            try await previews.playText(Recorded.betterTogether, service: fixture.service)
        }
    }

    @Test func anAudiobookPreviewIsNamedByItsCollection() async throws {
        let previews = fakes.previews(["PATH": ""])
        fixture.expectDownload(of: Recorded.audiobook)
        let message = try await previews.playText(Recorded.audiobook, service: fixture.service)
        let file = fakes.cache.appendingPathComponent("493645127.m4a").path
        #expect(message.hasPrefix("preview saved to \(file) "))
        #expect(fakes.cached("493645127.m4a") == Data("fake m4a".utf8))
    }

    @Test(arguments: ["file:///etc/passwd", "javascript:alert(1)", "ftp://example.com/a.m4a", "https:///no-host.m4a", "not a url at all"])
    func aPreviewThatIsNotHTTPIsRefused(url: String) async throws {
        let player = try fakes.install("fakeplayer")
        var item = Recorded.betterTogether
        item.previewUrl = url
        let previews = fakes.previews(["EXPLORER_PLAYER": player, "PATH": fakes.bin])

        await #expect(throws: ITunesError.noPreview("Better Together")) {
            try await previews.playText(item, service: fixture.service)
        }
        fixture.calls.expectAllMade()  // none: a download would have failed the test
        #expect(!FileManager.default.fileExists(atPath: fakes.cache.path))
        #expect(fakes.arguments(of: "fakeplayer") == nil)
    }

    @Test func anItemWithoutAPreviewIsRefused() async throws {
        var item = Recorded.betterTogether
        item.previewUrl = nil
        await #expect(throws: ITunesError.noPreview("Better Together")) {
            try await fakes.previews(["PATH": ""]).play(item, service: fixture.service)
        }
        fixture.calls.expectAllMade()  // none: a download would have failed the test
    }

    @Test func aCacheThatCannotBeWrittenIsAnError() async throws {
        let blocker = fakes.directory.appendingPathComponent("blocker")
        try Data("a file, not a directory".utf8).write(to: blocker)
        let previews = ITunesPreviews(cacheDirectory: blocker.appendingPathComponent("previews"), environment: ["PATH": ""])
        fixture.expectDownload(of: Recorded.betterTogether)
        let error = await #expect(throws: ITunesError.self) { try await previews.playText(Recorded.betterTogether, service: fixture.service) }
        #expect(error?.description.hasPrefix("cannot save the preview in \(blocker.path)/previews: ") == true, "\(String(describing: error))")
    }

    // MARK: web

    @Test func withoutXdgOpenTheStorePageIsPrinted() async throws {
        let message = try await fakes.previews(["PATH": fakes.bin]).storePageText(Recorded.betterTogether)
        #expect(message == "store page: https://itunes.apple.com/us/album/better-together/id879273552?i=879273565&uo=4")
    }

    @Test func xdgOpenIsRunWithTheURLAlone() async throws {
        try fakes.install("xdg-open")
        let message = try await fakes.previews(["PATH": fakes.bin]).storePageText(Recorded.betterTogether)
        let url = "https://itunes.apple.com/us/album/better-together/id879273552?i=879273565&uo=4"
        #expect(message == "opened \(url)")
        #expect(fakes.arguments(of: "xdg-open") == [url])
    }

    @Test func anAudiobookOpensItsCollectionPage() async throws {
        try fakes.install("xdg-open")
        let message = try await fakes.previews(["PATH": fakes.bin]).storePageText(Recorded.audiobook)
        let url = "https://books.apple.com/us/audiobook/the-fault-in-our-stars-unabridged/id493645127?uo=4"
        #expect(message == "opened \(url)")
        #expect(fakes.arguments(of: "xdg-open") == [url])
    }

    @Test func aFailingXdgOpenStillPrintsThePage() async throws {
        try fakes.install("xdg-open", status: 4)
        let message = try await fakes.previews(["PATH": fakes.bin]).storePageText(Recorded.sakura)
        #expect(message == "store page: https://itunes.apple.com/jp/album/%E6%A1%9C/id256412784?i=256412807&uo=4 (xdg-open failed with status 4)")
    }

    @Test(arguments: ["file:///etc/passwd", "javascript:alert(document.cookie)", "itms://itunes.apple.com/album/1"])
    func aStorePageThatIsNotHTTPIsRefused(url: String) async throws {
        try fakes.install("xdg-open")
        var item = Recorded.betterTogether
        item.trackViewUrl = url
        await #expect(throws: ITunesError.noStorePage("Better Together")) {
            try await fakes.previews(["PATH": fakes.bin]).storePageText(item)
        }
        #expect(fakes.arguments(of: "xdg-open") == nil)
    }

    @Test func anItemWithoutAStorePageIsRefused() async throws {
        var item = Recorded.betterTogether
        item.trackViewUrl = nil
        item.collectionViewUrl = nil
        await #expect(throws: ITunesError.noStorePage("Better Together")) {
            try await fakes.previews(["PATH": ""]).storePageText(item)
        }
    }
}

/// What `play` and `web` print, as a reader sees it: the outcome through the view, as text.
extension ITunesPreviews {
    @MainActor
    func playText(_ item: ITunesItem, service: ITunesService) async throws -> String {
        TextRenderer(width: 1000).render(ITunesView.played(try await play(item, service: service)))
    }

    @MainActor
    func storePageText(_ item: ITunesItem) async throws -> String {
        TextRenderer(width: 1000).render(ITunesView.storePage(try await openStorePage(item)))
    }
}
