/// Text damaged at random, as a network or a disk might damage it: one to three times a byte
/// changed (to one of `changedTo`), a stretch of up to 20 bytes cut out or repeated, or one of
/// `tokens` put in. For holding a quick reader to the reader it stands in for.
public enum ByteDamage {
    public static func damaged(_ original: [UInt8], tokens: [String], changedTo bytes: ClosedRange<UInt8> = 0...255,
                               using generator: inout SplitMix64) -> [UInt8] {
        var text = original.isEmpty ? [0x7B] : original
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            let at = Int.random(in: 0..<text.count, using: &generator)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: text[at] = UInt8.random(in: bytes, using: &generator)
            case 1: text.removeSubrange(at..<min(text.count, at + Int.random(in: 1...20, using: &generator)))
            case 2: text.insert(contentsOf: text[at..<min(text.count, at + Int.random(in: 1...20, using: &generator))], at: at)
            default: text.insert(contentsOf: Array(tokens.randomElement(using: &generator)!.utf8), at: at)
            }
            if text.isEmpty { text = [0x7B] }
        }
        return text
    }
}
