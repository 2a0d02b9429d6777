/// What explorer did in one transcript scenario, normalized (see ``OutputNormalizer``) and
/// ready to compare with the transcript's expected sections.
struct TranscriptResult: Sendable {
    var stdout: String
    var stderr: String
    /// `0\n`-style, as the `--- status` section holds it.
    var status: String
    /// The fake server's request log (one target per line), when the scenario has a server.
    var requests: String?
    /// Problems that are not a difference in text: killed for taking too long, output that
    /// is not UTF-8.
    var problems: [String]
    var duration: Double
}
