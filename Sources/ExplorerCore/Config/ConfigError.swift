/// Plugins.json is unusable: which file, where in it (a JSON path such as
/// `$.features[1].baseURL`), and what is wrong. explorer exits with status 78.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    public let file: String
    public let path: String
    public let message: String

    public init(file: String, path: String, message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    public var description: String {
        "\(file): \(path): \(message)"
    }
}
