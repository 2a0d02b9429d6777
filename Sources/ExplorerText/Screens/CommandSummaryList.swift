/// Commands as `help` lists them: a title, then each usage with its summary beside it. In JSON
/// under `key`, each as `{"name": "open", "usage": "open N", "summary": "…"}`.
public struct CommandSummaryList: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var usage: String
        public var summary: String

        public init(name: String, usage: String, summary: String) {
            self.name = name
            self.usage = usage
            self.summary = summary
        }
    }

    public var title: String
    public var key: String
    public var entries: [Entry]

    public init(title: String, key: String, entries: [Entry]) {
        self.title = title
        self.key = key
        self.entries = entries
    }
}
