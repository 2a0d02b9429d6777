import ExplorerText

/// The declared links of one item (``PagedListDefinition/links``) with the names known for
/// them: the fields a detail shows for them and the links `follow` takes.
public struct LinkedFields<Item> {
    public let item: Item
    let links: [ItemLink<Item>]
    /// Names of linked records by URL, as far as they could be had.
    public let names: [String: String]
    let record: @Sendable (String) -> (kind: String, id: String)?

    public init(item: Item, links: [ItemLink<Item>], names: [String: String],
                record: @escaping @Sendable (String) -> (kind: String, id: String)?) {
        self.item = item
        self.links = links
        self.names = names
        self.record = record
    }

    /// The field of the link declared as `field`: its records by name (`people/13` where the
    /// name is not known), numbered when `follow` takes one of many; as data each record's id,
    /// name and URL. A field not declared is an empty one.
    public subscript(field: String) -> ScreenField {
        guard let link = links.first(where: { $0.field == field }) else {
            assertionFailure("\(field) is not a declared link")
            return ScreenField(field, text: "none", value: .null)
        }
        let urls = link.urls(item)
        let record = link.record ?? self.record
        switch link.namesOne?(item) == true ? .one : link.arity {
        case .one:
            guard let url = urls.first else { return ScreenField(field, text: "unknown", value: .null) }
            return ScreenField(field, text: names[url] ?? reference(url, record), value: json(url, record))
        case .many:
            guard !urls.isEmpty else { return ScreenField(field, text: "none", value: .array([])) }
            var texts: [String] = []
            var values: [JSONValue] = []
            for (url, link) in numbered(field, urls, record) {
                guard let link else {
                    texts.append(reference(url, record))
                    values.append(json(url, record))
                    continue
                }
                // U+00A0 keeps the number on the line of the name's first word (see FieldList).
                texts.append("\(link.number)\u{A0}\(link.title)")
                values.append(["number": .int(link.number), "id": .string(link.id), "name": .optional(link.name), "url": .string(url)])
            }
            return ScreenField(field, text: texts.joined(separator: ", "), value: .array(values))
        }
    }

    /// Every URL the declared links name, in declaration order: the names a detail wants.
    public var urls: [String] {
        links.flatMap { $0.urls(item) }
    }

    /// Every link `follow` can take, numbered from 1 within its field in the order the API
    /// lists them; a URL that names no record is left out (and not counted).
    public var followable: [FeatureLink] {
        links.flatMap { link in
            numbered(link.field, link.urls(item), link.record ?? record).compactMap(\.link)
        }
    }

    /// `people/13`: the record a URL names, whatever it is called; the URL when it names none.
    public func reference(_ url: String) -> String {
        reference(url, record)
    }

    private func reference(_ url: String, _ record: (String) -> (kind: String, id: String)?) -> String {
        record(url).map { "\($0.kind)/\($0.id)" } ?? url
    }

    /// One link as data: `{"id": "1", "name": "Tatooine", "url": "…/planets/1/"}`.
    func json(_ url: String, _ record: (String) -> (kind: String, id: String)?) -> JSONValue {
        ["id": .optional(record(url)?.id), "name": .optional(names[url]), "url": .string(url)]
    }

    private func numbered(_ field: String, _ urls: [String],
                          _ record: (String) -> (kind: String, id: String)?) -> [(url: String, link: FeatureLink?)] {
        var number = 0
        return urls.map { url in
            guard let (kind, id) = record(url) else { return (url, nil) }
            number += 1
            return (url, FeatureLink(field: field, number: number, kind: kind, id: id, name: names[url]))
        }
    }
}
