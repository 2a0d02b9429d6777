import ExplorerCore
import ExplorerText
import ExplorerClock

/// The script files `run` is reading, outermost first. Stops a script from running itself,
/// directly or through other scripts (told by the file's resolved path, so `a.txt`, `./a.txt`
/// and a symbolic link to it are one script), and limits how deep scripts nest.
public struct ScriptStack: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        /// The file as the user wrote it, for messages.
        public let name: String
        /// The file's resolved path (symbolic links, `.` and `..` resolved).
        public let path: String

        public init(name: String, path: String) {
            self.name = name
            self.path = path
        }
    }

    /// How many scripts may run inside one another by default.
    public static let defaultMaximumDepth = 8

    public let maximumDepth: Int
    public private(set) var entries: [Entry] = []

    public init(maximumDepth: Int = defaultMaximumDepth) {
        self.maximumDepth = maximumDepth
    }

    /// How many scripts are running now.
    public var depth: Int { entries.count }

    /// Starts the script `name` (resolved: `path`), or says why it cannot start: it is already
    /// running, or scripts are nested ``maximumDepth`` deep already.
    public mutating func enter(_ name: String, path: String) throws(CommandError) {
        if let index = entries.firstIndex(where: { $0.path == path }) {
            guard index == entries.count - 1 else {
                let chain = (entries[index...].map(\.name) + [name]).joined(separator: " → ")
                throw CommandError("\(name) is already running (\(chain): a script cannot run itself)")
            }
            throw CommandError("\(name) is already running (a script cannot run itself)")
        }
        guard entries.count < maximumDepth else {
            throw CommandError("cannot run \(name): scripts can run inside one another at most \(maximumDepth) deep")
        }
        entries.append(Entry(name: name, path: path))
    }

    /// Ends the innermost script.
    public mutating func leave() {
        entries.removeLast()
    }
}
