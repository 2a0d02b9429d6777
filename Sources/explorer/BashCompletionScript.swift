/// The bash completion script swift-argument-parser (1.8.2) writes, made right. Its function
/// that offers flags and options removes each one already on the command line from what it
/// offers next, but looks for an option among the flags twice (it copies the flags' loop
/// without renaming it), so `explorer --source live --` offered `--source` again; zsh's and
/// fish's scripts do not. The second loop is made to look among the options.
struct BashCompletionScript {
    /// The loop as ArgumentParser writes it, and as it should be.
    static let wrongLoop = """
                    if "${not_found}"; then
                        for index in "${!non_repeating_flags[@]}"; do
                            if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                                unset "non_repeating_flags[${index}]"
                                non_repeating_flags=("${non_repeating_flags[@]}")
    """
    static let rightLoop = """
                    if "${not_found}"; then
                        for index in "${!non_repeating_options[@]}"; do
                            if [[ "${non_repeating_options[${index}]}" = "${word}" ]]; then
                                unset "non_repeating_options[${index}]"
                                non_repeating_options=("${non_repeating_options[@]}")
    """

    let text: String

    /// `text` when it is a bash completion script (its first line is `#!/bin/bash`), else nil.
    init?(_ text: String) {
        guard text.hasPrefix("#!/bin/bash\n") else { return nil }
        self.text = text
    }

    /// The script with the loop made right (as it is, should ArgumentParser's change).
    var repaired: String {
        text.replacingOccurrences(of: Self.wrongLoop, with: Self.rightLoop)
    }
}
