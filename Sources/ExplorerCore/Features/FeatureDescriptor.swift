import Foundation

/// What the binary knows about a feature before it is used: its id, how to describe it, its
/// embedded data, and how to build it. Building is deferred until `use`, so start-up stays cheap.
public struct FeatureDescriptor: Sendable {
    public let id: String
    public let title: String
    public let summary: String
    /// Answers the feature's requests from data compiled into the binary.
    public let embedded: EmbeddedResponder
    public let make: @MainActor @Sendable (FeatureContext) -> any Feature

    public init(
        id: String,
        title: String,
        summary: String,
        embedded: @escaping EmbeddedResponder,
        make: @escaping @MainActor @Sendable (FeatureContext) -> any Feature
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.embedded = embedded
        self.make = make
    }
}
