import ExplorerCore
import Foundation

/// `play` and `web`: downloads previews into the cache and hands files and store pages to the
/// programs the machine has. Only http(s) URLs are ever fetched or opened.
public struct ITunesPreviews: Sendable {
    public let cacheDirectory: URL
    public let environment: [String: String]

    public init(cacheDirectory: URL, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.cacheDirectory = cacheDirectory
        self.environment = environment
    }

    /// Downloads the preview of `item` into the cache (afresh each time, so a file from another
    /// source is never played by mistake), plays it if a player exists, and says what happened.
    public func play(_ item: ITunesItem, service: ITunesService) async throws -> String {
        guard let text = item.previewUrl, let url = URL(string: text), Self.isWeb(url) else {
            throw CommandError("“\(item.title.sanitizedForTerminal)” has no http(s) preview")
        }
        let name = item.trackId.map(String.init) ?? item.collectionId.map(String.init) ?? "preview"
        let (data, contentType) = try await service.download(url)
        let suffix = (contentType ?? "").contains("wav") ? "wav" : "m4a"
        let file = cacheDirectory.appendingPathComponent("\(name).\(suffix)")
        do {
            try FileManager.default.createDirectory(at: cacheDirectory, withIntermediateDirectories: true)
            try data.write(to: file, options: .atomic)
        } catch {
            throw CommandError("cannot save the preview in \(cacheDirectory.path): \(error.localizedDescription)")
        }
        guard let player = PreviewPlayer.find(environment: environment) else {
            return "preview saved to \(file.path) (no player found: set EXPLORER_PLAYER, or install ffplay, mpv or paplay)"
        }
        let status = try await player.play(file)
        guard status == 0 else { throw CommandError("\(player.program.name) exited with status \(status) playing \(file.path)") }
        let standIn = suffix == "wav" ? "; the embedded data has no audio, so a tone stood in: `source live` plays the real preview" : ""
        return "played the preview of “\(item.title.sanitizedForTerminal)” with \(player.program.name) (\(file.path)\(standIn))"
    }

    /// Opens the store page with xdg-open when there is one, else prints the URL.
    public func openStorePage(_ item: ITunesItem) async throws -> String {
        guard let text = item.storeURL, let url = URL(string: text), Self.isWeb(url) else {
            throw CommandError("“\(item.title.sanitizedForTerminal)” has no http(s) store page")
        }
        let shown = url.absoluteString.sanitizedForTerminal
        guard let opener = ExternalProgram.find("xdg-open", environment: environment) else {
            return "store page: \(shown)"
        }
        let status = try await opener.run([url.absoluteString])
        return status == 0 ? "opened \(shown)" : "store page: \(shown) (xdg-open failed with status \(status))"
    }

    static func isWeb(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased() else { return false }
        return (scheme == "http" || scheme == "https") && url.host != nil
    }
}
