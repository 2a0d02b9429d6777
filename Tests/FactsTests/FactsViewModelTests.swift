import CustomDump
import ExplorerClock
import ExplorerCore
import ExplorerHTTP
import ExplorerImages
import ExplorerStore
import ExplorerText
@testable import Facts
import Foundation
import Reactive
import TestSupport
import Testing

/// The view model driven intent by intent, the whole state asserted after each one (as a test
/// store would, ``StateExpectations``): the document is a service of canned answers that
/// answers only the calls each test expects (``FactsServiceFixture`` over ``ExpectedCalls``),
/// the images come from a fake server (``FakeImageServer``) through a real ``ImageLoader`` and
/// an ``ImageCache`` in a temporary directory, favourites live in memory, and the clock stands
/// still so `cached 2 h ago` is exact. Background prefetches are awaited by polling the
/// server's log, never by sleeping.
@MainActor
@Suite("Facts view model")
final class FactsViewModelTests {
    let clock = VirtualClock()
    let directory = TemporaryDirectory("facts-images")
    let cache: ImageCache
    let server: FakeImageServer
    let documents: FactsServiceFixture
    let store: FavouritesStore
    let selection: SourceSelection
    let calls = ExpectedCalls<FactsCall>()
    let viewModel: FactsViewModel
    let state: StateExpectations<FactsState>
    /// Every state emitted, for the tests about a sequence of them (loading, then loaded).
    let recorder: StateRecorder<FactsState>

    convenience init() {
        self.init(.live)
    }

    /// Live: the document from ``documents``, the images from ``server``. Embedded: the embedded
    /// document through the HTTP service, as the feature wires it (the server still stands for the
    /// network, to show that nothing is asked of it).
    init(_ source: DataSource, document: FactsDocument = Canada.document, server: FakeImageServer = Canada.server(),
         pageSize: Int = 20, maxPerHost: Int = 6) {
        // In a folder of its own: the embedded data's stand-in image goes beside it.
        cache = ImageCache(directory: directory.url.appendingPathComponent("images"))
        self.server = server
        documents = FactsServiceFixture(document, calls: calls)
        store = FavouritesStore.inMemory(clock: clock)
        selection = SourceSelection(source)
        let service = source == .live ? documents.service : .http(EmbeddedHTTPClient(responder: FactsEmbeddedData.responder))
        let loader = ImageLoader(cache: cache, http: server, maxPerHost: maxPerHost, timeout: .seconds(60))
        viewModel = FactsViewModel(service: service, loader: loader, favourites: store, selection: selection, clock: clock,
                                   pageFits: { $0.rows.count <= pageSize })
        state = StateExpectations(viewModel.state)
        recorder = StateRecorder(viewModel.state)
    }

    deinit {
        directory.remove()
    }

    // MARK: Expected states

    typealias Row = FactsState.Row
    static let twoHoursAgo: TimeInterval = -2 * 3600

    func file(_ url: String) -> String {
        cache.file(for: URL(string: url)!).path
    }

    /// What stands in for an image the embedded data lacks (in `stand-ins/` beside the cache).
    var standIn: ImageState {
        .standIn(StandInImage.info, file: directory.url.appendingPathComponent("stand-ins/stand-in.png").path)
    }

    func loaded(_ url: String, _ format: ImageFormat, _ width: Int, _ height: Int, bytes: Int = 100) -> ImageState {
        .loaded(ImageInfo(format: format, width: width, height: height, byteCount: bytes), file: file(url))
    }

    /// The state of each image of ``Canada/server()`` once loaded.
    func loaded(_ url: String) -> ImageState {
        switch url {
        case Canada.beavers: loaded(url, .jpeg, 220, 165, bytes: 2048)
        case Canada.flag: loaded(url, .png, 128, 64)
        case Canada.transportation: loaded(url, .jpeg, 400, 300, bytes: 3000)
        case Canada.hockey: loaded(url, .gif, 150, 100)
        case Canada.housing: loaded(url, .png, 256, 256, bytes: 5000)
        case Canada.shame: loaded(url, .jpeg, 300, 200)
        case Canada.space: loaded(url, .jpeg, 640, 480, bytes: 34 * 1024)
        case Canada.meese: loaded(url, .jpeg, 96, 96)
        case Canada.kittens: loaded(url, .jpeg, 500, 375)
        case Canada.mounties: loaded(url, .png, 400, 533)
        default: .loading
        }
    }

    func allLoaded(_ urls: [String]) -> [String: ImageState] {
        Dictionary(uniqueKeysWithValues: urls.map { ($0, loaded($0)) })
    }

    func rows(_ facts: [Fact], from first: Int, favourites: Set<String> = []) -> [Row] {
        facts.enumerated().map { offset, fact in
            ListRow(number: first + offset, item: fact, isFavourite: fact.itemID.map(favourites.contains) ?? false)
        }
    }

