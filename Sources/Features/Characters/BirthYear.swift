import Foundation
/// SWAPI's birth years, `"19BBY"` (before the Battle of Yavin) or `"4ABY"` (after), as numbers
/// on one time line: 19BBY is -19, 4ABY is 4. `"unknown"` has none.
public enum BirthYear {
    public static func value(_ text: String) -> Double? {
        let upper = text.trimmingCharacters(in: .whitespaces).uppercased()
        if upper.hasSuffix("BBY"), let years = Double(upper.dropLast(3)) { return -years }
        if upper.hasSuffix("ABY"), let years = Double(upper.dropLast(3)) { return years }
        return nil
    }
}
