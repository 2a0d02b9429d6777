import Foundation

/// The process's environment variables, as `ProcessInfo.processInfo.environment` gives them,
/// read from `environ` a byte at a time (why: docs/performance.md).
public enum ProcessEnvironment {
    /// Each `NAME=value` entry; of two with one name, the later.
    public static var variables: [String: String] {
        var variables: [String: String] = [:]
        var entry = environ  // set up by the C library before main; explorer never clears it
        while let text = entry.pointee {
            let bytes = UnsafeRawBufferPointer(start: text, count: strlen(text)).bindMemory(to: UInt8.self)
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                variables[String(decoding: bytes[..<equals], as: UTF8.self)] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
            }
            entry += 1
        }
        return variables
    }
}
