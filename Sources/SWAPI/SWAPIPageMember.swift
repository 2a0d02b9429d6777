import ExplorerText

/// The members ``SWAPIPage``'s quick reader reads a page from, known by their keys' bytes.
enum SWAPIPageMember: Int {
    case count, next, results

    init?(_ key: UnsafeBufferPointer<UInt8>) {
        if key.holds("count") {
            self = .count
        } else if key.holds("next") {
            self = .next
        } else if key.holds("results") {
            self = .results
        } else {
            return nil
        }
    }
}
