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

extension String {
    /// A string of UTF-8 `bytes` the program wrote itself, or checked already (ASCII digits), made
    /// without checking them again: `String(decoding:as:)` validates every byte, and a laid-out
    /// table's text was most of what the varied script validated (docs/performance.md).
    /// `isASCII`: whether every byte is known to be ASCII (the string is then marked so).
    /// Bytes that are not valid UTF-8 stop a debug build; never pass bytes read from outside.
    @inlinable
    public init(uncheckedUTF8 bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) {
        assert(String(validating: bytes, as: UTF8.self) != nil, "bytes passed as valid UTF-8 are not")
        if #available(macOS 26.0, *) {
            self = String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: isASCII))
        } else {
            self = String(decoding: bytes, as: UTF8.self)
        }
    }
}
