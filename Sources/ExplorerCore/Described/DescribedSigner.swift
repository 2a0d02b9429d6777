import ExplorerHTTP
import Foundation

/// How a described feature's live requests carry its secret (`auth`): read from the
/// environment variable the description names (or its file), sent as a secret header or query
/// parameter, which explorer never shows, traces, records or keeps.
enum DescribedSigner {
    static func signer(_ auth: FeatureDescription.Auth, sources: RequestSigner.Sources) -> RequestSigner {
        RequestSigner { request in
            guard let secret = secret(auth, sources: sources) else {
                if auth.optional { return request }
                throw DescribedAuthError(auth: auth)
            }
            var request = request
            switch auth.type {
            case .bearer: request.headers.append(.secret("Authorization", "Bearer \(secret)"))
            case .header: request.headers.append(.secret(auth.name ?? "Authorization", secret))
            case .query: request.query.append(.secret(auth.name ?? "key", secret))
            }
            return request
        }
    }

    /// The secret from the environment variable, else the first line of the file; nil for none.
    static func secret(_ auth: FeatureDescription.Auth, sources: RequestSigner.Sources) -> String? {
        if let value = sources.environment[auth.env]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty {
            return value
        }
        guard let file = auth.file else { return nil }
        let path = file.hasPrefix("~/") ? (sources.environment["HOME"] ?? "") + file.dropFirst(1) : file
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let line = String(decoding: data.prefix(16_384), as: UTF8.self).split(whereSeparator: \.isNewline).first
        return line.map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
    }
}
