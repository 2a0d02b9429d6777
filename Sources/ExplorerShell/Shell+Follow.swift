import ExplorerCore
import ExplorerHTTP
import ExplorerText

/// `follow`: from a detail of one feature to the record it links to, in the feature that shows
/// that kind of record, found through the registry (no feature knows another); and the way
/// back, which `back` takes.
extension Shell {
    func follow(_ fieldText: String, _ numberText: String) async throws -> CommandOutput {
        guard let originID = activeID, let origin = activeFeature else {
            throw CommandError("no feature in use: `follow` takes a link of the detail on show (`open N` on a list first)")
        }
        guard let linking = origin as? any LinkingFeature else {
            throw CommandError("\(originID) has no links to follow: `follow` takes links between features' details")
        }
        let link = try Self.link(fieldText, numberText, of: linking, in: originID)
        guard let owner = registry.owner(ofRecords: link.kind) else {
            throw CommandError("\(link.title) is one of the API's \(link.kind), which no feature of explorer shows")
        }
        guard owner.isEnabled, let target = registry.feature(owner.id) else {
            throw CommandError("\(link.title) would open in \(owner.id), which Plugins.json does not enable")
        }
        guard let opener = target as? any LinkingFeature else {
            throw CommandError("\(owner.id) cannot open a link to \(link.reference)")
        }
        let originPlace = linking.place()
        let targetPlaceBefore = opener.place()
        let isAnotherFeature = owner.id != originID
        do {
            if isAnotherFeature {
                try await opener.enter(opening: link)
            } else {
                try await opener.open(link)
            }
        } catch {
            // Nothing changes: the feature in use and its screen stay; the other feature keeps
            // what it loaded, off screen, where it was.
            targetPlaceBefore.restore()
            if isAnotherFeature { target.didLeave() }
            if let error = error as? HTTPError, error.kind == .status(404) {
                let named = link.name.map { "\($0) (\(link.reference))" } ?? link.reference
                throw CommandError("\(named) is not in the \(owner.id) data: the API answered 404")
            }
            throw error
        }
        if isAnotherFeature { origin.didLeave() }
        activeID = owner.id
        followSteps.append(FollowStep(origin: originID, originPlace: originPlace, target: owner.id,
                                      targetPlaceBefore: targetPlaceBefore, arrival: opener.place()))
        return .view
    }

    /// Link `numberText` of the field `fieldText` names (`pilots`, or `pilot`: any unmistakable
    /// start), on the detail on show; or an error that says what there is to follow.
    private static func link(_ fieldText: String, _ numberText: String, of feature: any LinkingFeature,
                             in featureID: String) throws(CommandError) -> FeatureLink {
        guard let links = feature.links else {
            throw CommandError("\(featureID) shows no detail: `open N` first, then `follow \(feature.linkFields.first ?? "<link>") N`")
        }
        let title = feature.location.last ?? "this detail"
        let typed = fieldText.lowercased()
        let matching = feature.linkFields.filter { $0 == typed } + feature.linkFields.filter { $0 != typed && $0.hasPrefix(typed) }
        guard let field = matching.first, matching.count == 1 || matching[0] == typed else {
            let fields = feature.linkFields.map { "`follow \($0) N`" }.joined(separator: " or ")
            throw CommandError("'\(fieldText.sanitizedForTerminal.truncated(toWidth: 20))' is not a link to follow: on \(featureID), \(fields)")
        }
        let numbered = links.filter { $0.field == field }
        guard !numbered.isEmpty else { throw CommandError("\(title) has no \(field) to follow") }
        guard let number = Int(numberText) else {
            throw CommandError("expected a number (\(field) 1–\(numbered.count)), not '\(numberText.sanitizedForTerminal.truncated(toWidth: 20))'")
        }
        guard let link = numbered.first(where: { $0.number == number }) else {
            throw CommandError("no \(field) \(number): \(title) has \(numbered.count) (1–\(numbered.count))")
        }
        return link
    }

    /// `back` on the detail a `follow` opened: the feature it came from, where it was left; the
    /// feature followed to goes back to where it was before. Nil when `back` is not that.
    func backFromFollow() async throws -> CommandOutput? {
        guard let step = followSteps.last, step.target == activeID, step.arrival.isCurrent,
              let origin = registry.feature(step.origin) else { return nil }
        followSteps.removeLast()
        step.targetPlaceBefore.restore()
        if step.origin != step.target { activeFeature?.didLeave() }
        step.originPlace.restore()
        try await origin.enter()
        activeID = step.origin
        return .view
    }
}
