/// A feature whose details link to records of other features, or whose records links name
/// (or both): starships' pilots are characters, characters' starships are starships. The
/// shell's `follow` takes a link of the feature in use and opens the record in the feature that
/// shows its kind (found through the registry); `back` returns to the place it left. A feature
/// that is only linked to keeps the defaults: no link fields, no links.
@MainActor
public protocol LinkingFeature: Feature {
    /// The fields whose links can be followed, whether or not the detail on show has any:
    /// `["pilots"]`.
    var linkFields: [String] { get }
    /// Those of ``linkFields`` that name one record, which `follow` takes without a number:
    /// `["homeworld"]`.
    var toOneLinkFields: [String] { get }
    /// The links of the detail on show, numbered within each field; nil off a detail.
    var links: [FeatureLink]? { get }
    /// `follow` from another feature: puts this one on screen on the detail of the record
    /// `link` names (of a kind its descriptor declares), as ``Feature/enter()`` puts it on
    /// screen on its first screen: what it needs is loaded first and the view appears on the
    /// detail. Throws when there is no such record, its view still off screen.
    func enter(opening link: FeatureLink) async throws
    /// `follow` to a record of the feature's own kind, while it is on screen: opens its detail.
    /// Throws, changing nothing, when there is none.
    func open(_ link: FeatureLink) async throws
    /// Where the user is in the feature now, to come back to.
    func place() -> FeaturePlace
}

extension LinkingFeature {
    public var linkFields: [String] { [] }
    public var toOneLinkFields: [String] { [] }

    /// How `follow` takes each link field: `` `follow homeworld` or `follow starships N` ``.
    public var followUsage: String {
        linkFields.map { toOneLinkFields.contains($0) ? "`follow \($0)`" : "`follow \($0) N`" }.joined(separator: " or ")
    }
    public var links: [FeatureLink]? { nil }
}

extension LinkingFeature where Self: ScreenFeature, Model: ListDetailViewModel {
    public func enter(opening link: FeatureLink) async throws {
        try await model.load()
        try await model.open(id: link.id, title: link.titleWithReference)
        view.appear()
    }

    public func open(_ link: FeatureLink) async throws {
        try await model.open(id: link.id, title: link.titleWithReference)
    }

    public func place() -> FeaturePlace {
        model.place()
    }
}
