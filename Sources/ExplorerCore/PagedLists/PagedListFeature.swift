/// A feature that is a ``PagedListViewModel`` shown by a ``PagedListView``: where the user is,
/// the links `follow` takes and favourites come from the kit; the feature gives its descriptor
/// and its commands.
@MainActor
public protocol PagedListFeature: ScreenFeature, FavouritesListing, LinkingFeature where Model: PagedListViewModel<Definition> {
    associatedtype Definition: PagedListDefinition
}

extension PagedListFeature {
    /// `favourites` while in them, then the title of the detail on show.
    public var location: [String] { model.location { $0.favouriteTitle } }

    /// The fields whose links `follow` takes, as the definition declares them.
    public var linkFields: [String] { Definition.links.filter(\.isFollowable).map(\.field) }

    public var links: [FeatureLink]? { model.state.value.links }
}
