@testable import Characters
import ExplorerCore
import ExplorerStore
import TestSupport
import Testing

/// Regression tests: `BirthYear.value` once handed whatever preceded `BBY`/`ABY` to
/// `Double(_:)`, which also reads `nan`, `inf`, a sign and hexadecimal. Text that is no year got
/// a value, and `nan` — neither less nor greater than anything, yet not nil — scrambled the
/// whole `sort birth` list, not just that person's place in it.
@MainActor
@Suite struct MalformedBirthYearTests {
    @Test(arguments: ["nanBBY", "NaNABY", "infBBY", "-5BBY", "0x10BBY"])
    func textThatIsNoYearHasNoValue(text: String) {
        #expect(BirthYear.value(text) == nil)
    }

    @Test func oneMalformedBirthYearDoesNotScrambleTheBirthSort() async throws {
        let years = ["19BBY", "nanBBY", "896BBY", "4ABY", "unknown", "8BBY"]
        let fixture = CharactersFixture.synthetic(count: years.count) { number in
            CharactersFixture.SyntheticPerson(number: number, birthYear: years[number - 1])
        }
        let viewModel = CharactersViewModel(service: fixture.service, favourites: FavouritesStore.inMemory())
        try await viewModel.load()

        viewModel.sort(by: CharacterSort(.birth))
        #expect(viewModel.state.value.rows.map(\.item.birthYear) == ["896BBY", "19BBY", "8BBY", "4ABY", "nanBBY", "unknown"])
        viewModel.sort(by: CharacterSort(.birth, descending: true))
        #expect(viewModel.state.value.rows.map(\.item.birthYear) == ["4ABY", "8BBY", "19BBY", "896BBY", "nanBBY", "unknown"])
    }
}
