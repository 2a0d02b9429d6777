import ExplorerCore
import ExplorerText

/// How the Star Wars features read SWAPI's fields: leniently, so that one missing field never
/// loses an item (let alone the page it is on), and each text at most
/// ``KeptText/maxCharacters`` long (a longer one is cut, saying so).
extension KeyedDecodingContainer {
    /// A text field (every SWAPI number is text too); `unknown`, as SWAPI writes it, when missing.
    public func swapiText(_ key: Key) throws -> String {
        KeptText.capped(try decodeIfPresent(String.self, forKey: key) ?? "unknown")
    }

    /// A text the item cannot go without (its name).
    public func swapiRequiredText(_ key: Key) throws -> String {
        KeptText.capped(try decode(String.self, forKey: key))
    }

    /// A list of links to other resources (films, pilots); empty when missing.
    public func swapiLinks(_ key: Key) throws -> [String] {
        (try decodeIfPresent([String].self, forKey: key) ?? []).map(KeptText.capped)
    }

    /// A single link (`url`, `homeworld`); empty when missing.
    public func swapiLink(_ key: Key) throws -> String {
        KeptText.capped(try decodeIfPresent(String.self, forKey: key) ?? "")
    }
}
