/// A readable line diff of expected against actual text, for failure messages: `-` lines are
/// expected but missing, `+` lines came out instead, a few unchanged lines around each change
/// for context. Trailing blanks are made visible (`␠`), since they count.
enum TextDiff {
    static func lines(expected: String, actual: String, context: Int = 3) -> String {
        let old = split(expected)
        let new = split(actual)
        let edits = script(old, new)
        var show = [Bool](repeating: false, count: edits.count)
        for (index, edit) in edits.enumerated() where edit.kind != " " {
            for nearby in max(0, index - context)...min(edits.count - 1, index + context) { show[nearby] = true }
        }
        var output: [String] = []
        var skipped = false
        for (index, edit) in edits.enumerated() {
            guard show[index] else {
                if !skipped { output.append("   …") }
                skipped = true
                continue
            }
            skipped = false
            output.append("\(edit.kind) \(visible(edit.text))")
        }
        if !expected.isEmpty, !actual.isEmpty, expected.hasSuffix("\n") != actual.hasSuffix("\n") {
            output.append("  (expected \(expected.hasSuffix("\n") ? "a" : "no") final newline, got \(actual.hasSuffix("\n") ? "one" : "none"))")
        }
        return output.joined(separator: "\n")
    }

    private struct Edit {
        var kind: Character  // " ", "-", "+"
        var text: String
    }

    private static func split(_ text: String) -> [String] {
        if text.isEmpty { return [] }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if text.hasSuffix("\n") { lines.removeLast() }
        return lines
    }

    private static func visible(_ line: String) -> String {
        var body = Substring(line)
        var trailing = 0
        while body.last == " " {
            body.removeLast()
            trailing += 1
        }
        return body + String(repeating: "␠", count: trailing)
    }

    /// Longest-common-subsequence edit script (outputs are at most a few hundred lines).
    private static func script(_ old: [String], _ new: [String]) -> [Edit] {
        let n = old.count, m = new.count
        var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var edits: [Edit] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, old[i] == new[j] {
                edits.append(Edit(kind: " ", text: old[i])); i += 1; j += 1
            } else if i < n, j == m || table[i + 1][j] >= table[i][j + 1] {
                edits.append(Edit(kind: "-", text: old[i])); i += 1
            } else {
                edits.append(Edit(kind: "+", text: new[j])); j += 1
            }
        }
        return edits
    }
}
