/// A definition written in Swift, with nothing to configure: made with `init()`, so its view
/// model and view need not be given it (`StarshipsViewModel(service:favourites:)`).
public protocol FixedListDefinition: PagedListDefinition {
    init()
}
