/// What a command shows, as data. Views build screens from state; the shell decides how they
/// are printed: as text (``TextRenderer``), as one JSON object per line (``Screen/json``) or,
/// for tables, as CSV (``CSVRenderer``). Views never build strings for the terminal.
///
/// A screen is read top to bottom as ``blocks``. In JSON it is one object: `feature`, `screen`
/// (the ``kind``), the ``facts`` in order, then what the blocks hold (`rows` of a table, a detail's
/// fields as members, `segments`, `commands`, `notes`), then `warnings`.
public struct Screen: Sendable, Equatable {
    /// The feature it belongs to (`starships`); nil for the shell's own screens (`help`, `features`).
    public var feature: String?
    /// What kind of screen it is, the JSON `screen` member: `list`, `detail`, `segments`, …
    public var kind: String
    /// Raw facts for JSON and CSV readers (`page`, `pages`, `count`, …), in order. Text shows
    /// what it needs of them through its blocks.
    public var facts: JSONObject
    public var blocks: [ScreenBlock]
    /// Something amiss that does not stop the screen (favourites unreadable, a detail not
    /// refreshed): written to stderr as `warning: …`, and listed under `warnings` in JSON.
    public var warnings: [String]

    public init(feature: String?, kind: String, facts: JSONObject = [:], blocks: [ScreenBlock] = [],
                warnings: [String] = []) {
        self.feature = feature
        self.kind = kind
        self.facts = facts
        self.blocks = blocks
        self.warnings = warnings
    }

    /// A screen of one line of text (`source: live`, `★ X is now a favourite`) and its facts.
    public static func message(_ text: String, feature: String? = nil, kind: String, facts: JSONObject = [:]) -> Screen {
        Screen(feature: feature, kind: kind, facts: facts, blocks: [.line(text)])
    }

    /// The first table among the blocks, if any (what CSV writes).
    public var table: ScreenTable? {
        func table(in blocks: [ScreenBlock]) -> ScreenTable? {
            for block in blocks {
                if case .table(let table) = block, table.key == "rows" { return table }
                if case .sizeClasses(_, let regular, _) = block, let table = table(in: regular) { return table }
            }
            return nil
        }
        return table(in: blocks)
    }

    /// The warnings of this screen and of the screens nested in it.
    public var allWarnings: [String] {
        warnings + blocks.flatMap { block -> [String] in
            if case .screen(_, let nested) = block { return nested.allWarnings }
            return []
        }
    }
}
