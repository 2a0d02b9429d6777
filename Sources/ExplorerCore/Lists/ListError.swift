import ExplorerText

/// What a list or its favourites cannot do as asked, in the list's own terms; its description
/// is the line the user reads (`error: no row 90: there are 82 rows`).
public enum ListError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `open x`: not a number.
    case notARowNumber(String)
    /// A row past the end (or before 1) of a list of `count` rows; `count` 0: nothing loaded.
    case noRow(Int, count: Int)
    /// A row within the list's count whose page is not loaded; `loaded` says which are.
    case rowNotLoaded(Int, loaded: String, morePages: Bool)
    /// `open N` on the favourites when there are none.
    case noFavourites(Int, feature: String)
    /// A favourite whose item is not loaded and cannot be fetched.
    case favouriteNotLoaded(title: String, feature: String, id: String)
    /// `fav` on an item without an id.
    case noID(title: String, idName: String)
    /// A link followed to an item the feature's data does not have (`answered404`: the API said so).
    case notInData(title: String, feature: String, answered404: Bool)
    /// `fav` alone off a detail.
    case nothingToFavourite

    public var description: String {
        switch self {
        case .notARowNumber(let text):
            "expected a row number, not '\(text.sanitizedForTerminal.truncated(toWidth: 20))'"
        case .noRow(let number, let count):
            count == 0 ? "no row \(number): nothing is loaded" : "no row \(number): there \(count == 1 ? "is 1 row" : "are \(count) rows")"
        case .rowNotLoaded(let number, let loaded, let morePages):
            "no row \(number) (rows \(loaded) are loaded\(morePages ? "; `page next` loads more" : ""))"
        case .noFavourites(let number, let feature):
            "no row \(number): there are no \(feature) favourites"
        case .favouriteNotLoaded(let title, let feature, let id):
            "“\(title)” (\(feature)/\(id)) is not loaded: find it in the list to open it"
        case .noID(let title, let idName):
            "“\(title)” has no \(idName), so it cannot be a favourite"
        case .notInData(let title, let feature, let answered404):
            "\(title) is not in the \(feature) data\(answered404 ? ": the API answered 404" : "")"
        case .nothingToFavourite:
            "usage: fav N (or `fav` alone on a detail)"
        }
    }

    /// The `N` of `open N` / `fav N` for a list of `count` rows numbered from 1.
    public static func rowNumber(_ text: String, count: Int) throws(ListError) -> Int {
        guard let number = Int(text) else { throw .notARowNumber(text) }
        guard count > 0, (1...count).contains(number) else { throw .noRow(number, count: count) }
        return number
    }
}
