internal import GRDB

/// What `arch` says of a feature's tables, asked here so that no module above this one runs SQL.
extension AppDatabase {
    /// How many answers the shared response cache keeps for `feature`.
    public func cachedAnswerCount(feature: String) throws -> Int {
        try read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM response_cache WHERE feature = ?", arguments: [feature]) ?? 0
        }
    }

    /// The tables a feature's migrations made: those named after it (`moviedb_item`), a
    /// virtual table marked with its module (`moviedb_search (fts5)`) and its shadow tables left out.
    public func tables(ownedBy feature: String) throws -> [String] {
        let rows = try read { db in
            try Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name LIKE ? ESCAPE '\\' ORDER BY name",
                             arguments: [feature.replacingOccurrences(of: "_", with: "\\_") + "\\_%"])
        }
        let tables = rows.map { (name: $0["name"] as String, sql: ($0["sql"] as String?) ?? "") }
        let virtual = tables.filter { $0.sql.uppercased().hasPrefix("CREATE VIRTUAL TABLE") }
        return tables.compactMap { table in
            if virtual.contains(where: { table.name.hasPrefix($0.name + "_") }) { return nil }
            // `CREATE VIRTUAL TABLE moviedb_search USING fts5(…)`: the name after the word USING.
            let words = table.sql.split(whereSeparator: \.isWhitespace)
            guard table.sql.uppercased().hasPrefix("CREATE VIRTUAL TABLE"),
                  let using = words.firstIndex(where: { $0.uppercased() == "USING" }), using + 1 < words.count else { return table.name }
            let module = words[using + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            return module.isEmpty ? table.name : "\(table.name) (\(module.lowercased()))"
        }
    }
}
