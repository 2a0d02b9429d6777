import Foundation

extension Data {
    /// The UTF-8 bytes of `text`, copied from the string's own storage. `Data(text.utf8)` asks
    /// first, by a dynamic cast on every call, whether the view is contiguous bytes (and the
    /// first such cast of a run looks Foundation's boxed values up): embedded answers are made
    /// this way on every request.
    public init(utf8 text: String) {
        var text = text
        self = text.withUTF8 { Data(buffer: $0) }
    }
}
