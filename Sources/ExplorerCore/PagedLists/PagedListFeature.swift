/// A feature that is a ``PagedListViewModel`` shown by a ``PagedListView``: its commands, where
/// the user is, the links `follow` takes and favourites come from the kit; the feature gives
/// its descriptor and makes its view model and view.
@MainActor
public protocol PagedListFeature: ScreenFeature, FavouritesListing, LinkingFeature where Model: PagedListViewModel<Definition> {
    associatedtype Definition: PagedListDefinition
}

extension PagedListFeature {
    /// `favourites` while in them, then the title of the detail on show.
    public var location: [String] { model.location { $0.favouriteTitle } }

    /// The fields whose links `follow` takes, as the definition declares them.
    public var linkFields: [String] { model.definition.links.map(\.field) }

    public var toOneLinkFields: [String] { model.definition.links.filter { $0.arity == .one }.map(\.field) }

    public var links: [FeatureLink]? { model.links }

    public var commands: [Command] { kitCommands }

    /// The kit's commands: what every paged list takes; `sort` where the list has keys to sort
    /// by (a described list whose description names none has no `sort`, as it has no `filter`).
    public var kitCommands: [Command] {
        var commands: [Command] = [
            .page(model, summary: "show the next, previous or Nth page of the API, or all of them"),
            .open(model, summary: "show every detail of row N (any row loaded so far)"),
            .favourite(model),
        ]
        if !model.definition.sortKeys.isEmpty {
            commands.append(.sort(model, summary: "order the loaded \(model.definition.featureID) (numbers compare as numbers, unknown last)"))
        }
        commands.append(.refresh(model, summary: "fetch the loaded pages again (the last good list stays on failure)"))
        return commands
    }
}
