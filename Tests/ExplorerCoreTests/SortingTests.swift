import Foundation
import Testing
import TestSupport
@testable import ExplorerCore

private enum ShipKey: String, CaseIterable, NamedSortKey {
    case name, length, crew
}

@Suite("SortArgument")
struct SortArgumentTests {
    private typealias Sort = SortArgument<ShipKey>

    @Test func usageListsTheKeys() {
        #expect(Sort.usage == "sort name|length|crew [asc|desc] | sort off")
    }

    @Test func keyAloneIsAscending() throws {
        #expect(try Sort.parse(["length"]) == Sort(.length))
        #expect(try Sort.parse(["NAME"]) == Sort(.name, descending: false))
    }

    @Test func direction() throws {
        #expect(try Sort.parse(["crew", "asc"]) == Sort(.crew))
        #expect(try Sort.parse(["crew", "ascending"]) == Sort(.crew))
        #expect(try Sort.parse(["crew", "desc"]) == Sort(.crew, descending: true))
        #expect(try Sort.parse(["Crew", "DESCENDING"]) == Sort(.crew, descending: true))
    }

    @Test func offAndNoneMeanTheAPIOrder() throws {
        #expect(try Sort.parse(["off"]) == nil)
        #expect(try Sort.parse(["none"]) == nil)
        #expect(try Sort.parse(["OFF"]) == nil)
    }

    @Test func usageErrors() {
        let usage = CommandError("usage: sort name|length|crew [asc|desc] | sort off")
        #expect(throws: usage) { try Sort.parse([]) }
        #expect(throws: usage) { try Sort.parse(["off", "desc"]) }
        #expect(throws: usage) { try Sort.parse(["length", "up"]) }
        #expect(throws: usage) { try Sort.parse(["length", "desc", "now"]) }
    }

    @Test func unknownKeySuggestsTheNearest() {
        #expect(throws: CommandError("cannot sort by 'lenght' (did you mean 'length'? keys: name, length, crew)")) {
            try Sort.parse(["lenght"])
        }
        #expect(throws: CommandError("cannot sort by 'speed' (keys: name, length, crew)")) {
            try Sort.parse(["speed"])
        }
        #expect(throws: CommandError("cannot sort by 'c' (did you mean 'crew'? keys: name, length, crew)")) {
            try Sort.parse(["c"])
        }
        #expect(throws: CommandError("cannot sort by '[31mx' (keys: name, length, crew)")) {
            try Sort.parse(["\u{1B}[31mx"])
        }
    }

    @Test func descriptionNamesTheKeyAndDirection() {
        #expect(Sort(.length).description == "length")
        #expect(Sort(.length, descending: true).description == "length (descending)")
    }

    @Test func completionCandidates() {
        #expect(Sort.candidates(after: []) == ["name", "length", "crew", "off"])
        #expect(Sort.candidates(after: ["length"]) == ["asc", "desc"])
        #expect(Sort.candidates(after: ["length", "asc"]) == [])
    }
}

@Suite("SortComparison")
struct SortComparisonTests {
    @Test func numbersInEitherDirection() {
        #expect(SortComparison.numbers(1, 2, descending: false) == true)
        #expect(SortComparison.numbers(2, 1, descending: false) == false)
        #expect(SortComparison.numbers(1, 2, descending: true) == false)
        #expect(SortComparison.numbers(2, 1, descending: true) == true)
        #expect(SortComparison.numbers(1.5, 1.5, descending: false) == nil)
    }

    @Test func missingNumbersGoLastWhicheverTheDirection() {
        #expect(SortComparison.numbers(5, nil, descending: false) == true)
        #expect(SortComparison.numbers(5, nil, descending: true) == true)
        #expect(SortComparison.numbers(nil, 5, descending: false) == false)
        #expect(SortComparison.numbers(nil, 5, descending: true) == false)
        #expect(SortComparison.numbers(nil, nil, descending: false) == nil)
    }

    @Test func sortingWithMissingValues() {
        let values: [Double?] = [3, nil, 1, 2, nil]
        let ascending = values.sorted { SortComparison.numbers($0, $1, descending: false) ?? false }
        let descending = values.sorted { SortComparison.numbers($0, $1, descending: true) ?? false }
        #expect(ascending == [1, 2, 3, nil, nil])
        #expect(descending == [3, 2, 1, nil, nil])
    }

    @Test func namesCompareNumbersAsNumbers() {
        #expect(SortComparison.names("ship 2", "ship 10", descending: false) == true)
        #expect(SortComparison.names("ship 10", "ship 2", descending: false) == false)
        #expect(SortComparison.names("ship 2", "ship 10", descending: true) == false)
    }

    @Test func namesInThePromisedOrder() {
        // The doc's own example: `X-wing` after `TIE Advanced x1`.
        #expect(SortComparison.names("TIE Advanced x1", "X-wing", descending: false) == true)
        #expect(SortComparison.names("X-wing", "TIE Advanced x1", descending: false) == false)
        #expect(SortComparison.names("X-wing", "TIE Advanced x1", descending: true) == true)
        #expect(SortComparison.names("X-wing", "X-wing", descending: false) == nil)
    }

    @Test func namesIgnoreCase() {
        #expect(SortComparison.names("a-wing", "B-wing", descending: false) == true)
        #expect(SortComparison.names("B-wing", "a-wing", descending: false) == false)
    }
}
