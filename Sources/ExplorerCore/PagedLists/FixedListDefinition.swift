/// A definition written in Swift, with nothing to configure: made with `init()`, so its view
/// model and view need not be given it (`StarshipsViewModel(service:favourites:)`), and its id
/// known without making one (a descriptor names it before the feature is used).
public protocol FixedListDefinition: PagedListDefinition {
    /// The feature's id: `starships`.
    static var featureID: String { get }
    init()
}

extension FixedListDefinition {
    public var featureID: String { Self.featureID }
}
