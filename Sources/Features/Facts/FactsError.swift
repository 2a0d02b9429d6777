import ExplorerImages
import ExplorerText

/// What the facts cannot do as asked, in the facts' own terms; its description is the line the
/// user reads (`error: open a fact first (`open N`)`).
public enum FactsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A row asked for (`open 3`) before any document is loaded; `row` as typed (a number).
    case nothingLoaded(row: String)
    /// `view` off a detail.
    case noFactOpen
    /// `view` on a fact whose image is not there to view (none, failed, not loaded…).
    case noImageToView(title: String, image: ImageState)

    public var description: String {
        switch self {
        case .nothingLoaded(let row):
            "no row \(row): nothing is loaded"
        case .noFactOpen:
            "open a fact first (`open N`)"
        case .noImageToView(let title, let image):
            "“\(title.sanitizedForTerminal)” has no image to view (\(image.text))"
        }
    }
}
