import ExplorerCore
import ExplorerHTTP
import Foundation

/// Where TMDB's key comes from for live requests, in this order: `TMDB_API_KEY` (a v3 key,
/// sent as the secret query item `api_key`), `TMDB_READ_TOKEN` (a v4 read access token, sent as
/// the secret header `Authorization: Bearer …`), or the file the feature's `apiKeyFile` setting
/// names (default `$XDG_CONFIG_HOME/explorer/tmdb-key`; a token there is told from a key by
/// its shape). Never from the prompt (it would land in the history), never from Plugins.json.
public enum MovieDBCredentials {
    public enum Credential: Sendable, Equatable {
        case apiKey(String)
        case readToken(String)
    }

    /// The signer the feature's live requests go through.
    public static func signer(_ sources: RequestSigner.Sources) -> RequestSigner {
        RequestSigner { request in
            var request = request
            switch try credential(sources) {
            case .apiKey(let key): request.query.append(.secret("api_key", key))
            case .readToken(let token): request.headers.append(.secret("Authorization", "Bearer \(token)"))
            }
            return request
        }
    }

    /// The credential to use now, or an error naming the three ways to give one.
    public static func credential(_ sources: RequestSigner.Sources) throws(TMDBError) -> Credential {
        if let key = nonEmpty(sources.environment["TMDB_API_KEY"]) { return .apiKey(key) }
        if let token = nonEmpty(sources.environment["TMDB_READ_TOKEN"]) { return .readToken(token) }
        let file = keyFile(sources)
        if FileManager.default.fileExists(atPath: file.path) {
            guard let data = FileManager.default.contents(atPath: file.path) else {
                throw TMDBError.keyUnreadable(keyFile: file)
            }
            if let text = nonEmpty(String(decoding: data, as: UTF8.self)) {
                return looksLikeReadToken(text) ? .readToken(text) : .apiKey(text)
            }
        }
        throw TMDBError.noKey(keyFile: file)
    }

    /// The key file: the `apiKeyFile` setting (`~/` expanded) or `tmdb-key` in the config directory.
    public static func keyFile(_ sources: RequestSigner.Sources) -> URL {
        guard let setting = MovieDBFeature.apiKeyFileSetting.string(in: sources.settings) else {
            return sources.configDirectory.appendingPathComponent("tmdb-key")
        }
        if setting.hasPrefix("~/"), let home = sources.environment["HOME"] {
            return URL(fileURLWithPath: home).appendingPathComponent(String(setting.dropFirst(2)))
        }
        return URL(fileURLWithPath: setting)
    }

    /// A v4 token is a JWT (`eyJ…`, three dot-separated parts); a v3 key is 32 hex digits.
    static func looksLikeReadToken(_ text: String) -> Bool {
        text.hasPrefix("eyJ") && text.split(separator: ".").count == 3
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        return text
    }
}
