import Foundation
internal import GRDB

/// Rows for the database that are written inside another store's transaction, so that what
/// belongs together is written together: a page's titles in the offline index with the same
/// page's body in the response cache, one write per page (``ResponseCache/store(_:for:alongside:)``).
/// Made by ``OfflineIndex/storing(_:collection:page:)``; ``run()`` writes it alone.
public struct StoreWrite: Sendable {
    /// The database the rows are for.
    let database: AppDatabase
    let apply: @Sendable (Database) throws -> Void

    /// Writes the rows alone, in a transaction of their own.
    public func run() throws {
        try database.write(apply)
    }
}
