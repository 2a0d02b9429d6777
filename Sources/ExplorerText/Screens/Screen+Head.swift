extension Screen {
    /// Whether it is a list of rows (`list`, `favourites`, `features`), whose JSON always has `rows`.
    public var isList: Bool { Self.listKinds.contains(kind) }

    /// How many rows it has, when it is a list (``isList``); nil otherwise.
    public var listRowCount: Int? { isList ? table?.rowCount ?? 0 : nil }

    /// Whether its list was cut to its first rows already (`head`, `--rows`): it has `head` in JSON.
    public var isHeadOfList: Bool { facts["head"] != nil }

    /// The screen, when it is a list (``isList``), cut to its first `limit` rows (`head 10`,
    /// `--rows 10`), and the lists nested in it (`arch page 2`'s) likewise: after the list a line says how many rows were left out and
    /// who cut it (`… 72 more rows (head 10 of 82)`); in JSON `head` holds the rows kept and of
    /// how many (`"head":{"rows":10,"of":82}`), the list's own counts (`count`, `loaded`) as
    /// they were. A list no longer than `limit` is left as it is. In a list laid out in size
    /// classes, each row of the compact layout begins with a `.line` (a facts row: its title
    /// line, then its description and image beneath): it is cut before the first row left out.
    public func keepingRows(_ limit: Int, by command: String) -> Screen {
        let isList = isList
        guard isList || blocks.contains(where: { if case .screen = $0 { true } else { false } }) else { return self }
        var screen = self
        var cut = false
        let total = listRowCount ?? 0
        screen.blocks = blocks.flatMap { block -> [ScreenBlock] in
            switch block {
            case .screen(let key, let nested):
                return [.screen(key: key, nested.keepingRows(limit, by: command))]
            case _ where !isList:
                return [block]
            case .table(let table) where table.key == "rows" && table.rowCount > limit:
                cut = true
                return [.table(table.prefix(limit))]
            case .sizeClasses(let compact, let regular, let width) where regular.contains(where: Self.isLongList(limit)):
                cut = true
                var rowsBegun = 0
                let kept = compact.prefix { block in
                    if case .line = block { rowsBegun += 1 }
                    return rowsBegun <= limit
                }
                let shortened = regular.map { block -> ScreenBlock in
                    guard case .table(let table) = block, table.key == "rows" else { return block }
                    return .table(table.prefix(limit))
                }
                return [.sizeClasses(compact: Array(kept), regular: shortened, regularWidth: width)]
            default:
                return [block]
            }
        }
        guard cut else { return screen }
        // The line right after the list, before any hint under it.
        let left = total - limit
        let line = ScreenBlock.hint("… \(ReadableNumber.grouping(left)) more row\(left == 1 ? "" : "s") (\(command) of \(ReadableNumber.grouping(total)))")
        if let index = screen.blocks.firstIndex(where: Self.holdsRows) {
            screen.blocks.insert(line, at: index + 1)
        }
        screen.facts["head"] = ["rows": .int(limit), "of": .int(total)]
        return screen
    }

    /// Whether `block` is the screen's list (its table under `rows`, maybe in size classes).
    private static func holdsRows(_ block: ScreenBlock) -> Bool {
        switch block {
        case .table(let table): table.key == "rows"
        case .sizeClasses(_, let regular, _): regular.contains(where: holdsRows)
        default: false
        }
    }

    private static func isLongList(_ limit: Int) -> (ScreenBlock) -> Bool {
        { block in
            guard case .table(let table) = block else { return false }
            return table.key == "rows" && table.rowCount > limit
        }
    }
}
