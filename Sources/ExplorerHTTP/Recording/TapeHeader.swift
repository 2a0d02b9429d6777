import ExplorerClock
import Foundation

/// The first line of a recording: what it is, which explorer made it and when, and which
/// features it was made with, at which base URLs (their user and password left out).
public struct TapeHeader: Codable, Sendable, Equatable {
    /// One feature's API as the recording saw it.
    public struct Feature: Codable, Sendable, Equatable {
        public var id: String
        public var baseURL: String

        public init(id: String, baseURL: URL) {
            self.id = id
            self.baseURL = TapeTarget.withoutUserinfo(baseURL)
        }
    }

    /// Always ``TapeHeader/formatName``: what tells a recording from any other JSON Lines file.
    public var format: String
    /// The version of the format; this explorer reads ``TapeHeader/currentVersion``.
    public var version: Int
    public var explorer: String
    /// When recording started, in UTC (`2026-11-24T09:12:00Z`): where replay's clock starts.
    public var recordedAt: String
    public var features: [Feature]

    public static let formatName = "explorer-recording"
    public static let currentVersion = 1

    public init(explorer: String, recordedAt: Date, features: [Feature]) {
        format = Self.formatName
        version = Self.currentVersion
        self.explorer = explorer
        self.recordedAt = UTCTimestamp.iso8601Milliseconds(recordedAt)
        self.features = features
    }

    enum CodingKeys: String, CodingKey {
        case format, version, explorer, features
        case recordedAt = "recorded_at"
    }
}
