import ExplorerClock
import ExplorerCore
import ExplorerHTTP
import Foundation
@testable import ITunes
import Reactive
import Synchronization
import TestSupport

/// Recorded iTunes answers, each kept once in the repository: the tests' fixtures
/// (Tests/ExplorerTests/Fixtures/itunes, which the live transcripts serve too), and Jack
/// Johnson's answer in data/itunes, which the embedded catalogue is built from.
enum Recorded {
    static let directory = TestPaths.fixtures.appendingPathComponent("itunes")
    static let embeddedData = TestPaths.repository.appendingPathComponent("data/itunes")

    static func data(_ name: String, in folder: URL = directory) -> Data {
        do {
            return try Data(contentsOf: folder.appendingPathComponent(name))
        } catch {
            fatalError("missing fixture \(name): \(error)")
        }
    }

    static func text(_ name: String) -> String { String(decoding: data(name), as: UTF8.self) }

    static func answer(_ name: String, in folder: URL = directory) -> ITunesSearchAnswer {
        do {
            return try JSONDecoder().decode(ITunesSearchAnswer.self, from: data(name, in: folder))
        } catch {
            fatalError("undecodable fixture \(name): \(error)")
        }
    }

    /// 50 songs by Jack Johnson, in the order the store sent them.
    static let jackJohnson = answer("search-jack-johnson.json", in: embeddedData).results
    /// 24 songs, 23 feature films, 2 TV episodes and an audiobook (index 6, no track id).
    static let mixed = answer("search-term-star-mixed-50.json").results
    /// コブクロ's 桜 from the Japanese store: integer JPY prices.
    static let sakura = answer("search-jp-kobukuro-sakura-1.json").results[0]

    static var betterTogether: ITunesItem { jackJohnson[0] }
    static var audiobook: ITunesItem { mixed[6] }

    static func jackJohnson(id: Int) -> ITunesItem {
        guard let item = jackJohnson.first(where: { $0.trackId == id }) else { fatalError("no Jack Johnson track \(id)") }
        return item
    }

    /// Row order of "jack johnson", worked out by hand from the recorded answer: artist, then
    /// album, then track number (the one duet is by another artist name and goes last).
    static let jackJohnsonSortedIDs: [Int] = [
        906900983, 906900985,  // Brushfire Fairytales: 5 Flake, 6 Bubble Toes
        659234741, 659234742, 659234744, 659234809, 659234832, 659234835,  // From Here to Now to You: 1 2 4 7 9 12
        879273565, 879273566, 879273569, 879273570, 879273572, 879273573, 879273574, 879273575,  // In Between Dreams 1–8
        879273577, 879273578, 879273579, 879273582, 879273584, 879273586, 879273587,  // In Between Dreams 9–15
        255145362,  // Instant Karma
        879269461,  // Jack Johnson and Friends: Sing-A-Longs
        879716731, 879716732, 879716733, 879716734, 879716735, 879716736, 879716737,  // Sleep Through the Static 1–7
        879716742, 879716745, 879716746, 879716747, 879716748, 879716751, 879716754,  // 8–14
        879209890, 879209891, 879209892, 879209893, 879209894, 879209895, 879209896, 879209897,  // To the Sea 1–8
        879209901, 879209902,  // To the Sea 12, 13
        513801599,  // Jack Johnson, Dave Matthews & Tim Reynolds
    ]
}

