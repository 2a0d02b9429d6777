import Foundation

/// Where explorer keeps things, following the XDG base directory conventions.
struct ExplorerPaths {
    let environment: [String: String]

    private var home: String { environment["HOME"] ?? NSHomeDirectory() }

    /// Favourites and cache: `$XDG_DATA_HOME/explorer`, else `~/.local/share/explorer`.
    var dataDirectory: URL {
        let base = nonEmpty("XDG_DATA_HOME") ?? home + "/.local/share"
        return URL(fileURLWithPath: base).appendingPathComponent("explorer")
    }

    /// Key files and the like: `$XDG_CONFIG_HOME/explorer`, else `~/.config/explorer`.
    var configDirectory: URL {
        let base = nonEmpty("XDG_CONFIG_HOME") ?? home + "/.config"
        return URL(fileURLWithPath: base).appendingPathComponent("explorer")
    }

    /// History: `$EXPLORER_HISTFILE`, else `$XDG_STATE_HOME/explorer/history`, else
    /// `~/.local/state/explorer/history`; `/dev/null` (or an empty value) keeps none.
    var historyFile: String? {
        if let explicit = environment["EXPLORER_HISTFILE"] {
            return explicit.isEmpty || explicit == "/dev/null" ? nil : explicit
        }
        let base = nonEmpty("XDG_STATE_HOME") ?? home + "/.local/state"
        return base + "/explorer/history"
    }

    private func nonEmpty(_ name: String) -> String? {
        guard let value = environment[name], !value.isEmpty else { return nil }
        return value
    }
}
