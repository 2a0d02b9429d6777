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
///
/// The file's bytes are kept as they were read, and each answer only by where its line is: it
/// is read again when a request asks for it. Each line is read whole once as the file is
/// opened (to leave out what cannot be), then let go, so a replay takes little more memory
/// than its file (it took three times as much, every answer decoded and kept).
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
    /// The file as it was read.
    private let data: Data
    /// Where each answer's line is, in file order; the answers of one key are chained.
    private let places: [Place]
    /// The first place of each key, by the key's hash (a hash shared by two keys is told apart
    /// as the answers are read).
    private let firstPlace: [Int: Int32]
    /// The hashes of `feature path` of every answer (the path without its query): what tells a
    /// recording made with another configuration (``adviceForMissing(_:feature:baseURL:)``).
    private let featurePaths: Set<Int>
    /// The features the recording holds answers of.
    private let features: Set<String>
    /// How many times each key has been answered.
    private let played = Mutex<[String: Int]>([:])

    /// Where an answer's line is in the file, its number, and the next place of its key's hash.
    private struct Place: Sendable {
        let start: Int
        let end: Int
        let line: Int32
        var next: Int32 = -1
    }

    /// Reads the recording at `path` (shown as `name`).
    public init(path: String, name: String? = nil) throws(TapeError) {
        self.path = path
        let shown = name ?? path
        self.name = shown
        let data = try Self.contents(of: path, shown: shown)
        self.data = data
        let decoder = JSONDecoder()
        let headerEnd = data.firstIndex(of: 0x0A) ?? data.endIndex
        guard headerEnd > data.startIndex, let header = try? decoder.decode(TapeHeader.self, from: data[data.startIndex..<headerEnd]),
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
        var places: [Place] = []
        var firstPlace: [Int: Int32] = [:]
        var lastPlace: [Int: Int32] = [:]
        var featurePaths: Set<Int> = []
        var features: Set<String> = []
        var damaged: [Int] = []
        var start = headerEnd < data.endIndex ? data.index(after: headerEnd) : headerEnd
        var number = 1
        while start < data.endIndex {
            number += 1
            let end = data[start...].firstIndex(of: 0x0A) ?? data.endIndex
            defer { start = end < data.endIndex ? data.index(after: end) : end }
            guard let answer = try? decoder.decode(TapeAnswer.self, from: data[start..<end]), answer.bodyData != nil,
                  (100...599).contains(answer.status) else {
                // The last line, empty: the file's final newline.
                if start == end, end == data.endIndex { break }
                damaged.append(number)
                continue
            }
            let hash = answer.key.hashValue
            let place = Int32(places.count)
            places.append(Place(start: start, end: end, line: Int32(number)))
            if let last = lastPlace[hash] { places[Int(last)].next = place } else { firstPlace[hash] = place }
            lastPlace[hash] = place
            featurePaths.insert(Self.featurePath(answer.feature, answer.target).hashValue)
            features.insert(answer.feature)
        }
        self.places = places
        self.firstPlace = firstPlace
        self.featurePaths = featurePaths
        self.features = features
        answerCount = places.count
        damagedLines = damaged
    }

    /// `starships /starships/`: a feature and a target's path, without its query.
    private static func featurePath(_ feature: String, _ target: String) -> String {
        feature + " " + target.prefix { $0 != "?" }
    }

    /// The answers recorded under `key`, in the order recorded, each with its line, read again
    /// from the file.
    private func answers(for key: String) -> [(answer: TapeAnswer, line: Int)] {
        var found: [(answer: TapeAnswer, line: Int)] = []
        var index = firstPlace[key.hashValue] ?? -1
        let decoder = JSONDecoder()
        while index >= 0 {
            let place = places[Int(index)]
            if let answer = try? decoder.decode(TapeAnswer.self, from: data[place.start..<place.end]), answer.key == key {
                found.append((answer, Int(place.line)))
            }
            index = place.next
        }
        return found
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
        guard let recorded = header.features.first(where: { $0.id == feature }), recorded.baseURL != here,
              features.contains(feature), !featurePaths.contains(Self.featurePath(feature, TapeTarget.of(request)).hashValue) else {
            return "record it with --record"
        }
        return "it was recorded with \(feature) at \(recorded.baseURL), this run's Plugins.json has \(here): replay it with the one it was recorded with (--config FILE)"
    }

    /// The next answer recorded for `request` from `feature`, and the line it is on; nil when
    /// none was recorded.
    func next(for request: HTTPRequest, feature: String) -> (answer: TapeAnswer, line: Int)? {
        let key = TapeAnswer.key(feature: feature, method: "GET", target: TapeTarget.of(request))
        let recorded = answers(for: key)
        guard !recorded.isEmpty else { return nil }
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
