import ExplorerCore
import Foundation

/// `play` and `web`: downloads previews into the cache and hands files and store pages to the
/// programs the machine has. Only http(s) URLs are ever fetched or opened.
public struct ITunesPreviews: Sendable {
    public let cacheDirectory: URL
    public let environment: [String: String]

    public init(cacheDirectory: URL, environment: [String: String]) {
        self.cacheDirectory = cacheDirectory
        self.environment = environment
    }

    /// Downloads the preview of `item` into the cache (afresh each time, so a file from another
    /// source is never played by mistake), plays it if a player exists, and says what happened.
    /// `announce` is told while the player runs (`playing “I Got You” with ffplay (Ctrl-C stops)`).
    public func play(_ item: ITunesItem, service: ITunesService,
                     announce: @Sendable (String) async -> Void = { _ in }) async throws -> PreviewOutcome {
        guard let text = item.previewUrl, let url = URL(string: text), DesktopOpener.isWeb(url) else {
            throw ITunesError.noPreview(item.title)
        }
        let player = try PreviewPlayer.find(environment: environment)
        let name = item.trackId.map(String.init) ?? item.collectionId.map(String.init) ?? "preview"
        let (data, contentType) = try await service.download(url)
        let suffix = (contentType ?? "").contains("wav") ? "wav" : "m4a"
        let file = cacheDirectory.appendingPathComponent("\(name).\(suffix)")
        do {
            try FileManager.default.createDirectory(at: cacheDirectory, withIntermediateDirectories: true)
            try data.write(to: file, options: .atomic)
        } catch {
            throw ITunesError.cannotSave(in: cacheDirectory, reason: error.localizedDescription)
        }
        var outcome = PreviewOutcome(title: item.title, trackID: item.trackId, file: file, player: nil, isStandIn: suffix == "wav")
        guard let player else { return outcome }
        await announce("playing “\(item.title)” with \(player.program.name) (Ctrl-C stops)")
        let status = try await player.play(file)
        // Ctrl-C at the terminal reaches the player too: ended by it (128 + SIGINT), the
        // preview was stopped as the announcement says, not a failure.
        guard status == 0 || status == 128 + SIGINT else { throw ITunesError.playerFailed(player.program.name, status: status, playing: file) }
        outcome.player = player.program.name
        return outcome
    }

    /// Opens the store page with xdg-open when there is one, else just gives the URL.
    public func openStorePage(_ item: ITunesItem) async throws -> OpenOutcome {
        guard let text = item.storeURL, let url = URL(string: text), DesktopOpener.isWeb(url) else {
            throw ITunesError.noStorePage(item.title)
        }
        return try await DesktopOpener(environment: environment).open(url, what: "the store page")
    }
}
