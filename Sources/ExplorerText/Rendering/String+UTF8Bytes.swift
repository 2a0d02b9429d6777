extension String {
    /// `body` over the string's UTF-8 bytes where they are. `withUTF8` is mutating (it may make
    /// a bridged string native), so calling it on a `let` copies the string first, which
    /// retains it and releases it again: on every cell of every table laid out. Native and
    /// small strings, all that explorer makes, are read in place; any other is copied.
    @inlinable @inline(__always)
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
