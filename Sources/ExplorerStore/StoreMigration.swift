internal import GRDB

/// A step that brings the database's tables up to date, run once per database in the order the
/// steps are given. The favourites' own come first; a feature adds the steps for its tables with
/// ``FeatureDescriptor/migrations``, named after it so no two clash. Only this module writes one
/// (a search index's is ``OfflineIndex/migrations(prefix:)``): its SQL is GRDB's, which no other
/// module sees.
public struct StoreMigration: Sendable {
    /// Unique and never changed once released: `moviedb v1: cache`.
    public let identifier: String
    let migrate: @Sendable (Database) throws -> Void

    init(_ identifier: String, migrate: @escaping @Sendable (Database) throws -> Void) {
        self.identifier = identifier
        self.migrate = migrate
    }
}
