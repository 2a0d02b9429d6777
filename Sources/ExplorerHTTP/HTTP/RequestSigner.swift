import ExplorerText
import Foundation

/// How a feature's live requests prove who is asking (an API key as a secret query item or a
/// bearer token as a secret header), decided at the moment a live request is made: the
/// embedded source needs no key, and a key set while explorer runs is picked up.
public struct RequestSigner: Sendable {
    /// The request with its credentials, or an error saying how to give them.
    public let sign: @Sendable (HTTPRequest) throws -> HTTPRequest

    public init(sign: @escaping @Sendable (HTTPRequest) throws -> HTTPRequest) {
        self.sign = sign
    }

    /// Where a signer may look for credentials: never a command typed at the prompt (it would
    /// land in the history) and never the repository's Plugins.json.
    public struct Sources: Sendable {
        /// The process environment (`TMDB_API_KEY`).
        public var environment: [String: String]
        /// The feature's settings from Plugins.json (`apiKeyFile`: where a key file is).
        public var settings: JSONValue
        /// `$XDG_CONFIG_HOME/explorer`, else `~/.config/explorer`: where key files live by default.
        public var configDirectory: URL

        public init(environment: [String: String], settings: JSONValue, configDirectory: URL) {
            self.environment = environment
            self.settings = settings
            self.configDirectory = configDirectory
        }
    }
}
