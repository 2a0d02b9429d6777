import ExplorerText

/// A feature described in Plugins.json rather than written in Swift: a list/detail over a JSON
/// API, said in data (../shared/specs/described-features.md is the contract, and
/// docs/configuration.md documents every key). The kit's paged list shows it, configured by
/// this value (``DescribedList``).
public struct FeatureDescription: Sendable, Equatable {
    /// The heading of the list: `Star Wars films`.
    public var title: String
    public var list: List
    /// How one record is fetched; nil when a row is the whole record.
    public var detail: Detail?
    public var id: Identity
    /// The field (a path) that names a row in lists, favourites, prompts and links.
    public var name: JSONPath
    /// The field names the list shows in text, in order.
    public var columns: [String]
    public var fields: [Field]
    /// The field names `sort` accepts.
    public var sort: [String]
    public var search: Search?
    public var auth: Auth?
    public var offline: Offline?

    public init(title: String, list: List, detail: Detail?, id: Identity, name: JSONPath, columns: [String],
                fields: [Field], sort: [String], search: Search?, auth: Auth?, offline: Offline?) {
        self.title = title
        self.list = list
        self.detail = detail
        self.id = id
        self.name = name
        self.columns = columns
        self.fields = fields
        self.sort = sort
        self.search = search
        self.auth = auth
        self.offline = offline
    }

    /// Where the list is and how the API pages it.
    public struct List: Sendable, Equatable {
        /// The path under the base URL: `/films/`.
        public var path: String
        /// Fixed query parameters, in the order given.
        public var params: [Parameter]
        /// Where the rows are in an answer (`results`; the root for `$`).
        public var items: JSONPath
        public var paging: Paging

        public init(path: String, params: [Parameter], items: JSONPath, paging: Paging) {
            self.path = path
            self.params = params
            self.items = items
            self.paging = paging
        }
    }

    /// A fixed query parameter: `{"sort": "new"}` gives `sort=new`.
    public struct Parameter: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// How the API pages its list.
    public enum Paging: Sendable, Equatable {
        /// The answer holds the next page's URL at `next`, the total at `total`.
        case next(next: JSONPath, total: JSONPath?)
        /// A page-number parameter starting at `start`, the page size as `sizeParam=size`.
        case page(param: String, start: Int, sizeParam: String?, size: Int?, total: JSONPath?)
        /// `offsetParam` and `limitParam`, `limit` rows a page.
        case offset(offsetParam: String, limitParam: String, limit: Int, total: JSONPath?)
        /// The `Link` header's `rel="next"`, and `rel="last"` for the count.
        case link
        /// One answer is the whole list.
        case none

        /// `next`, `page`, `offset`, `link`, `none`: as Plugins.json names it.
        public var kind: String {
            switch self {
            case .next: "next"
            case .page: "page"
            case .offset: "offset"
            case .link: "link"
            case .none: "none"
            }
        }
    }

    /// How one record is fetched.
    public struct Detail: Sendable, Equatable {
        public enum Source: Sendable, Equatable {
            /// A path under the base URL with `{id}` in it: `/films/{id}/`.
            case path(String)
            /// The URL held in the row's id field.
            case url
        }

        public var source: Source
        /// Where the record is in the answer (the root by default).
        public var items: JSONPath

        public init(source: Source, items: JSONPath = .root) {
            self.source = source
            self.items = items
        }
    }

    /// The field that identifies a row, and what of it is the id.
    public struct Identity: Sendable, Equatable {
        public enum Take: String, Sendable, Equatable {
            case value
            case lastPathSegment
        }

        public var field: JSONPath
        public var take: Take

        public init(field: JSONPath, take: Take = .value) {
            self.field = field
            self.take = take
        }
    }

    /// A field of a record: how it is called, where it is, what it holds.
    public struct Field: Sendable, Equatable {
        public enum Kind: String, Sendable, Equatable, CaseIterable {
            case text, number, date, url, image, bool, link

            /// Every kind's name, as a field's `type` gives it.
            static let names = allCases.map { $0.rawValue }
        }

        /// As the list, detail, `sort`, `filter`, JSON and CSV call it.
        public var name: String
        public var path: JSONPath
        public var type: Kind
        /// Strings that mean no value.
        public var unknown: [String]
        /// Whether `filter NAME=VALUE` is offered on it.
        public var filter: Bool
        /// Whether only the detail shows it.
        public var detailOnly: Bool
        /// For a link: the id of the feature that owns the records it names.
        public var to: String?

        public static let defaultUnknown = ["unknown", "n/a", ""]

        public init(name: String, path: JSONPath, type: Kind = .text, unknown: [String] = Field.defaultUnknown,
                    filter: Bool = false, detailOnly: Bool = false, to: String? = nil) {
            self.name = name
            self.path = path
            self.type = type
            self.unknown = unknown
            self.filter = filter
            self.detailOnly = detailOnly
            self.to = to
        }
    }

    /// `search WORDS` asks the API with this query parameter (live).
    public struct Search: Sendable, Equatable {
        public var param: String

        public init(param: String) {
            self.param = param
        }
    }

    /// Where a secret comes from and how a request carries it.
    public struct Auth: Sendable, Equatable {
        public enum Kind: String, Sendable, Equatable {
            /// `Authorization: Bearer SECRET`.
            case bearer
            /// A header called `name`.
            case header
            /// A query parameter called `name`.
            case query
        }

        public var type: Kind
        /// The header or parameter (nil for a bearer token).
        public var name: String?
        /// The environment variable holding the secret.
        public var env: String
        /// A file holding the secret, when the variable is not set.
        public var file: String?
        /// Whether requests go without it when it is missing.
        public var optional: Bool

        public init(type: Kind, name: String?, env: String, file: String?, optional: Bool) {
            self.type = type
            self.name = name
            self.env = env
            self.file = file
            self.optional = optional
        }
    }

    /// What answers when the source is embedded.
    public enum Offline: Sendable, Equatable {
        /// Data compiled in, by name (`swapi`).
        case embedded(String)
        /// A recording made with `--record`, relative to the Plugins.json.
        case recording(String)
    }
}
