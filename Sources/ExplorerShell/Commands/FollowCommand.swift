import ExplorerCore
import ExplorerText

/// `follow <link> [N]`: opens the record link N of the detail on show names (or its only one),
/// in the feature that shows records of its kind (a starship's pilot in characters); `back`
/// returns.
struct FollowCommand: GlobalCommand {
    static let name = "follow"
    static let usage = "follow <link> [N]"
    static let synopsis = "follow <link> [N]"
    static let summary = "open what a detail links to, in its own feature"
    static let details = """
        A detail numbers the links it has that another feature can open (a link to one record, \
        such as a homeworld, needs no number): a starship's pilots are \
        characters, a character's starships are starships. `follow pilots 1` on the Millennium \
        Falcon opens Chewbacca in characters, as `use characters; open 13` would; a link to one \
        record needs no number (`follow homeworld` on Luke opens Tatooine); `back` there \
        returns to the Falcon, where you left it. `back` anywhere else goes up as usual, and `use` \
        forgets the way back. Tab offers the links of the detail on show and their numbers.
        """

    static func actsOnFeatureInUse(_ arguments: [String]) -> Bool { true }

    static func complete(_ previous: [String], _ partial: String, in shell: Shell) -> [String] {
        guard let feature = shell.activeFeature as? any LinkingFeature, let links = feature.links else { return [] }
        switch previous.count {
        case 0:
            var fields: [String] = []
            for link in links where !fields.contains(link.field) { fields.append(link.field) }
            return fields
        case 1:
            let field = Shell.linkField(previous[0], of: feature)
            return links.filter { $0.field == field }.map { String($0.number) }
        default:
            return []
        }
    }

    let field: String
    let number: String?

    init(_ arguments: [String]) throws(CommandError) {
        guard arguments.count == 1 || arguments.count == 2 else { throw Self.usageError }
        field = arguments[0]
        number = arguments.count == 2 ? arguments[1] : nil
    }

    func run(in shell: Shell) async throws -> CommandOutput {
        try await shell.follow(field, number)
    }
}