    /// Page `page` of `facts` in pages of `size`, showing `images`.
    func listing(page: Int = 1, size: Int = 20, facts: [Fact] = Canada.facts, title: String? = "About Canada", hidden: Int = 1,
                 images: [String: ImageState], favourites: Set<String> = [], offline: String? = nil,
                 warnsOffline: Bool = false) -> FactsState {
        var state = FactsState()
        state.title = title
        state.page = page
        state.pageCount = (facts.count + size - 1) / size
        state.totalCount = facts.count
        state.hiddenCount = hidden
        let start = (page - 1) * size
        state.rows = rows(Array(facts[start..<min(start + size, facts.count)]), from: start + 1, favourites: favourites)
        state.images = images
        state.offline = offline
        state.warnsOffline = warnsOffline
        return state
    }

    /// The embedded document on one page, every image loaded.
    func canada(favourites: Set<String> = []) -> FactsState {
        listing(images: allLoaded(Canada.all), favourites: favourites)
    }

    /// Page `page` of the embedded document in pages of 5, its images loaded.
    func canada(page: Int) -> FactsState {
        listing(page: page, size: 5, images: allLoaded([Canada.page1, Canada.page2, Canada.page3][page - 1]))
    }

    /// `state` showing page `page` of pages of `size` (of ``Canada/facts``), with `images`.
    func show(_ state: inout FactsState, page: Int, size: Int, images: [String: ImageState]) {
        let start = (page - 1) * size
        state.page = page
        state.pageCount = (Canada.facts.count + size - 1) / size
        state.rows = rows(Array(Canada.facts[start..<min(start + size, Canada.facts.count)]), from: start + 1)
        state.images = images
    }

    func loading(_ state: FactsState) -> FactsState {
        var state = state
        state.isLoading = true
        return state
    }

    func emitted(since count: Int) -> [FactsState] {
        Array(recorder.states.dropFirst(count))
    }

