import ExplorerCore
import ExplorerText

/// `follow`: from a detail of one feature to the record it links to, in the feature that shows
/// that kind of record, found through the registry (no feature knows another); and the way
/// back, which `back` takes.
extension Shell {
    func follow(_ fieldText: String, _ numberText: String?) async throws -> CommandOutput {
        guard let originID = activeID, let origin = activeFeature else {
            throw CommandError("no feature in use: `follow` takes a link of the detail on show (`open N` on a list first)")
        }
        guard let linking = origin as? any LinkingFeature, !linking.linkFields.isEmpty else {
            throw CommandError("\(originID) has no links to follow: `follow` takes links between features' details")
        }
        let link = try Self.link(fieldText, numberText, of: linking, in: originID)
        guard let owner = registry.owner(ofRecords: link.kind) else {
            throw CommandError("\(link.title) is one of the API's \(link.kind), which no feature of explorer shows")
        }
        guard owner.isEnabled else {
            throw CommandError("\(link.title) would open in \(owner.id), which Plugins.json does not enable")
        }
        guard let target = registry.feature(owner.id) as? any LinkingFeature else {
            throw CommandError("\(owner.id) cannot open a link to \(link.reference)")
        }
        tracer.log("follow: \(link.field) \(link.number) is \(link.reference), which \(owner.id) shows (the registry's owner of \(link.kind))")
        let originPlace = linking.place()
        let targetPlaceBefore = target.place()
        let isAnotherFeature = owner.id != originID
        do {
            if isAnotherFeature {
                try await target.enter(opening: link)
            } else {
                try await target.open(link)
            }
        } catch {
            // Nothing changes: the feature in use and its screen stay; the other feature keeps
            // what it loaded, off screen, where it was.
            if isAnotherFeature { target.didLeave() }
            targetPlaceBefore.restore()
            throw error
        }
        if isAnotherFeature { origin.didLeave() }
        activeID = owner.id
        followSteps.append(FollowStep(origin: originID, originPlace: originPlace, target: owner.id,
                                      targetPlaceBefore: targetPlaceBefore, arrival: target.place()))
        return .view
    }

    /// The link field `text` names on `feature`: `pilots`, or any start of it that names one
    /// field alone (`pil`); nil for none (or an empty word).
    static func linkField(_ text: String, of feature: any LinkingFeature) -> String? {
        let typed = text.lowercased()
        guard !typed.isEmpty else { return nil }
        if feature.linkFields.contains(typed) { return typed }
        let starting = feature.linkFields.filter { $0.hasPrefix(typed) }
        return starting.count == 1 ? starting[0] : nil
    }

    /// Link `numberText` of the field `fieldText` names (its only link when no number is
    /// given), on the detail on show; or an error that says what there is to follow.
    private static func link(_ fieldText: String, _ numberText: String?, of feature: any LinkingFeature,
                             in featureID: String) throws(CommandError) -> FeatureLink {
        guard let links = feature.links else {
            throw CommandError("\(featureID) shows no detail: `open N` first, then \(feature.followUsage)")
        }
        let title = feature.location.last ?? "this detail"
        guard let field = linkField(fieldText, of: feature) else {
            throw CommandError("'\(fieldText.sanitizedForTerminal.truncated(toWidth: 20))' is not a link to follow: on \(featureID), \(feature.followUsage)")
        }
        let numbered = links.filter { $0.field == field }
        guard !numbered.isEmpty else { throw CommandError("\(title) has no \(field) to follow") }
        let range = "\(numbered.count) (\(field) 1\(numbered.count == 1 ? "" : "–\(numbered.count)"))"
        guard let numberText else {
            guard numbered.count == 1 else { throw CommandError("which of \(title)'s \(field)? it has \(range): `follow \(field) N`") }
            return numbered[0]
        }
        guard let number = Int(numberText) else {
            throw CommandError("expected a number, not '\(numberText.sanitizedForTerminal.truncated(toWidth: 20))': \(title) has \(range)")
        }
        guard let link = numbered.first(where: { $0.number == number }) else {
            throw CommandError("no \(field) \(number): \(title) has \(range)")
        }
        return link
    }

    /// `back` on the detail a `follow` opened: the feature it came from, where it was left; the
    /// feature followed to goes back, off screen, to where it was before. Nil when `back` is
    /// not that.
    func backFromFollow() async throws -> CommandOutput? {
        guard let step = followSteps.last, step.target == activeID, step.arrival.isCurrent,
              let origin = registry.feature(step.origin) else { return nil }
        followSteps.removeLast()
        if step.origin != step.target { activeFeature?.didLeave() }
        step.targetPlaceBefore.restore()
        step.originPlace.restore()
        try await origin.enter()
        activeID = step.origin
        return .view
    }

    /// After each command: a `follow` whose detail the user has moved on from (`open 14`, `favs`,
    /// a filter) no longer leads back, even if they come to that detail again later.
    func forgetFollowsMovedOnFrom() {
        while let step = followSteps.last, step.target == activeID, !step.arrival.isCurrent {
            followSteps.removeLast()
        }
    }
}
