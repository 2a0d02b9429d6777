import Foundation

extension ReadableNumber {
    /// `value` with `decimals` digits after the point (1 to 3), as `String(format: "%.1f")`
    /// writes it: the exact binary value rounded to nearest, ties to even, `-` kept on a
    /// negative value that rounds to zero. Worked out by arithmetic for values under 10¹²
    /// (why: docs/performance.md); others are left to `String(format:)`.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        guard (1...3).contains(decimals), value.isFinite, value.magnitude < 1e12 else {
            return String(format: "%.\(decimals)f", value)
        }
        let divisor = [10, 100, 1_000][decimals - 1]
        let scale = Double(divisor)
        // The product rounded, and exactly what rounding it lost (a fused multiply-add): the
        // exact product is their sum.
        let product = value.magnitude * scale
        let lost = (-product).addingProduct(value.magnitude, scale)
        let floor = product.rounded(.down)
        // How far past the half the fraction is; the part lost decides only an exact half
        // (it is smaller than any nonzero step of the fraction).
        let pastHalf = (product - floor) - 0.5
        let up: Bool
        if pastHalf != 0 {
            up = pastHalf > 0
        } else if lost != 0 {
            up = lost > 0
        } else {
            up = Int(floor) % 2 == 1
        }
        let units = Int(floor) + (up ? 1 : 0)
        var fraction = String(units % divisor)
        while fraction.utf8.count < decimals { fraction = "0" + fraction }
        return "\(value.sign == .minus ? "-" : "")\(units / divisor).\(fraction)"
    }
}
