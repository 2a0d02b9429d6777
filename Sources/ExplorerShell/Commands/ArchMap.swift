import ExplorerText

/// What `arch` draws of the program or of a feature, kept section by section (``ArchSection``):
/// the whole map is its heading, every section and its closing hint; `arch state` its heading
/// and that section alone, in JSON the heading's members and that section's.
struct ArchMap {
    struct Part {
        var section: ArchSection
        /// Its blocks, the blank line before it first.
        var blocks: [ScreenBlock]
        /// Its members in JSON besides those its blocks hold (its tables').
        var facts: JSONObject
    }

    var feature: String?
    var heading: ScreenBlock
    /// The heading's members in JSON (a feature's `module`): in every section.
    var headingFacts: JSONObject = [:]
    var parts: [Part] = []
    /// After every section, on the whole map only (how to go on).
    var closing: [ScreenBlock] = []

    init(feature: String?, heading: ScreenBlock, facts: JSONObject = [:]) {
        self.feature = feature
        self.heading = heading
        self.headingFacts = facts
    }

    /// Adds `section`, a blank line before its blocks.
    mutating func add(_ section: ArchSection, _ blocks: [ScreenBlock], facts: JSONObject = [:]) {
        parts.append(Part(section: section, blocks: [.blankLine] + blocks, facts: facts))
    }

    /// The whole map; with `sections`, its heading and those sections alone, in the map's order
    /// (a section the map has nothing for says so).
    func screen(only sections: Set<ArchSection>? = nil) -> Screen {
        let shown = sections.map { wanted in parts.filter { wanted.contains($0.section) } } ?? parts
        var facts = headingFacts
        var blocks = [heading]
        for part in shown {
            facts.merge(part.facts)
            blocks += part.blocks
        }
        if let sections {
            let missing = ArchSection.allCases.filter { section in sections.contains(section) && !parts.contains { $0.section == section } }
            for section in missing {
                blocks += [.blankLine, .line("\(feature ?? "explorer") has no \(section.rawValue) to show")]
            }
        } else {
            blocks += closing
        }
        return Screen(feature: feature, kind: "arch", facts: facts, blocks: blocks)
    }
}
