/// Text written line by line as UTF-8 bytes into one buffer, one `String` made at the end:
/// what ``TextTable`` writes a table into (appending to a `String` cell by cell, and joining
/// lines, cost a third of laying out a screen). A value passed `inout`, not a variable
/// captured by the functions that write, so no access to it is checked as the program runs.
///
/// The bytes are in memory the buffer allocates and frees itself (it cannot be copied, so
/// it is freed exactly once): a cell's bytes are copied in with one `memcpy`, where appending
/// to an array checked its capacity and uniqueness at every cell. Bytes are a trivial type, so
/// the memory is freed without deinitializing them (a buffer of strings would have to).
struct TextLineBuffer: ~Copyable {
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes are written.
    private(set) var count = 0
    /// Where the line being written starts.
    private var lineStart = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        storage = .allocate(capacity: self.capacity)
    }

    deinit { storage.deallocate() }

    /// Room for `extra` more bytes, the buffer doubled (at least) when it has not.
    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let grown = max(capacity * 2, count + extra)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        moved.initialize(from: storage, count: count)
        storage.deallocate()
        storage = moved
        capacity = grown
    }

    mutating func append(_ text: String) {
        text.withUTF8Bytes { append(bytes: $0) }
    }

    mutating func append(bytes source: UnsafeBufferPointer<UInt8>) {
        guard let base = source.baseAddress, !source.isEmpty else { return }
        reserve(source.count)
        (storage + count).initialize(from: base, count: source.count)
        count += source.count
    }

    /// The text of UTF-8 `source` cut to `width` columns, ending in `…`, when it is printable
    /// ASCII (a column a byte): as ``String/truncated(toWidth:)`` cuts it, without making the
    /// cut string. False, and nothing written, when it is not printable ASCII.
    mutating func appendCutASCII(_ source: UnsafeBufferPointer<UInt8>, toWidth width: Int) -> Bool {
        guard width > 0, DisplayWidth.isPrintableASCII(source) else { return false }
        append(bytes: UnsafeBufferPointer(rebasing: source.prefix(width - 1)))
        Self.ellipsis.withUnsafeBufferPointer { append(bytes: $0) }
        return true
    }

    /// `…` in UTF-8.
    private static let ellipsis: [UInt8] = Array("…".utf8)

    mutating func appendSpaces(_ spaces: Int) {
        guard spaces > 0 else { return }
        reserve(spaces)
        (storage + count).initialize(repeating: UInt8(ascii: " "), count: spaces)
        count += spaces
    }

    /// Ends a line: without the spaces that end it (as the characters of its text: a space
    /// after a prepended mark, U+0600 say, is part of that mark's cluster and stays), then a
    /// newline.
    mutating func endLine() {
        var end = count
        while end > lineStart, storage[end - 1] == UInt8(ascii: " ") { end -= 1 }
        if end < count, end > lineStart, storage[end - 1] >= 0x80 {
            // After a non-ASCII character the spaces are looked at as the text's characters.
            var line = String(decoding: UnsafeBufferPointer(start: storage + lineStart, count: count - lineStart), as: UTF8.self)
            while line.last == " " { line.removeLast() }
            end = lineStart + line.utf8.count
        }
        count = end
        appendNewline()
    }

    /// Replaces the last line written (ended) with `transform` of it: how a header is styled.
    mutating func restyleLastLine(from start: Int, _ transform: (String) -> String) {
        precondition(count > start && storage[count - 1] == UInt8(ascii: "\n"), "the line to restyle is ended")
        let line = String(decoding: UnsafeBufferPointer(start: storage + start, count: count - 1 - start), as: UTF8.self)
        count = start
        append(transform(line))
        appendNewline()
    }

    /// Ends the line being written with a newline; the next starts after it.
    private mutating func appendNewline() {
        reserve(1)
        storage[count] = UInt8(ascii: "\n")
        count += 1
        lineStart = count
    }

    /// The text written, without the newline that ends its last line. Every byte was copied
    /// from a string or written as ASCII, and a string is cut only between characters, so the
    /// bytes are not checked again (``Swift/String/init(uncheckedUTF8:isASCII:)``).
    var text: String {
        let end = count > 0 && storage[count - 1] == UInt8(ascii: "\n") ? count - 1 : count
        let bytes = UnsafeBufferPointer(start: storage, count: end)
        return String(uncheckedUTF8: bytes, isASCII: Self.isASCII(bytes))
    }

    /// Whether every byte is ASCII, eight at a time; a list's table has a star in its header,
    /// so the answer is found at once.
    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var index = 0
        while index + 8 <= bytes.count {
            if UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            index += 8
        }
        while index < bytes.count {
            if bytes[index] >= 0x80 { return false }
            index += 1
        }
        return true
    }
}
