extension Favourite {
    /// What `fav` prints: `★ Millennium Falcon is now a favourite` or `☆ … is no longer a favourite`.
    public static func toggledMessage(title: String, isFavourite: Bool) -> String {
        let title = title.sanitizedForTerminal
        return isFavourite ? "★ \(title) is now a favourite" : "☆ \(title) is no longer a favourite"
    }
}
