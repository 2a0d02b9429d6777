/// The progress messages a view model reported while it worked.
@MainActor
public final class ProgressRecorder {
    public private(set) var messages: [String] = []

    public init() {}

    public var report: @MainActor (String) -> Void {
        { [weak self] in self?.messages.append($0) }
    }
}
