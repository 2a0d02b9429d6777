/// How the Star Wars features read SWAPI's fields: leniently, so that one missing field never
/// loses an item (let alone the page it is on).
extension KeyedDecodingContainer {
    /// A text field (every SWAPI number is text too); `unknown`, as SWAPI writes it, when missing.
    public func swapiText(_ key: Key) throws -> String {
        try decodeIfPresent(String.self, forKey: key) ?? "unknown"
    }

    /// A list of links to other resources (films, pilots); empty when missing.
    public func swapiLinks(_ key: Key) throws -> [String] {
        try decodeIfPresent([String].self, forKey: key) ?? []
    }

    /// A single link (`url`, `homeworld`); empty when missing.
    public func swapiLink(_ key: Key) throws -> String {
        try decodeIfPresent(String.self, forKey: key) ?? ""
    }
}
