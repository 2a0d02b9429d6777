/// Where the user was inside a feature, kept so that they can be taken back there: `follow`
/// keeps the detail it left, and `back` restores it.
@MainActor
public struct FeaturePlace {
    private let isCurrentNow: @MainActor () -> Bool
    private let restoreNow: @MainActor () -> Void

    /// `isCurrent` says whether the feature is still there; `restore` puts it back there (its
    /// view shows it, if on screen).
    public init(isCurrent: @escaping @MainActor () -> Bool, restore: @escaping @MainActor () -> Void) {
        isCurrentNow = isCurrent
        restoreNow = restore
    }

    /// Whether the feature is still at this place.
    public var isCurrent: Bool { isCurrentNow() }

    /// Puts the feature back at this place.
    public func restore() { restoreNow() }
}
