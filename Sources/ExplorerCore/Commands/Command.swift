import ExplorerText

/// A command a user can type: its name, how to use it, help text, argument completion, and
/// what it does. Global commands belong to the shell; each feature adds its own.
@MainActor
public struct Command {
    public let name: String
    /// How to type it, e.g. `open N` or `page next|prev|N`.
    public let usage: String
    /// How `help` lists it, where the column must stay narrow: the usage, unless the command
    /// gave a shorter form (`net [latency|fail …]`).
    public let synopsis: String
    /// One line for `help`.
    public let summary: String
    /// More detail for `help <command>`; may be empty.
    public let details: String
    /// Candidates for the argument being typed, given the arguments before it and what has
    /// been typed of it so far (the shell keeps those that start with it).
    public let complete: @MainActor (_ previousArguments: [String], _ partial: String) -> [String]
    /// Runs the command with its arguments; says what the shell prints (the view's screen, a
    /// reply of its own, or nothing).
    public let run: @MainActor (_ arguments: [String]) async throws -> CommandOutput
    /// The view model's intent the command sends (`StarshipsViewModel.open(_:)`), for `arch`;
    /// nil for a command the shell or the feature answers itself.
    public private(set) var intent: String?
    /// Whether Ctrl-C is how the command ordinarily ends (`watch`, a playing preview): at a
    /// terminal it then stops the command without an `error: interrupted`.
    public private(set) var endsAtInterrupt = false

    public init(
        _ name: String,
        usage: String? = nil,
        synopsis: String? = nil,
        summary: String,
        details: String = "",
        arguments: CommandArguments = .any,
        complete: @escaping @MainActor ([String]) -> [String] = { _ in [] },
        run: @escaping @MainActor ([String]) async throws -> CommandOutput
    ) {
        self.name = name
        self.usage = usage ?? name
        self.synopsis = synopsis ?? usage ?? name
        self.summary = summary
        self.details = details
        self.complete = { previous, _ in complete(previous) }
        self.run = Self.checking(arguments, usage: usage ?? name, run)
    }

    /// A command whose completion depends on the word being typed (`filter eye=` → colours).
    public init(
        _ name: String,
        usage: String? = nil,
        synopsis: String? = nil,
        summary: String,
        details: String = "",
        arguments: CommandArguments = .any,
        completeWord: @escaping @MainActor (_ previousArguments: [String], _ partial: String) -> [String],
        run: @escaping @MainActor ([String]) async throws -> CommandOutput
    ) {
        self.name = name
        self.usage = usage ?? name
        self.synopsis = synopsis ?? usage ?? name
        self.summary = summary
        self.details = details
        self.complete = completeWord
        self.run = Self.checking(arguments, usage: usage ?? name, run)
    }

    /// `run`, after the number of words is checked against `arguments`: a wrong count is the
    /// usage error of the declared usage.
    private static func checking(_ arguments: CommandArguments, usage: String,
                                 _ run: @escaping @MainActor ([String]) async throws -> CommandOutput) -> @MainActor ([String]) async throws -> CommandOutput {
        if case .any = arguments { return run }
        return { words in
            guard arguments.allows(words.count) else { throw CommandError.usage(usage) }
            return try await run(words)
        }
    }

    /// The same command, ended by Ctrl-C as by its own end (see ``endsAtInterrupt``).
    public func endingAtInterrupt() -> Command {
        var command = self
        command.endsAtInterrupt = true
        return command
    }

    /// The same command, naming the intent it sends: `.intent(StarshipsViewModel.self, "page(_:)")`.
    public func intent(_ owner: Any.Type, _ method: String) -> Command {
        var command = self
        command.intent = "\(owner).\(method)"
        return command
    }
}
