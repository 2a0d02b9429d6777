import ExplorerCore

extension Shell {
    /// What to put in place of the word being typed at the end of `line` (the text before the
    /// cursor): command names first, then what the command expects — feature ids after `use`,
    /// `next` and `prev` after `page`, row numbers after `open`, keys and values after `filter`,
    /// file names after `run`. The line is read as the tokenizer reads it (quotes, backslashes,
    /// `;`, comments), and each candidate is written back so that it reads as one word again:
    /// `run my demo.txt` becomes `run my\ demo.txt` (see ``PartialLine``).
    public func completions(for line: String) -> [String] {
        let typed = PartialLine(line)
        guard !typed.inComment else { return [] }
        let words = typed.words, partial = typed.partial
        let candidates: [String]
        if let name = words.first {
            candidates = argumentCandidates(command: name, previous: Array(words.dropFirst()), partial: partial)
        } else {
            candidates = commandNames + registry.ids
        }
        var seen: Set<String> = []
        let matches = candidates
            .filter { $0.lowercased().hasPrefix(partial.lowercased()) && seen.insert($0).inserted }
        // File names (`run`, `once`, `output`) are never padded: a file called `1` is not `01`.
        let completesFileNames = words.first.map(Self.fileNameCommands.contains) ?? false
        let shown = partial.isEmpty && !completesFileNames ? Self.equalWidthNumbers(matches) : matches
        return shown.compactMap { typed.replacement(for: $0, isOnly: shown.count == 1) }
    }

    /// The commands whose argument is a file name, as they declare.
    static let fileNameCommands = Set(globalCommandTypes.filter { $0.completesFileNames }.map { $0.name })

    /// Row numbers of different lengths padded with zeros to one length (`01 02 … 10`): libedit
    /// lists candidates sorted as text, which would read `1 10 2 3 …`; padded, text order is
    /// number order, and `open 05` opens row 5. Anything else is left as it is.
    static func equalWidthNumbers(_ candidates: [String]) -> [String] {
        guard candidates.count > 1, candidates.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (0x30...0x39).contains($0) } })
        else { return candidates }
        let width = candidates.map(\.utf8.count).max() ?? 0
        return candidates.map { String(repeating: "0", count: width - $0.utf8.count) + $0 }
    }

    private func argumentCandidates(command name: String, previous: [String], partial: String) -> [String] {
        if let global = globalCommands.first(where: { $0.name == name }) {
            return global.complete(previous, partial)
        }
        if let command = activeCommands.first(where: { $0.name == name }) {
            return command.complete(previous, partial)
        }
        return []
    }
}
