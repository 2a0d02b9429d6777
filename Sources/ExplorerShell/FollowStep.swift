import ExplorerCore

/// A `follow` taken: the feature it left and where, and what it opened, so that `back` from
/// there returns to where the user was.
@MainActor
struct FollowStep {
    /// The feature followed from, and the place in it (the detail the link was on).
    let origin: String
    let originPlace: FeaturePlace
    /// The feature the link opened in, where it was before, and the detail `follow` opened.
    let target: String
    let targetPlaceBefore: FeaturePlace
    let arrival: FeaturePlace
}
