import Foundation

/// Hands a web page or a file to the desktop with `xdg-open`, run directly (never through a
/// shell), or, where there is none, just gives it back for the user to open. Only http(s) URLs
/// are ever opened.
public struct DesktopOpener: Sendable {
    public let environment: [String: String]

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// Whether `url` is an http(s) URL with a host: the only kind ever fetched or opened.
    public static func isWeb(_ url: URL) -> Bool {
        url.isWeb
    }

    /// Opens `url` (http or https only; anything else throws, naming `what`).
    public func open(_ url: URL, what: String) async throws -> OpenOutcome {
        guard Self.isWeb(url) else { throw CommandError("\(what) is not an http(s) URL") }
        return try await open(target: url.absoluteString)
    }

    /// Opens a file explorer made (a poster in the image cache).
    public func open(file: URL) async throws -> OpenOutcome {
        try await open(target: file.path)
    }

    private func open(target: String) async throws -> OpenOutcome {
        guard let opener = ExternalProgram.find("xdg-open", environment: environment) else {
            return OpenOutcome(target: URL.redactingUserinfo(target), opener: nil, status: nil)
        }
        let status = try await opener.run([target])
        return OpenOutcome(target: URL.redactingUserinfo(target), opener: opener.name, status: status)
    }
}
