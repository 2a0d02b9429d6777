import ExplorerCore
import ExplorerText
import Foundation

/// One row of the facts document: a title, a description and an image's address, any of
/// which may be missing (null, absent, or not a string).
public struct Fact: ListItem, Codable {
    public var title: String?
    public var description: String?
    public var imageHref: String?

    public init(title: String? = nil, description: String? = nil, imageHref: String? = nil) {
        self.title = title
        self.description = description
        self.imageHref = imageHref
    }

    /// Whether the row says nothing at all (no title, no description, no image): such rows are
    /// left out and counted.
    public var isEmpty: Bool { title == nil && description == nil && imageHref == nil }

    /// `untitled` for a row without a title.
    public var shownTitle: String { title ?? "untitled" }

    /// The image's address, when it is an http(s) URL.
    public var imageURL: URL? {
        imageHref.flatMap(ImageAddresses.webURL)
    }

    // MARK: ListItem

    /// The document has no ids: a fact is known by its title (an untitled one cannot be a favourite).
    public var itemID: String? { title }
    public var favouriteTitle: String { shownTitle }
    public static var idName: String { "title" }

    enum CodingKeys: String, CodingKey {
        case title, description, imageHref
    }

    /// Lenient: a field that is missing, null, or not a string reads as nil; text is trimmed
    /// and an empty string is nil; a text longer than ``KeptText/maxCharacters`` is cut, saying so.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func text(_ key: CodingKeys) -> String? {
            guard let value = (try? container.decodeIfPresent(String.self, forKey: key)) ?? nil else { return nil }
            let trimmed = value.trimmingWhitespaceAndNewlines
            return trimmed.isEmpty ? nil : KeptText.capped(trimmed)
        }
        title = text(.title)
        description = text(.description)
        imageHref = text(.imageHref)
    }
}
