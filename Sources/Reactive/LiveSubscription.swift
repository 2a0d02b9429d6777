/// A subscription made with a label (``Publisher/sink(owner:label:_:)``), while it lasts: who
/// keeps it and where its values come from, as `subscriptions` lists it.
public struct LiveSubscription: Sendable, Equatable {
    /// In the order subscriptions were made.
    public let id: Int
    /// What keeps the subscription: `RacesView`, `RacesViewModel`.
    public let owner: String
    /// Where the values come from, the source first, and what receives them last:
    /// `["RacesViewModel.state", "StateRenderer"]`.
    public let chain: [String]

    public init(id: Int, owner: String, chain: [String]) {
        self.id = id
        self.owner = owner
        self.chain = chain
    }

    /// `RacesViewModel.state → StateRenderer`.
    public var chainText: String { PublisherChain.text(chain) }
}
