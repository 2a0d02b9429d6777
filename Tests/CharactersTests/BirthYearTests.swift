import Testing
@testable import Characters

/// Birth years on one time line: BBY negative, ABY positive, unknown none.
@Suite struct BirthYearTests {
    @Test(arguments: [
        ("19BBY", -19.0), ("4ABY", 4.0), ("896BBY", -896.0), ("41.9BBY", -41.9), ("31.5BBY", -31.5),
        ("0ABY", 0.0), ("19bby", -19.0), (" 8BBY ", -8.0), ("22aby", 22.0),
    ])
    func yearsBecomeNumbers(text: String, value: Double) {
        #expect(BirthYear.value(text) == value)
    }

    @Test(arguments: ["unknown", "", "n/a", "BBY", "ABY", "19", "19 years", "BBY19", "x19BBY"])
    func textWithoutAYearHasNone(text: String) {
        #expect(BirthYear.value(text) == nil)
    }

    @Test func beforeTheBattleComesBeforeAfter() throws {
        let yoda = try #require(BirthYear.value("896BBY"))
        let luke = try #require(BirthYear.value("19BBY"))
        let battle = try #require(BirthYear.value("0ABY"))
        let later = try #require(BirthYear.value("4ABY"))
        #expect(yoda < luke)
        #expect(luke < battle)
        #expect(battle < later)
    }

    @Test func theRealDataHasOnlyBBYYearsOrUnknown() {
        let people = CharactersFixture().people
        let years = people.map(\.birthYear)
        #expect(years.filter { BirthYear.value($0) == nil }.allSatisfy { $0 == "unknown" })
        #expect(years.filter { BirthYear.value($0) != nil }.count == 43)
        #expect(years.compactMap(BirthYear.value).min() == -896)
        #expect(years.compactMap(BirthYear.value).max() == -8)
    }
}
