extension String {
    /// `body` over the string's UTF-8 bytes where they are: native and small strings, all that
    /// explorer makes, are read in place; any other is copied (why not `withUTF8`:
    /// docs/performance.md).
    @inlinable @inline(__always)
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
