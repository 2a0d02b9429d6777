extension ScreenTable {
    /// The table with only its first `count` rows (itself when it has no more).
    public func prefix(_ count: Int) -> ScreenTable {
        guard count < rowCount else { return self }
        var table = self
        switch content {
        case .cells(let rows): table.content = .cells(Array(rows.prefix(count)))
        case .list(let list): table.content = .list(list.prefix(count))
        }
        return table
    }
}

extension ScreenTable.ListRows {
    /// The first `count` rows, as they are kept.
    func prefix(_ count: Int) -> Self {
        var rows = self
        rows.marks = Array(marks.prefix(count))
        rows.fields = Array(fields.prefix(count))
        rows.positions = Array(positions.prefix(count))
        return rows
    }
}
