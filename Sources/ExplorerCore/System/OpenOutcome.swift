import ExplorerText

/// What asking the desktop to open something did: opened it with a program, or only gave it
/// (no opener on this machine, or the opener failed).
public struct OpenOutcome: Sendable, Equatable {
    /// The URL or file path.
    public var target: String
    /// The program asked to open it (`xdg-open`), or nil when there is none.
    public var opener: String?
    /// The opener's exit status, when it ran.
    public var status: Int32?

    public init(target: String, opener: String?, status: Int32?) {
        self.target = target
        self.opener = opener
        self.status = status
    }

    public var opened: Bool { opener != nil && status == 0 }

    /// `opened URL`, or `LABEL: URL` (with why, when the opener failed).
    public func text(label: String) -> String {
        switch (opener, status) {
        case (_?, 0?): "opened \(target)"
        case (let opener?, let status?): "\(label): \(target) (\(opener) failed with status \(status))"
        default: "\(label): \(target)"
        }
    }

    /// `url`/`file`, `opened`, `opener`, `status`, for JSON.
    public func facts(key: String) -> JSONObject {
        [key: .string(target), "opened": .bool(opened), "opener": .optional(opener),
         "status": status.map { .int(Int($0)) } ?? .null]
    }
}
