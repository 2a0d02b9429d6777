import Foundation

/// The zsh completion script swift-argument-parser (1.8.2) writes, made usable. It gives every
/// command a `help` subcommand in its completion scripts, even one without subcommands, as
/// two `_arguments` specs, `'(-): :->command'` and `'(-)*:: :->arg'`; with the script files
/// that explorer takes (`'*:file:_files'`) zsh then has two specs for the rest of the words and
/// refuses them all on every Tab (`doubled rest argument definition`), so nothing completes.
/// The two specs of the subcommand are left out: zsh completes flags, their values and files,
/// as bash and fish do (`explorer help` still works; zsh just does not offer it).
struct ZshCompletionScript {
    /// The specs of the `help` subcommand, each alone on its line of the `arg_specs` array.
    static let subcommandSpecs: Set<String> = ["'(-): :->command'", "'(-)*:: :->arg'"]

    let text: String

    /// `text` when it is a zsh completion script (its first line is `#compdef NAME`, as zsh
    /// requires), else nil.
    init?(_ text: String) {
        guard text.hasPrefix("#compdef ") else { return nil }
        self.text = text
    }

    /// The script without the subcommand's specs.
    var repaired: String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !Self.subcommandSpecs.contains($0.trimmingCharacters(in: .whitespaces)) }
            .joined(separator: "\n")
    }
}
