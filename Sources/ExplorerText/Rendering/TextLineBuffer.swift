/// Text written line by line as UTF-8 bytes into one buffer, one `String` made at the end:
/// what ``TextTable`` writes a table into (appending to a `String` cell by cell, and joining
/// lines, cost a third of laying out a screen). A value passed `inout`, not a variable
/// captured by the functions that write, so no access to it is checked as the program runs.
struct TextLineBuffer {
    private(set) var bytes: [UInt8] = []
    /// Where the line being written starts in ``bytes``.
    private var lineStart = 0

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func append(bytes text: [UInt8]) {
        text.withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
    }

    /// `text` cut to `width` columns, ending in `…`, when it is printable ASCII (a column a
    /// byte): as ``String/truncated(toWidth:)`` cuts it, without making the cut string. False,
    /// and nothing written, when it is not printable ASCII.
    mutating func appendCutASCII(_ text: String, toWidth width: Int) -> Bool {
        var text = text
        return text.withUTF8 { source in
            guard width > 0, DisplayWidth.isPrintableASCII(source) else { return false }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source.prefix(width - 1)))
            bytes.append(contentsOf: Self.ellipsis)
            return true
        }
    }

    /// `…` in UTF-8.
    private static let ellipsis: [UInt8] = Array("…".utf8)

    mutating func appendSpaces(_ count: Int) {
        var count = count
        while count > 0 {
            bytes.append(UInt8(ascii: " "))
            count -= 1
        }
    }

    /// Ends a line: without the spaces that end it (as the characters of its text: a space
    /// after a prepended mark, U+0600 say, is part of that mark's cluster and stays), then a
    /// newline.
    mutating func endLine() {
        var end = bytes.count
        while end > lineStart, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
        if end < bytes.count, end > lineStart, bytes[end - 1] >= 0x80 {
            // After a non-ASCII character the spaces are looked at as the text's characters.
            var line = String(decoding: bytes[lineStart...], as: UTF8.self)
            while line.last == " " { line.removeLast() }
            end = lineStart + line.utf8.count
        }
        bytes.removeSubrange(end...)
        bytes.append(UInt8(ascii: "\n"))
        lineStart = bytes.count
    }

    /// Replaces the last line written (ended) with `transform` of it: how a header is styled.
    mutating func restyleLastLine(from start: Int, _ transform: (String) -> String) {
        bytes.removeLast()
        let line = String(decoding: bytes[start...], as: UTF8.self)
        bytes.removeSubrange(start...)
        append(transform(line))
        bytes.append(UInt8(ascii: "\n"))
        lineStart = bytes.count
    }

    /// The text written, without the newline that ends its last line.
    var text: String {
        let end = bytes.last == UInt8(ascii: "\n") ? bytes.count - 1 : bytes.count
        return String(decoding: bytes[..<end], as: UTF8.self)
    }
}
