import ArgumentParser
import ExplorerClock
import ExplorerCore
import ExplorerHTTP
import ExplorerShell
import ExplorerText
import Foundation

/// What explorer is asked to do by its command line, read either by ``ExplorerCommand``
/// (ArgumentParser) or, for the common well-formed command lines, by
/// ``init(fastParsing:)`` without ArgumentParser's reflection.
struct ExplorerOptions: Equatable {
    var source: DataSource?
    var config: String?
    var dataDirectory: String?
    var width: Int?
    var color: ColorChoice = .auto
    var format: OutputFormat = .text
    var timeout: Double = 15
    var clock: String?
    var images: InlineImages.Choice = .auto
    var latency: String?
    var fail: [String] = []
    var record: String?
    var replay: String?
    var noPager = false
    var rows: Int?
    var bail = false
    var commands: [String] = []
    var files: [String] = []

    func validate() throws {
        if config?.isEmpty == true { throw ValidationError("--config needs a file path, not an empty string") }
        if dataDirectory?.isEmpty == true { throw ValidationError("--data-dir needs a directory path, not an empty string") }
        if let width, !(TerminalSettings.minimumWidth...1000).contains(width) {
            throw ValidationError("--width must be between \(TerminalSettings.minimumWidth) and 1000, not \(width)")
        }
        if let rows, rows < 1 { throw ValidationError("--rows must be 1 or more, not \(rows)") }
        if let clock {
            guard let time = SchedulingClock.time(clock) else {
                throw ValidationError("--clock must be a time such as 2024-03-15T05:00:00Z, not \(clock)")
            }
            guard SchedulingClock.range.contains(time) else {
                throw ValidationError("--clock must be \(SchedulingClock.rangeText), not \(clock)")
            }
        }
        if record?.isEmpty == true { throw ValidationError("--record needs a file path, not an empty string") }
        if replay?.isEmpty == true { throw ValidationError("--replay needs a file path, not an empty string") }
        if record != nil, replay != nil { throw ValidationError("--record and --replay cannot go together: a replay asks no server") }
        if replay != nil, source == .embedded {
            throw ValidationError("--replay answers live requests from the recording: it cannot go with --source embedded")
        }
        _ = try networkConditions()
        if !(timeout > 0 && timeout <= 600) {
            throw ValidationError("--timeout must be more than 0 and at most 600 seconds, not \(String(format: "%g", timeout))")
        }
    }

    /// What `--latency` and `--fail` inject from the start.
    func networkConditions() throws -> NetworkConditions {
        let words = { (text: String) in text.split(whereSeparator: \.isWhitespace).map(String.init) }
        let latency: NetworkConditions.Latency?
        do {
            latency = try self.latency.flatMap { try NetworkConditions.Latency.parse(words($0)) }
        } catch let error as CommandError {
            throw ValidationError("--latency: \(error.description.replacingOccurrences(of: "net latency", with: "--latency"))")
        }
        do {
            return NetworkConditions(latency: latency, faults: try fail.map { try NetworkFault.parse(words($0)) })
        } catch let error as CommandError {
            throw ValidationError("--fail: \(error.description.replacingOccurrences(of: "net fail", with: "--fail"))")
        }
    }
}
