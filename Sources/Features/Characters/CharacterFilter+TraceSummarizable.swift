import Reactive

/// `trace: CharactersViewModel.filterChosen ← eye=red` (`none` for no filter).
extension CharacterFilter: TraceSummarizable {
    public var traceSummary: String {
        isEmpty ? "none" : description
    }
}
