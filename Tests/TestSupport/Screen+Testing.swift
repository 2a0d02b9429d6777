import ExplorerCore
import ExplorerText

extension Screen {
    /// The blocks with the tables left out: what a test of an empty list compares, while it
    /// checks the (empty) table on its own — an empty list keeps its table so that CSV writes
    /// the header.
    public var blocksButTables: [ScreenBlock] {
        blocks.filter { if case .table = $0 { false } else { true } }
    }
}