    /// Yields until the image files for `urls` are in the cache (downloads that went on in the
    /// background), at most a bounded number of times; false if they never were.
    func waitForFiles(_ urls: [String]) async -> Bool {
        func allThere() -> Bool { urls.allSatisfy { FileManager.default.fileExists(atPath: file($0)) } }
        // A generous bound on a loaded machine; the wait ends as soon as the condition holds.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if allThere() { return true }
            await Task.yield()
        }
        return allThere()
    }

    /// Lets the background run for a while (to see that something does not happen).
    func yieldForAWhile() async {
        for _ in 0..<2_000 { await Task.yield() }
    }

    // MARK: Loading

    @Test func loadShowsEveryFactWithItsImageAndASecondLoadAsksForNothing() async throws {
        calls.expect([.document(fresh: false)])
        try await viewModel.load()
        state.expect {
            $0.title = "About Canada"
            $0.page = 1
            $0.pageCount = 1
            $0.totalCount = 13
            $0.hiddenCount = 1
            $0.rows = rows(Canada.facts, from: 1)
            $0.images = allLoaded(Canada.all)
        }
        expectNoDifference(recorder.states, [FactsState(), loading(FactsState()), state.expected], "loading, then the list")
        #expect(state.expected.images.count == 10, "one per row with an image")
        #expect(state.expected.image(of: Canada.fact("Eh")) == ImageState.none, "a row without an image")
        #expect(state.expected.rows.compactMap(\.number) == Array(1...13), "the empty row is left out and numbers run on")
        #expect(server.imageRequests == Canada.all.sorted())
        #expect(viewModel.pageCount == 1)
        #expect(viewModel.rowNumbers == Array(1...13))

        let count = recorder.states.count
        try await viewModel.load()
        state.expectUnchanged("a second load shows what is loaded")
        #expect(emitted(since: count) == [state.expected], "once, without loading")
        #expect(server.imageRequests == Canada.all.sorted())
        calls.expectAllMade()
    }

    @Test func eachImageHasItsOwnOutcomeAndOneFailingDoesNotFailTheList() async throws {
        server.answer(Canada.flag, .failure(.status(404)))
        server.answer(Canada.transportation, .failure(.networkUnavailable(.refused)))
        server.answer(Canada.hockey, .failure(.timeout))
        server.answer(Canada.housing, .failure(.connectionLost))
        server.answer(Canada.shame, .bytes(ImageBytes.notAnImage, etag: nil))
        server.answer(Canada.space, .failure(.status(500)))
        server.answer(Canada.meese, .bytes(ImageBytes.png(96, 96).prefix(20), etag: nil))
        calls.expect([.document(fresh: false)])
        try await viewModel.load()

        state.expect {
            $0 = canada()
            $0.images[Canada.flag] = .failed("HTTP 404")
            $0.images[Canada.transportation] = .unavailableOffline
            $0.images[Canada.hockey] = .failed("timed out")
            $0.images[Canada.housing] = .failed("connection lost")
            $0.images[Canada.shame] = .notAnImage
            $0.images[Canada.space] = .failed("HTTP 500")
            $0.images[Canada.meese] = .notAnImage
        }
        #expect(server.imageRequests == Canada.all.sorted())
        calls.expectAllMade()
    }

    @Test func duplicateImagesAreAskedForOnceAndAnAddressThatIsNotHTTPIsNotAskedFor() async throws {
        let shared = "http://images.example/shared.png"
        let own = "https://other.example/own.gif"
        let facts = [
            Fact(title: "A", imageHref: shared), Fact(title: "B", description: "Same picture.", imageHref: shared),
            Fact(title: "C", imageHref: "ftp://images.example/c.png"), Fact(title: "D", description: "No picture."),
            Fact(title: "E", imageHref: own),
        ]
        let test = FactsViewModelTests(.live, document: FactsDocument(title: "Shared", rows: facts), server: FakeImageServer([
            shared: .bytes(ImageBytes.png(10, 20), etag: nil), own: .bytes(ImageBytes.gif(30, 40), etag: nil),
        ]))
        test.calls.expect([.document(fresh: false)])
        try await test.viewModel.load()

        test.state.expect {
            $0.title = "Shared"
            $0.page = 1
            $0.pageCount = 1
            $0.totalCount = 5
            $0.rows = test.rows(facts, from: 1)
            $0.images = [shared: test.loaded(shared, .png, 10, 20), own: test.loaded(own, .gif, 30, 40)]
        }
        #expect(test.server.imageRequests == [shared, own])
        #expect(test.state.expected.image(of: facts[2]) == .failed("not an http(s) address"))
        #expect(test.state.expected.image(of: facts[3]) == ImageState.none)
        test.calls.expectAllMade()
    }

    @Test func aFailedFirstLoadLeavesNothingLoaded() async throws {
        let failure = HTTPError(.status(500), endpoint: FactsService.defaultPath, host: "dl.dropboxusercontent.com")
        documents.fail(failure)

        calls.expect([.document(fresh: false)])
        await #expect(throws: failure) { try await viewModel.load() }
        state.expectUnchanged("nothing loaded")
        expectNoDifference(recorder.states, [FactsState(), loading(FactsState()), FactsState()], "loading, then nothing again")
        #expect(viewModel.rowNumbers == [])
        #expect(viewModel.pageCount == 0)
        #expect(server.requests == [])
        await #expect(throws: FactsError.nothingLoaded(row: "1")) { try await viewModel.open("1") }
        await #expect(throws: ListError.notARowNumber("one")) { try await viewModel.open("one") }
        state.expectUnchanged()

        documents.answer(Canada.document)
        calls.expect([.document(fresh: false)])
        try await viewModel.load()
        state.expect { $0 = canada() }
        calls.expectAllMade()
    }

    @Test func aDocumentFromTheCacheSaysHowManyFactsAndHowOldOnTheScreenOfTheFetchAlone() async throws {
        for url in Canada.all { server.answer(url, .failure(.networkUnavailable(.offline))) }
        documents.answer(Canada.document, cachedAt: clock.now.addingTimeInterval(Self.twoHoursAgo))
        calls.expect([.document(fresh: false)])
        try await viewModel.load()
        let offline = Dictionary(uniqueKeysWithValues: Canada.all.map { ($0, ImageState.unavailableOffline) })
        state.expect {
            $0 = listing(images: offline)
            $0.offline = "network unavailable: showing the 13 facts cached 2 h ago"
            $0.warnsOffline = true
        }

        // Shown again without a request: still the cached copy, but the warning was the fetch's.
        clock.advance(by: 3600)
        try await viewModel.load()
        state.expect {
            $0.offline = "network unavailable: showing the 13 facts cached 3 h ago"
            $0.warnsOffline = false
        }
        try await viewModel.open("2")
        state.expect { $0.showDetail(row: 2, Canada.fact("Flag")) }
        #expect(viewModel.back())
        state.expect { $0.showList() }

        let one = [Fact(title: "Eh", description: "A small word.")]
        documents.answer(FactsDocument(title: nil, rows: one + [Fact(), Fact()]), cachedAt: clock.now.addingTimeInterval(-5 * 60))
        calls.expect([.document(fresh: true)])
        try await viewModel.refresh()
        state.expect {
            $0.title = nil
            $0.totalCount = 1
            $0.hiddenCount = 2
            $0.rows = rows(one, from: 1)
            $0.images = [:]
            $0.offline = "network unavailable: showing the 1 fact cached 5 min ago"
            $0.warnsOffline = true
        }
        calls.expectAllMade()
    }

    // MARK: The embedded source

    @Test func theEmbeddedSourceAsksForNoImageAndTakesWhatTheCacheHas() async throws {
        let embedded = FactsViewModelTests(.embedded, pageSize: 5)
        try FileManager.default.createDirectory(at: embedded.cache.directory, withIntermediateDirectories: true)
        try ImageBytes.jpeg(220, 165, size: 2048).write(to: URL(fileURLWithPath: embedded.file(Canada.beavers)))
        try ImageBytes.notAnImage.write(to: URL(fileURLWithPath: embedded.file(Canada.flag)))
        try ImageBytes.jpeg(640, 480, size: 34 * 1024).write(to: URL(fileURLWithPath: embedded.file(Canada.space)))
        let viewModel = embedded.viewModel
        try await viewModel.load()
        embedded.state.expect {
            $0 = embedded.listing(size: 5, images: [
                Canada.beavers: embedded.loaded(Canada.beavers), Canada.flag: .notAnImage,
                Canada.transportation: embedded.standIn, Canada.hockey: embedded.standIn,
            ])
        }

        try await viewModel.showPage(.next)
        embedded.state.expect {
            embedded.show(&$0, page: 2, size: 5, images: [
                Canada.housing: embedded.standIn, Canada.shame: embedded.standIn,
                Canada.space: embedded.loaded(Canada.space), Canada.meese: embedded.standIn,
            ])
        }

        try await viewModel.open("12")
        embedded.state.expect { $0.showDetail(row: 12, Canada.fact("Mounties"), image: embedded.standIn) }
        await embedded.yieldForAWhile()
        #expect(embedded.server.requests == [], "no request at all: no image, no prefetch")
    }

    // MARK: Pages

    @Test func pagesOfFiveNumberOnAndTheNextPagesImagesArePrefetched() async throws {
        let paged = FactsViewModelTests(.live, pageSize: 5)
        let viewModel = paged.viewModel
        paged.calls.expect([.document(fresh: false)])
        try await viewModel.load()
        paged.state.expect { $0 = paged.canada(page: 1) }
        #expect(viewModel.pageCount == 3)
        #expect(viewModel.rowNumbers == Array(1...5))

        #expect(await paged.server.waitForRequests(Canada.page2), "page 2's images asked for in the background")
        try await viewModel.showPage(.next)
        paged.state.expect {
            $0.page = 2
            $0.rows = paged.rows(Array(Canada.facts[5..<10]), from: 6)
            $0.images = paged.allLoaded(Canada.page2)
        }
        #expect(paged.state.expected.rows.compactMap(\.number) == [6, 7, 8, 9, 10], "the empty row is not counted")
        #expect(viewModel.rowNumbers == Array(6...10))
        #expect(Canada.page2.map(paged.server.count) == [1, 1, 1, 1], "page next asked for none of them again")

        #expect(await paged.server.waitForRequests(Canada.page3))
        try await viewModel.showPage(.number(3))
        paged.state.expect { paged.show(&$0, page: 3, size: 5, images: paged.allLoaded(Canada.page3)) }
        #expect(viewModel.rowNumbers == [11, 12, 13])

        await #expect(throws: PageError.alreadyOnLastPage(count: 3)) { try await viewModel.showPage(.next) }
        await #expect(throws: PageError.noPage(4, count: 3)) { try await viewModel.showPage(.number(4)) }
        paged.state.expectUnchanged()

        let count = paged.recorder.states.count
        try await viewModel.showPage(.previous)
        paged.state.expect { $0 = paged.canada(page: 2) }
        try await viewModel.showPage(.number(1))
        paged.state.expect { $0 = paged.canada(page: 1) }
        #expect(paged.emitted(since: count).count == 2, "a state each, no loading")
        await #expect(throws: PageError.alreadyOnFirstPage) { try await viewModel.showPage(.previous) }
        paged.state.expectUnchanged()
        #expect(paged.server.imageRequests == Canada.all.sorted(), "every image asked for once")
        paged.calls.expectAllMade()
    }

    @Test func pageLoadsTheDocumentFirstWhenNothingIsLoaded() async throws {
        let paged = FactsViewModelTests(.live, pageSize: 5)
        paged.calls.expect([.document(fresh: false)])
        try await paged.viewModel.showPage(.next)
        paged.state.expect { $0 = paged.canada(page: 2) }

        expectNoDifference(paged.recorder.states, [FactsState(), loading(FactsState()), paged.canada(page: 1), paged.canada(page: 2)],
                           "loading, page 1 loaded, then page 2")
        #expect(Canada.page2.map(paged.server.count) == [1, 1, 1, 1], "the prefetch and the page share the downloads")
        #expect(await paged.server.waitForRequests(Canada.page3))
        #expect(await paged.waitForFiles([Canada.kittens, Canada.mounties]))
        paged.calls.expectAllMade()
    }

    @Test func pageAllListsEveryFactWithItsImageAndPagingLeavesIt() async throws {
        let paged = FactsViewModelTests(.live, pageSize: 5)
        let viewModel = paged.viewModel
        paged.calls.expect([.document(fresh: false)])
        try await viewModel.load()
        paged.state.expect { $0 = paged.canada(page: 1) }
        #expect(await paged.server.waitForRequests(Canada.page2), "page 2's images asked for in the background")

        try await viewModel.showPage(.all(limit: 1))
        paged.state.expect("every fact, numbered as it is, every image loaded; the facts came in one answer, so no bound stops it") {
            $0.all = AllPages(pages: 3)
            $0.rows = paged.rows(Canada.facts, from: 1)
            $0.images = paged.allLoaded(Canada.all)
        }
        #expect(viewModel.rowNumbers == Array(1...13))
        #expect(Canada.all.map(paged.server.count) == Canada.all.map { _ in 1 }, "every image asked for once")

        try await viewModel.showPage(.next)
        paged.state.expect("`page next` leaves `all`, from the page it stayed on") { $0 = paged.canada(page: 2) }
        paged.calls.expectAllMade()
    }

    @Test func showingAPageAgainAsksAgainForTheImagesThatFailedOnly() async throws {
        server.answer(Canada.space, .failure(.status(503)))
        server.answer(Canada.kittens, .failure(.networkUnavailable(.hostNotFound)))
        calls.expect([.document(fresh: false)])
        try await viewModel.load()
        state.expect {
            $0 = canada()
            $0.images[Canada.space] = .failed("HTTP 503")
            $0.images[Canada.kittens] = .unavailableOffline
        }

        server.answer(Canada.space, .bytes(ImageBytes.jpeg(640, 480, size: 34 * 1024), etag: nil))
        try await viewModel.showPage(.number(1))
        state.expect { $0.images[Canada.space] = loaded(Canada.space) }
        #expect(Canada.all.map(server.count) == [1, 1, 1, 1, 1, 1, 2, 1, 2, 1])
        calls.expectAllMade()
    }

    @Test func stopBackgroundWorkCancelsThePrefetch() async throws {
        let (a1, a2) = ("http://a.example/1.png", "http://a.example/2.png")
        let (b1, b2) = ("http://b.example/1.png", "http://b.example/2.png")
        let facts = [Fact(title: "A1", imageHref: a1), Fact(title: "A2", imageHref: a2),
                     Fact(title: "B1", imageHref: b1), Fact(title: "B2", imageHref: b2)]
        let server = FakeImageServer([
            a1: .bytes(ImageBytes.png(1, 1), etag: nil), a2: .bytes(ImageBytes.png(2, 2), etag: nil),
            b1: .bytes(ImageBytes.png(3, 3), etag: nil), b2: .bytes(ImageBytes.png(4, 4), etag: nil),
        ])
        server.hold(b1)
        defer { server.release(b1) }
        // One image at a time per host: page 2's second image waits for its first.
        let test = FactsViewModelTests(.live, document: FactsDocument(title: "Hosts", rows: facts), server: server,
                                       pageSize: 2, maxPerHost: 1)
        test.calls.expect([.document(fresh: false)])
        try await test.viewModel.load()
        test.state.takeCurrent()
        #expect(await server.waitForRequests([b1]), "the prefetch is under way")
        #expect(server.count(b2) == 0)

        test.viewModel.stopBackgroundWork()
        test.state.expectUnchanged()
        server.release(b1)
        #expect(await test.waitForFiles([b1]), "the download under way goes on and is kept")
        await test.yieldForAWhile()
        #expect(server.count(b2) == 0, "the prefetch stopped: its next image was never asked for")

        try await test.viewModel.showPage(.next)
        test.state.expect {
            $0.page = 2
            $0.rows = test.rows(Array(facts[2...]), from: 3)
            $0.images = [b1: test.loaded(b1, .png, 3, 3), b2: test.loaded(b2, .png, 4, 4)]
        }
        #expect([a1, a2, b1, b2].map(server.count) == [1, 1, 1, 1], "the kept download is not asked for again")
        test.calls.expectAllMade()
    }

    /// A view model of the embedded document, live, whose pages take `size` facts; with the
    /// calls it is expected to make, and how many times it measured a page.
    func sizedViewModel(_ size: LockedValue<Int>, measured: LockedValue<Int> = LockedValue(0),
                        window: (@MainActor () -> [Int])? = nil) -> (FactsViewModel, ExpectedCalls<FactsCall>) {
        let calls = ExpectedCalls<FactsCall>()
        let documents = FactsServiceFixture(Canada.document, calls: calls)
        let loader = ImageLoader(cache: cache, http: Canada.server())
        let viewModel = FactsViewModel(service: documents.service, loader: loader, favourites: store, selection: selection,
                                       clock: clock, pageFits: { state in
                                           measured.withLock { $0 += 1 }
                                           return state.rows.count <= size.value
                                       }, pageMeasure: window ?? { [20] })
        return (viewModel, calls)
    }

    @Test func thePageSizeIsReadAgainOnRefreshAndThePageKeptWhileItExists() async throws {
        let size = LockedValue(5)
        let (viewModel, calls) = sizedViewModel(size)
        let state = StateExpectations(viewModel.state)
        calls.expect([.document(fresh: false)])
        try await viewModel.showPage(.number(3))
        state.expect { $0 = canada(page: 3) }

        size.withLock { $0 = 4 }
        calls.expect([.document(fresh: true)])
        try await viewModel.refresh()
        state.expect { show(&$0, page: 3, size: 4, images: allLoaded([Canada.meese, Canada.kittens, Canada.mounties])) }

        size.withLock { $0 = 0 }
        calls.expect([.document(fresh: true)])
        try await viewModel.refresh()
        state.expect { show(&$0, page: 3, size: 1, images: allLoaded([Canada.transportation])) }
        #expect(viewModel.pageCount == 13, "at least one fact a page")

        size.withLock { $0 = 20 }
        calls.expect([.document(fresh: true)])
        try await viewModel.refresh()
        state.expect("page 3 is no more: the last page") { show(&$0, page: 1, size: 20, images: allLoaded(Canada.all)) }
        calls.expectAllMade()
    }

    /// A page turn in the same window uses the pages laid out already: measuring is what a
    /// page holds, not what the document does. In a window of another size they are laid out
    /// again.
    @Test func aPageTurnMeasuresAgainOnlyInAWindowOfAnotherSize() async throws {
        let size = LockedValue(5)
        let measured = LockedValue(0)
        let (viewModel, calls) = sizedViewModel(size, measured: measured, window: { [size.value] })
        let state = StateExpectations(viewModel.state)
        calls.expect([.document(fresh: false)])
        try await viewModel.showPage(.number(2))
        state.expect { $0 = canada(page: 2) }
        let laidOut = measured.value

        try await viewModel.showPage(.next)
        state.expect { $0 = canada(page: 3) }
        #expect(measured.value - laidOut <= 1, "the page shown is checked, the document not laid out again")

        size.withLock { $0 = 4 }
        try await viewModel.showPage(.number(3))
        state.expect { show(&$0, page: 3, size: 4, images: allLoaded(Canada.facts[8..<12].compactMap { $0.imageURL?.absoluteString })) }
        #expect(viewModel.pageCount == 4)
        calls.expectAllMade()
    }

    // MARK: Detail

    @Test func openShowsAFactWholeAndLoadsItsImageIfNotYet() async throws {
        let paged = FactsViewModelTests(.live, pageSize: 5)
        let viewModel = paged.viewModel
        paged.calls.expect([.document(fresh: false)])
        try await viewModel.load()
        paged.state.takeCurrent()
        #expect(await paged.server.waitForRequests(Canada.page2))

        var count = paged.recorder.states.count
        try await viewModel.open("11")
        paged.state.expect { $0.showDetail(row: 11, Canada.fact("Kittens..."), image: paged.loaded(Canada.kittens)) }
        #expect(paged.emitted(since: count).count == 1, "no loading")
        #expect(paged.server.count(Canada.kittens) == 1, "page 3's image, asked for on open")
        let opened = try viewModel.openedImage()
        #expect(opened.fact == Canada.fact("Kittens..."))
        #expect(opened.file == URL(fileURLWithPath: paged.file(Canada.kittens)))
        paged.state.expectUnchanged()

        #expect(viewModel.back())
        paged.state.expect {
            $0.showList()
            $0.images[Canada.kittens] = nil
        }
        #expect(throws: FactsError.noFactOpen) { try viewModel.openedImage() }
        #expect(FactsError.noFactOpen.description == "open a fact first (`open N`)")

        try await viewModel.open("11")
        paged.state.expect { $0.showDetail(row: 11, Canada.fact("Kittens..."), image: paged.loaded(Canada.kittens)) }
        try await viewModel.open("2")
        paged.state.expect {
            $0.showDetail(row: 2, Canada.fact("Flag"))
            $0.images[Canada.kittens] = nil
        }
        #expect(paged.server.count(Canada.kittens) == 1, "loaded before: not asked again")
        #expect(paged.server.count(Canada.flag) == 1)

        count = paged.recorder.states.count
        await #expect(throws: ListError.noRow(14, count: 13)) { try await viewModel.open("14") }
        await #expect(throws: ListError.noRow(0, count: 13)) { try await viewModel.open("0") }
        await #expect(throws: ListError.notARowNumber("Flag")) { try await viewModel.open("Flag") }
        paged.state.expectUnchanged()
        #expect(paged.recorder.states.count == count, "nothing emitted")
        #expect(await paged.waitForFiles([Canada.space, Canada.meese]))
        paged.calls.expectAllMade()
    }

    @Test func aDetailWithoutAnImageToViewSaysWhyAndAFailedImageIsAskedForAgainOnOpen() async throws {
        server.answer(Canada.flag, .failure(.status(404)))
        calls.expect([.document(fresh: false)])
        try await viewModel.load()
        state.expect {
            $0 = canada()
            $0.images[Canada.flag] = .failed("HTTP 404")
        }

        try await viewModel.open("2")
        state.expect { $0.showDetail(row: 2, Canada.fact("Flag")) }
        #expect(server.count(Canada.flag) == 2, "asked again on open")
        #expect(throws: FactsError.noImageToView(title: "Flag", image: .failed("HTTP 404"))) { try viewModel.openedImage() }
        #expect(FactsError.noImageToView(title: "Flag", image: .failed("HTTP 404")).description == "“Flag” has no image to view (failed: HTTP 404)")

        try await viewModel.open("5")
        state.expect { $0.showDetail(row: 5, Canada.fact("Eh")) }
        #expect(throws: FactsError.noImageToView(title: "Eh", image: .none)) { try viewModel.openedImage() }
        #expect(FactsError.noImageToView(title: "Eh", image: .none).description == "“Eh” has no image to view (no image)")
        state.expectUnchanged()

        server.answer(Canada.flag, .bytes(ImageBytes.png(128, 64), etag: nil))
        #expect(viewModel.back())
        state.expect { $0.showList() }
        try await viewModel.open("2")
        state.expect { $0.showDetail(row: 2, Canada.fact("Flag"), image: loaded(Canada.flag)) }
        #expect(try viewModel.openedImage().file == URL(fileURLWithPath: file(Canada.flag)))
        #expect(server.count(Canada.flag) == 3)
        calls.expectAllMade()
    }

    // MARK: Refresh

    @Test func refreshAsksForTheDocumentFreshAndRevalidatesThePagesImages() async throws {
        server.answer(Canada.transportation, .failure(.status(404)))
        calls.expect([.document(fresh: false)])
        try await viewModel.load()
        state.expect {
            $0 = canada()
            $0.images[Canada.transportation] = .failed("HTTP 404")
        }
        let before = state.expected

        server.answer(Canada.transportation, .bytes(ImageBytes.jpeg(400, 300, size: 3000), etag: nil))
        server.answer(Canada.flag, .bytes(ImageBytes.png(256, 128, size: 1500), etag: nil))
        let count = recorder.states.count
        calls.expect([.document(fresh: true)])
        try await viewModel.refresh()
        state.expect {
            $0.images[Canada.transportation] = loaded(Canada.transportation)
            $0.images[Canada.flag] = loaded(Canada.flag, .png, 256, 128, bytes: 1500)
        }
        #expect(emitted(since: count) == [loading(before), state.expected], "loading, then refreshed")
        #expect(Canada.all.map(server.count) == Array(repeating: 2, count: 10), "every image of the page asked for again")
        let revalidation = server.requests.last { $0.absoluteURL?.absoluteString == Canada.beavers }
        #expect(revalidation?.headerValue("If-None-Match") == "\"beaver-1\"", "with the validator the server gave")
        #expect(server.requests.last { $0.absoluteURL?.absoluteString == Canada.flag }?.headerValue("If-None-Match") == nil)
        calls.expectAllMade()
    }

    @Test func refreshReadsTheNewDocumentAndKeepsTheDetailOnShow() async throws {
        calls.expect([.document(fresh: false)])
        try await viewModel.load()
        try await viewModel.open("3")
        state.takeCurrent()

        var changed = Canada.document
        changed.title = "About Canada, revised"
        changed.rows[2].description = "Mostly by canoe."
        documents.answerFresh(.success(FactsAnswer(document: changed)))
        calls.expect([.document(fresh: true)])
        try await viewModel.refresh()
        state.expect {
            $0.title = "About Canada, revised"
            $0.rows[2].item.description = "Mostly by canoe."
            $0.detail?.item.description = "Mostly by canoe."
        }
        #expect(state.expected.screen == .detail(number: 3))
        #expect(viewModel.back())
        state.expect { $0.showList() }
        calls.expectAllMade()
    }

    @Test func aFailingRefreshLeavesTheStateAsItWas() async throws {
        calls.expect([.document(fresh: false)])
        try await viewModel.load()
        try await viewModel.open("1")
        state.takeCurrent()
        let before = state.expected
        let unavailable = HTTPError(.networkUnavailable(.offline), endpoint: FactsService.defaultPath, host: "dl.dropboxusercontent.com")
        documents.answerFresh(.failure(unavailable))

        let count = recorder.states.count
        calls.expect([.document(fresh: true)])
        await #expect(throws: unavailable) { try await viewModel.refresh() }
        state.expectUnchanged("the detail as it was")
        #expect(emitted(since: count) == [loading(before), before], "loading, then as before")
        #expect(server.imageRequests == Canada.all.sorted(), "no image asked for")
        #expect(viewModel.rowNumbers == Array(1...13))
        calls.expectAllMade()
    }

    // MARK: Reset

    @Test func resetForgetsTheDocumentAndTheImagesStates() async throws {
        calls.expect([.document(fresh: false)])
        try await viewModel.load()
        try await viewModel.open("1")
        state.takeCurrent()

        viewModel.reset()
        state.expect { $0 = FactsState() }
        #expect(viewModel.pageCount == 0)
        #expect(viewModel.rowNumbers == [])
        #expect(throws: FactsError.nothingLoaded(row: "1")) { try viewModel.row(named: "1") }
        #expect(FactsError.nothingLoaded(row: "1").description == "no row 1: nothing is loaded")
        #expect(throws: FactsError.noFactOpen) { try viewModel.openedImage() }

        calls.expect([.document(fresh: false)])
        try await viewModel.load()
        state.expect("the document asked for again, the images from the cache") { $0 = canada() }
        #expect(server.imageRequests == Canada.all.sorted(), "the images from the cache")
        calls.expectAllMade()
    }

    // MARK: Favourites

    @Test func aFactIsAFavouriteByItsTitle() async throws {
        calls.expect([.document(fresh: false)])
        try await viewModel.load()
        state.takeCurrent()

        let marked = try viewModel.toggleFavourite("1")
        #expect(marked == FavouriteToggle(number: 1, itemID: "Beavers", title: "Beavers", isFavourite: true))
        state.expect { $0.rows[0].isFavourite = true }
        #expect(try store.ids(in: "facts") == ["Beavers"])

        try await viewModel.open("4")
        state.expect { $0.showDetail(row: 4, Canada.fact("Hockey Night in Canada")) }
        let detailMarked = try viewModel.toggleFavourite(nil)
        #expect(detailMarked == FavouriteToggle(number: 4, itemID: "Hockey Night in Canada", title: "Hockey Night in Canada", isFavourite: true))
        state.expect {
            $0.rows[3].isFavourite = true
            $0.detail?.isFavourite = true
        }
        #expect(viewModel.back())
        state.expect { $0.showList() }

        // The same titles in another order: the stars follow the titles.
        var reordered = Canada.document
        reordered.rows.reverse()
        documents.answerFresh(.success(FactsAnswer(document: reordered)))
        calls.expect([.document(fresh: true)])
        try await viewModel.refresh()
        state.expect { $0.rows = rows(Canada.facts.reversed(), from: 1, favourites: ["Beavers", "Hockey Night in Canada"]) }

        let unmarked = try viewModel.toggleFavourite("13")
        #expect(unmarked == FavouriteToggle(number: 13, itemID: "Beavers", title: "Beavers", isFavourite: false))
        state.expect { $0.rows[12].isFavourite = false }
        #expect(try store.ids(in: "facts") == ["Hockey Night in Canada"])
        calls.expectAllMade()
    }

    @Test func anUntitledFactCannotBeAFavourite() async throws {
        let facts = [Fact(description: "Nobody named this."), Fact(title: "Named")]
        let test = FactsViewModelTests(.live, document: FactsDocument(title: nil, rows: facts))
        test.calls.expect([.document(fresh: false)])
        try await test.viewModel.load()
        test.state.expect { $0 = test.listing(facts: facts, title: nil, hidden: 0, images: [:]) }
        #expect(test.state.expected.rows.map(\.canBeFavourite) == [false, true])

        #expect(throws: ListError.noID(title: "untitled", idName: "title")) { try test.viewModel.toggleFavourite("1") }
        test.state.expectUnchanged()
        try await test.viewModel.open("1")
        test.state.expect { $0.showDetail(row: 1, facts[0]) }
        #expect(throws: ListError.noID(title: "untitled", idName: "title")) { try test.viewModel.toggleFavourite(nil) }
        test.state.expectUnchanged()
        #expect(try test.store.ids(in: "facts") == [])
        test.calls.expectAllMade()
    }

    // MARK: Calls

    @Test func aCallNobodyExpectedFailsTheTest() async {
        var error: (any Error)?
        await withKnownIssue("the service answers only what the test expects") {
            error = await #expect(throws: UnexpectedCall.self) { try await viewModel.load() }
        }
        #expect(error is UnexpectedCall, "the call was not expected")
        state.expectUnchanged()
    }
}

extension FactsState {
    /// The detail of row `row` (nil: none) on show, with its image's state when given.
    mutating func showDetail(row: Int?, _ fact: Fact, image: ImageState? = nil, favourite: Bool = false) {
        screen = .detail(number: row)
        detail = ListRow(number: row, item: fact, isFavourite: favourite)
        if let image, let url = fact.imageHref { images[url] = image }
    }

    /// The list on show again.
    mutating func showList() {
        screen = .list
        detail = nil
    }
}
