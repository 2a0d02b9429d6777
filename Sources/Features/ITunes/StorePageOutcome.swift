/// What `web` did: the store page opened with a program, or only given.
public struct StorePageOutcome: Sendable, Equatable {
    public var url: String
    /// The program asked to open it (`xdg-open`), or nil when there is none.
    public var opener: String?
    /// The opener's exit status, when it ran.
    public var status: Int32?

    public var opened: Bool { opener != nil && status == 0 }
}
