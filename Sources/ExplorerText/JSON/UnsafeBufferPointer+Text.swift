extension UnsafeBufferPointer<UInt8> {
    /// Whether these bytes are `text`'s UTF-8: the length, then eight bytes at a time (what a
    /// reader of JSON asks of each key it meets).
    @inlinable @inline(__always)
    public func holds(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard self.count == count else { return false }
        guard count > 0, let start = baseAddress else { return true }
        let mine = UnsafeRawPointer(start)
        let theirs = UnsafeRawPointer(text.utf8Start)
        guard count >= 8 else {
            for offset in 0..<count where start[offset] != text.utf8Start[offset] { return false }
            return true
        }
        var offset = 0
        while offset + 8 < count {
            guard mine.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                == theirs.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else { return false }
            offset += 8
        }
        // The last eight, overlapping those compared before where the length is not a multiple.
        return mine.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            == theirs.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    }
}
