import ExplorerClock
import ExplorerText
import Foundation
import Synchronization

/// A recording read back for replay: its header and answers, found by feature, method and
/// target (``TapeTarget``). The same request recorded several times is answered in the order
/// recorded, then with the last answer again.
///
/// A line that cannot be read (a recording cut short by a crash, a line edited by hand) is left
/// out and named in ``damagedLines``; a file whose first line is not a recording's header, or
/// of a later version, is refused.
public final class TapeRecording: Sendable {
    public let path: String
    /// The file's name as the user gave it, for messages (`demo.rec`).
    public let name: String
    public let header: TapeHeader
    /// When recording started.
    public let recordedAt: Date
    public let answerCount: Int
    /// The numbers of the lines that could not be read (the header is line 1).
    public let damagedLines: [Int]
    private let answers: [String: [(answer: TapeAnswer, line: Int)]]
    /// How many times each key has been answered.
    private let played = Mutex<[String: Int]>([:])

    /// Reads the recording at `path` (shown as `name`).
    public init(path: String, name: String? = nil) throws(TapeError) {
        self.path = path
        let shown = name ?? path
        self.name = shown
        let data = try Self.contents(of: path, shown: shown)
        var lines = data.split(separator: 0x0A, omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        let decoder = JSONDecoder()
        guard let first = lines.first, let header = try? decoder.decode(TapeHeader.self, from: Data(first)),
              header.format == TapeHeader.formatName else {
            throw TapeError("cannot replay \(shown): not a recording (its first line is not explorer's recording header)")
        }
        guard header.version <= TapeHeader.currentVersion else {
            throw TapeError("cannot replay \(shown): it is a version \(header.version) recording; this explorer reads version \(TapeHeader.currentVersion)")
        }
        guard let recordedAt = SchedulingClock.time(header.recordedAt), SchedulingClock.range.contains(recordedAt) else {
            throw TapeError("cannot replay \(shown): its header's recorded_at is not a time explorer can use")
        }
        self.header = header
        self.recordedAt = recordedAt
        var answers: [String: [(answer: TapeAnswer, line: Int)]] = [:]
        var damaged: [Int] = []
        var count = 0
        for (index, line) in lines.enumerated().dropFirst() {
            guard let answer = try? decoder.decode(TapeAnswer.self, from: Data(line)), answer.bodyData != nil,
                  (100...599).contains(answer.status) else {
                damaged.append(index + 1)
                continue
            }
            answers[answer.key, default: []].append((answer, index + 1))
            count += 1
        }
        self.answers = answers
        answerCount = count
        damagedLines = damaged
    }

    /// The most a recording may hold: 256 MB (a preview is at most 50 MB, 67 MB as base64).
    public static let maxBytes = 256 << 20

    /// The file's bytes: only a regular file (not a FIFO, a device or a directory, which could
    /// block or never end), of at most ``maxBytes``.
    private static func contents(of path: String, shown: String) throws(TapeError) -> Data {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw TapeError("cannot replay \(shown): \(errno == ENOENT ? "no such file" : String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw TapeError("cannot replay \(shown): not a file")
        }
        guard Int(info.st_size) <= maxBytes else {
            throw TapeError("cannot replay \(shown): over \(maxBytes >> 20) MB, more than a recording holds")
        }
        var data = Data(count: Int(info.st_size))
        let read = data.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
        guard read >= 0 else { throw TapeError("cannot replay \(shown): \(String(cString: strerror(errno)))") }
        return data.prefix(read)
    }

    /// What to do about `request` of `feature` (at `baseURL` in this run) that the recording
    /// does not hold. When the header names another base URL for the feature and the recording
    /// holds its answers, but none at the request's path (a page or an id it does not have
    /// would be at a path it holds), the feature was set up otherwise when it was recorded
    /// (facts' document at another path): replay with that configuration. Otherwise, record it.
    func adviceForMissing(_ request: HTTPRequest, feature: String, baseURL: URL) -> String {
        let here = TapeTarget.withoutUserinfo(baseURL)
        guard let recorded = header.features.first(where: { $0.id == feature }), recorded.baseURL != here else {
            return "record it with --record"
        }
        let path = Self.path(of: TapeTarget.of(request))
        let ofFeature = answers.values.lazy.flatMap { $0 }.filter { $0.answer.feature == feature }
        guard !ofFeature.isEmpty, !ofFeature.contains(where: { Self.path(of: $0.answer.target) == path }) else {
            return "record it with --record"
        }
        return "it was recorded with \(feature) at \(recorded.baseURL), this run's Plugins.json has \(here): replay it with the one it was recorded with (--config FILE)"
    }

    /// A target without its query (`/starships/?page=2` → `/starships/`).
    private static func path(of target: String) -> Substring {
        target.prefix { $0 != "?" }
    }

    /// The next answer recorded for `request` from `feature`, and the line it is on; nil when
    /// none was recorded.
    func next(for request: HTTPRequest, feature: String) -> (answer: TapeAnswer, line: Int)? {
        let key = TapeAnswer.key(feature: feature, method: "GET", target: TapeTarget.of(request))
        guard let recorded = answers[key], !recorded.isEmpty else { return nil }
        let index = played.withLock { played in
            let index = min(played[key, default: 0], recorded.count - 1)
            played[key] = index + 1
            return index
        }
        return recorded[index]
    }

    /// `demo.rec (143 answers, recorded 2026-11-24 09:12)`: what `source` says of it.
    public var summary: String {
        let time = UTCTimestamp.iso8601(recordedAt)
        let minute = time.prefix(16).replacingOccurrences(of: "T", with: " ")
        return "\(name) (\(answerCount) answer\(answerCount == 1 ? "" : "s"), recorded \(minute) UTC)"
    }

    /// What JSON says of it: `{"file": "demo.rec", "answers": 143, "recorded_at": "…"}`.
    public var facts: JSONValue {
        ["file": .string(name), "answers": .int(answerCount), "recorded_at": .string(UTCTimestamp.iso8601(recordedAt))]
    }

    /// The warning for lines left out, if any: `demo.rec: line 17 is damaged and was left out`.
    public var damageWarning: String? {
        guard let first = damagedLines.first else { return nil }
        let more = damagedLines.count > 1 ? " and \(damagedLines.count - 1) more line\(damagedLines.count == 2 ? "" : "s")" : ""
        return "\(name): line \(first)\(more) cannot be read (cut short, or edited?) and \(damagedLines.count == 1 ? "was" : "were") left out"
    }
}
