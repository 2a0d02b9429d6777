/// A screen state that can say "loading": while it does, views do not render it.
public protocol LoadingState: Sendable, Equatable {
    var isLoading: Bool { get set }
}
