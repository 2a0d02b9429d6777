import ExplorerCore

/// What `run FILE` throws when commands inside the file failed: each was reported (`error:
/// FILE:LINE: …`) and counted as it happened, so the shell reports this one no more; it only
/// makes the `run` a failure, which `--bail` stops at.
struct ScriptFailure: Error, Equatable, CustomStringConvertible {
    /// The file as the user wrote it.
    let name: String
    /// How many of its commands failed (those of scripts it ran included).
    let failures: Int

    var description: String {
        "\(name): \(failures == 1 ? "1 command" : "\(failures) commands") failed"
    }
}
