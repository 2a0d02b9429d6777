/// A view model whose list comes in pages: what `page next|prev|N` needs of it.
@MainActor
public protocol PagedViewModel: AnyObject {
    /// How many pages there are now (0 before anything is loaded).
    var pageCount: Int { get }
    /// Shows the page `argument` means, loading it if it must; an error at either end changes nothing.
    func showPage(_ argument: PageArgument) async throws
}
