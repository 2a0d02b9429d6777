/// A link from the detail on show to a record another feature shows: the Millennium Falcon's
/// first pilot, Chewbacca, whom characters shows. `follow pilots 1` takes it.
///
/// A feature names a record by its kind and id as the API does (`people`, `13`); the registry
/// finds the feature that declares that kind in its ``FeatureDescriptor/records``, so no
/// feature needs to know another.
public struct FeatureLink: Sendable, Equatable {
    /// The field the link is listed in, which `follow` takes: `pilots`.
    public let field: String
    /// Its place in that field, from 1: `follow pilots 2` takes the second.
    public let number: Int
    /// The kind of record it names, as the API calls it: `people`.
    public let kind: String
    /// The record's id in the API: `13`.
    public let id: String
    /// What the record is called, when it is known: `Chewbacca`.
    public let name: String?

    public init(field: String, number: Int, kind: String, id: String, name: String?) {
        self.field = field
        self.number = number
        self.kind = kind
        self.id = id
        self.name = name
    }

    /// `people/13`: the record, whatever it is called.
    public var reference: String { "\(kind)/\(id)" }

    /// `Chewbacca`, or `people/13` when the name is not known.
    public var title: String { name ?? reference }

    /// `Chewbacca (people/13)`, or `people/13` when the name is not known: for messages.
    public var titleWithReference: String { name.map { "\($0) (\(reference))" } ?? reference }
}