/// A scripted ``ITunesService`` that answers only the calls the test expects (``calls``):
/// answers per term, lookups per id, downloads, and injectable failures.
final class ITunesFixture: Sendable {
    /// The calls the test says the service will get; any other fails the test.
    let calls = ExpectedCalls<ITunesCall>()
    private let answers = Mutex<[String: [ITunesItem]]>([:])
    private let searchFailures = Mutex<[String: HTTPError]>([:])
    private let lookupTable = Mutex<[Int: ITunesItem]>([:])
    private let lookupFailureStatus = Mutex<Int?>(nil)
    private let cancelSearches = Mutex(false)
    /// Opened when a search is held, if searches are (``holdSearchesUntilCancelled()``).
    private let searchHeld = Mutex<Gate?>(nil)
    private let downloadAnswer = Mutex<(data: Data, contentType: String?)>((Data("fake m4a".utf8), "audio/mp4"))
    /// How long each search waits on a clock before it answers, as `net latency` makes it.
    private let searchLatency = Mutex<(clock: SchedulingClock, delay: Duration)?>(nil)

    init() {
        answers.withLock { $0["jack johnson"] = Recorded.jackJohnson }
        lookupTable.withLock { table in
            for item in Recorded.jackJohnson + Recorded.mixed + [Recorded.sakura] {
                if let id = item.trackId { table[id] = item }
            }
        }
    }

    var service: ITunesService {
        ITunesService(
            search: { [self] term in
                try calls.take(.search(term))
                if let latency = searchLatency.withLock({ $0 }) { try await latency.clock.sleep(for: latency.delay) }
                if let held = searchHeld.withLock({ $0 }) {
                    held.open()
                    await Gate.untilCancelled()
                    throw CancellationError()
                }
                if cancelSearches.withLock({ $0 }) { throw CancellationError() }
                if let failure = searchFailures.withLock({ $0[term] }) { throw failure }
                return answers.withLock { $0[term] ?? [] }
            },
            lookup: { [self] id in
                try calls.take(.lookup(id))
                if let status = lookupFailureStatus.withLock({ $0 }) {
                    throw HTTPError(.status(status), endpoint: ITunesService.lookupRequest(id: id, country: "US").endpoint)
                }
                return lookupTable.withLock { $0[id] }
            },
            download: { [self] url in
                try calls.take(.download(url))
                return downloadAnswer.withLock { $0 }
            })
    }

    func answer(_ term: String, with items: [ITunesItem]) { answers.withLock { $0[term] = items } }
    func failSearch(_ term: String, status: Int) {
        searchFailures.withLock { $0[term] = HTTPError(.status(status), endpoint: "/search?term=\(HTTPRequest.encode(term))") }
    }
    func stopFailingSearch(_ term: String) { _ = searchFailures.withLock { $0.removeValue(forKey: term) } }
    func cancelEverySearch() { cancelSearches.withLock { $0 = true } }
    /// Each search is held as a request the server never answers is: until its task is
    /// cancelled, when it throws `CancellationError`. The gate returned opens when one is held.
    func holdSearchesUntilCancelled() -> Gate {
        let gate = Gate()
        searchHeld.withLock { $0 = gate }
        return gate
    }
    /// Each search waits `delay` on `clock` first (on a virtual one, no time: it is measured).
    func delaySearches(by delay: Duration, on clock: SchedulingClock) { searchLatency.withLock { $0 = (clock, delay) } }
    func answerLookup(_ id: Int, with item: ITunesItem?) { lookupTable.withLock { $0[id] = item } }
    /// Every lookup fails with `HTTP <status> from /lookup?id=<id>&country=US`.
    func failLookups(status: Int?) { lookupFailureStatus.withLock { $0 = status } }
    func answerDownloads(_ data: Data, contentType: String?) { downloadAnswer.withLock { $0 = (data, contentType) } }

    /// Expects the download of `item`'s preview.
    func expectDownload(of item: ITunesItem) {
        guard let url = item.previewUrl.flatMap(URL.init(string:)) else { fatalError("\(item.title) has no preview URL") }
        calls.expect([.download(url)])
    }
}

/// A song made by hand, for sorting and rendering cases the recordings do not have.
func song(_ id: Int?, artist: String?, album: String?, track: String, number: Int? = nil) -> ITunesItem {
    ITunesItem(trackId: id, artistName: artist, collectionName: album, trackName: track, trackNumber: number)
}
