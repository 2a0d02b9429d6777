extension Shell {
    /// Candidates for the word being typed at the end of `line` (the text before the cursor):
    /// command names first, then what the command expects — feature ids after `use`, `next` and
    /// `prev` after `page`, row numbers after `open`, keys and values after `filter`.
    public func completions(for line: String) -> [String] {
        let segment = line.split(separator: ";", omittingEmptySubsequences: false).last.map(String.init) ?? line
        var words = segment.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let partial: String
        if segment.last == " " || segment.last == "\t" || words.isEmpty {
            partial = ""
        } else {
            partial = words.removeLast()
        }
        let candidates: [String]
        if let name = words.first {
            candidates = argumentCandidates(command: name, previous: Array(words.dropFirst()), partial: partial)
        } else {
            candidates = commandNames + registry.ids
        }
        var seen: Set<String> = []
        return candidates
            .filter { $0.lowercased().hasPrefix(partial.lowercased()) && seen.insert($0).inserted }
    }

    private func argumentCandidates(command name: String, previous: [String], partial: String) -> [String] {
        if let global = globalCommands.first(where: { $0.name == name }) {
            return global.complete(previous, partial)
        }
        if let command = activeFeature?.commands.first(where: { $0.name == name }) {
            return command.complete(previous, partial)
        }
        return []
    }
}
