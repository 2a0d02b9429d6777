import Foundation

/// What `play` did: the preview saved in the cache, and played or not.
public struct PreviewOutcome: Sendable, Equatable {
    public var title: String
    public var trackID: Int?
    public var file: URL
    /// The player's name, or nil when none was found (the preview is only saved).
    public var player: String?
    /// Whether a tone stood in for the audio (the embedded data has none).
    public var isStandIn: Bool
}
