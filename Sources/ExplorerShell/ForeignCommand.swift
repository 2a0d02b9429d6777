import ExplorerText

/// Words other tools taught people to type (a shell's `clear`, sqlite3's `.mode csv`), and what
/// explorer has instead: an unknown command that is one of them gets that as its hint rather
/// than the nearest name by spelling (`set` is one letter from `net`, but means something else).
enum ForeignCommand {
    /// What to say after `unknown command 'NAME'`: ` (did you mean 'format csv'?)` or
    /// `: Ctrl-L clears the screen`; nil for a word not known from elsewhere.
    static func hint(_ name: String, _ arguments: [String]) -> String? {
        let word = name.lowercased()
        if let equivalent = dotCommands[word] {
            // `.mode csv` is `format csv`; `.once out.csv` is `once out.csv`.
            let rest = word == ".mode" ? arguments.first.flatMap(modeFormat) : arguments.first?.sanitizedForTerminal.truncated(toWidth: 30)
            return " (did you mean '\(rest.map { "\(equivalent) \($0)" } ?? equivalent)'?)"
        }
        return words[word].map { ": " + $0 }
    }

    /// sqlite3's dot-commands that explorer has under another name.
    private static let dotCommands = [
        ".mode": "format", ".once": "once", ".output": "output", ".read": "run", ".help": "help",
        ".quit": "quit", ".exit": "quit", ".q": "quit", ".tables": "features",
    ]

    /// `.mode csv` is `format csv`; sqlite3's `list` and `box` are explorer's text.
    private static func modeFormat(_ mode: String) -> String? {
        switch mode.lowercased() {
        case "csv": "csv"
        case "json": "json"
        case "list", "box", "table", "column", "line": "text"
        default: nil
        }
    }

    /// Words of shells and other REPLs.
    private static let words = [
        "clear": "Ctrl-L clears the screen",
        "cls": "Ctrl-L clears the screen",
        "timer": "`clock` shows the time and the timers that are pending",
        "timers": "`clock` shows the time and the timers that are pending",
        "set": "settings are commands of their own: `format`, `pager`, `trace`, `net`, `clock` (`help` lists them)",
        "edit": "explorer edits nothing (`help` lists the commands)",
        "ls": "`features` lists the features; `use <id>` shows one's list",
        "cd": "`use <id>` goes into a feature, `back` up a level",
    ]
}
