import ExplorerCore
import ExplorerText

/// `head N`: the list the feature in use shows, again, with only its first N rows — the list as
/// it stands now (a `fav` since it was printed shows), its heading and hints kept, and a line
/// saying how many rows were left out (``Screen/keepingRows(_:by:)``). Once: the next screen is
/// whole again (`--rows N` cuts every list). It shows what the feature's view last showed on
/// the outlet, the screen the shell prints after a command; it asks the view model nothing.
struct HeadCommand: GlobalCommand {
    static let name = "head"
    static let usage = "head N"
    static let summary = "the list on screen again, its first N rows only"
    static let listedWith: (any GlobalCommand.Type)? = PagerCommand.self
    static let details = """
        Shows the list the feature in use is on again (its page, its favourites), as it is now, with only its \
        first N rows and a line saying how many were left out: `… 72 more rows (head 10 of 82)`. Once: the next \
        screen is whole again; `--rows N` cuts every list of a session or script. In JSON the rows are cut to N and \
        `head` says how many of how many (`"head":{"rows":10,"of":82}`), the list's own counts as they were; in CSV \
        the header and the first N rows. It asks for nothing and changes nothing.
        """

    static func actsOnFeatureInUse(_ arguments: [String]) -> Bool { true }

    /// Nothing is offered for N: any number of rows will do.
    static func complete(_ previous: [String], _ partial: String, in shell: Shell) -> [String] { [] }

    let count: Int

    init(_ arguments: [String]) throws(CommandError) {
        guard arguments.count == 1, let word = arguments.first else { throw Self.usageError }
        guard let count = Int(word), count >= 1 else {
            throw Self.usageError(hint: "'\(word.sanitizedForTerminal.truncated(toWidth: 20))' is not a number of rows: 1 or more")
        }
        self.count = count
    }

    func run(in shell: Shell) async throws -> CommandOutput {
        guard let activeID = shell.activeID else {
            throw CommandError("no list on screen: `head N` shows the first rows of the list of the feature in use (`use <id>` first)")
        }
        let latest = shell.outlet.latest
        guard let screen = latest, let total = screen.listRowCount else {
            let shown = latest.map { " (\(activeID) shows a \($0.kind): `back` returns to its list)" } ?? ""
            throw CommandError("no list on screen\(shown)")
        }
        var head = screen.keepingRows(count, by: "head \(count)")
        // Marked even when nothing was left out, so that `--rows` does not cut it again.
        if !head.isHeadOfList { head.facts["head"] = ["rows": .int(total), "of": .int(total)] }
        return .reply(head)
    }
}
