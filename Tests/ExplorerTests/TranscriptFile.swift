import Foundation
import TestSupport
import Testing

/// A `.transcript` file in Tests/ExplorerTests/Transcripts, named without the extension; the
/// argument of the parameterized transcript test, so each file is a test case of its own.
struct TranscriptFile: Sendable, Hashable, Codable, CustomTestStringConvertible {
    let name: String

    static let fileExtension = "transcript"

    /// Every transcript, sorted by name.
    static var all: [TranscriptFile] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: TestPaths.transcripts.path)) ?? []
        return names.filter { $0.hasSuffix("." + fileExtension) }
            .map { TranscriptFile(name: String($0.dropLast(fileExtension.count + 1))) }
            .sorted { $0.name < $1.name }
    }

    var url: URL { TestPaths.transcripts.appendingPathComponent("\(name).\(Self.fileExtension)") }

    /// `bug-` transcripts expect the correct behaviour of something explorer gets wrong today.
    var recordsKnownBug: Bool { name.hasPrefix("bug-") }

    var testDescription: String { name }

    /// Whether `UPDATE_TRANSCRIPTS` asks to rewrite this file's expected sections: `1` (or
    /// `all`) rewrites every transcript except `bug-` ones, a comma-separated list of names
    /// rewrites those (`bug-` ones included).
    var shouldUpdate: Bool {
        guard let value = ProcessInfo.processInfo.environment["UPDATE_TRANSCRIPTS"], !value.isEmpty, value != "0" else {
            return false
        }
        if value == "1" || value.lowercased() == "all" { return !recordsKnownBug }
        return value.split(separator: ",").contains { item in
            let item = item.trimmingCharacters(in: .whitespaces)
            return item == name || item == "\(name).\(Self.fileExtension)"
        }
    }
}
