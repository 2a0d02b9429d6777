import Foundation
/// SWAPI's birth years, `"19BBY"` (before the Battle of Yavin) or `"4ABY"` (after), as numbers
/// on one time line: 19BBY is -19, 4ABY is 4. `"unknown"` has none.
public enum BirthYear {
    public static func value(_ text: String) -> Double? {
        let upper = text.trimmingCharacters(in: .whitespaces).uppercased()
        guard upper.hasSuffix("BBY") || upper.hasSuffix("ABY") else { return nil }
        let digits = upper.dropLast(3)
        // Only plain decimals: Double(_:) would also take "nan", "inf", "-5" or "0x10".
        guard !digits.isEmpty, digits.first != ".", digits.last != ".",
              digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              digits.filter({ $0 == "." }).count <= 1,
              let years = Double(digits) else { return nil }
        return upper.hasSuffix("BBY") ? -years : years
    }
}
