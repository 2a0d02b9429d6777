import ExplorerHTTP
import ExplorerStore
import Foundation

/// What the binary knows about a feature before it is used: its id, how to describe it, its
/// embedded data, the tables it keeps in the database, and how to build it. Building is
/// deferred until `use`, so start-up stays cheap.
public struct FeatureDescriptor: Sendable {
    public let id: String
    public let title: String
    public let summary: String
    /// Answers the feature's requests from data compiled into the binary.
    public let embedded: EmbeddedResponder
    /// Steps that create and update the feature's own tables (run with the favourites' when the
    /// database is first opened).
    public let migrations: [StoreMigration]
    /// Whether live answers are kept in the ``ResponseCache`` to stand in when the network is
    /// unavailable (see ``CachingHTTPClient``).
    public let cachesResponses: Bool
    /// How live requests get the API's credentials, for an API that needs them.
    public let signer: (@Sendable (RequestSigner.Sources) -> RequestSigner)?
    public let make: @MainActor @Sendable (FeatureContext) -> any Feature
    /// The requests its service makes, as templates relative to the base URL
    /// (`/starships/?page={page}`: `{name}` stands for one value, `{name…}` for any text, and
    /// a template that is one `{name}` alone for an absolute URL), for `arch`; a test checks
    /// every request made matches one.
    public let endpoints: [String]
    /// The kinds of screen its view makes (`list`, `detail`), for `arch`; a test checks every
    /// screen shown is one.
    public let screens: [String]
    /// The settings it takes in Plugins.json, checked at start-up (see ``SettingSpec``).
    public let settings: [SettingSpec]
    /// The kinds of record it shows, as other features' links name them (SWAPI's `people` for
    /// characters): `follow` opens a link of one of these kinds here (see ``LinkingFeature``).
    public let records: [String]
    /// Commands that, after `use`, show every kind of screen the feature makes: what the suites
    /// that check every screen of every feature (JSON, widths, `arch`'s declarations) run, so a
    /// new feature is checked by them without a test edit.
    public let tour: [String]

    public init(
        id: String,
        title: String,
        summary: String,
        embedded: @escaping EmbeddedResponder,
        migrations: [StoreMigration] = [],
        cachesResponses: Bool = false,
        signer: (@Sendable (RequestSigner.Sources) -> RequestSigner)? = nil,
        endpoints: [String] = [],
        screens: [String] = [],
        settings: [SettingSpec] = [],
        records: [String] = [],
        tour: [String] = [],
        make: @escaping @MainActor @Sendable (FeatureContext) -> any Feature
    ) {
        self.endpoints = endpoints
        self.screens = screens
        self.settings = settings
        self.records = records
        self.tour = tour
        self.id = id
        self.title = title
        self.summary = summary
        self.embedded = embedded
        self.migrations = migrations
        self.cachesResponses = cachesResponses
        self.signer = signer
        self.make = make
    }
}
