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

/// The view model driven intent by intent, with every state it emits asserted whole: the
/// document is a service of canned answers (``FactsServiceFixture``), the images come from a
/// fake server (``FakeImageServer``) through a real ``ImageLoader`` and an ``ImageCache`` in a
/// temporary directory, favourites live in memory, and the clock stands still so `cached 2 h
/// ago` is exact. Background prefetches are awaited by polling the server's log, never by sleeping.
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
    let viewModel: FactsViewModel
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
        documents = FactsServiceFixture(document)
        store = FavouritesStore.inMemory(clock: clock)
        selection = SourceSelection(source)
        let service = source == .live ? documents.service : .http(EmbeddedHTTPClient(responder: FactsEmbeddedData.responder))
        let loader = ImageLoader(cache: cache, http: server, maxPerHost: maxPerHost, timeout: .seconds(60))
        viewModel = FactsViewModel(service: service, loader: loader, favourites: store, selection: selection, clock: clock,
                                   pageFits: { $0.rows.count <= pageSize })
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

    func loading(_ state: FactsState) -> FactsState {
        var state = state
        state.isLoading = true
        return state
    }

    /// `state` with the detail of row `row` on show, and its image.
    func detail(_ state: FactsState, row: Int, _ fact: Fact, image: ImageState? = nil, favourite: Bool = false) -> FactsState {
        var state = state
        state.screen = .detail(number: row)
        state.detail = ListRow(number: row, item: fact, isFavourite: favourite)
        if let image, let url = fact.imageHref { state.images[url] = image }
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
        try await viewModel.load()

        expectNoDifference(recorder.states, [FactsState(), loading(FactsState()), canada()])
        let state = viewModel.state.value
        #expect(state.images.count == 10, "one per row with an image")
        #expect(state.image(of: Canada.fact("Beavers")) == .loaded(ImageInfo(format: .jpeg, width: 220, height: 165, byteCount: 2048),
                                                                   file: file(Canada.beavers)))
        #expect(state.image(of: Canada.fact("Eh")) == ImageState.none, "a row without an image")
        #expect(state.image(of: Canada.fact("Language")) == ImageState.none)
        #expect(state.rows.compactMap(\.number) == Array(1...13), "the empty row is left out and numbers run on")
        #expect(documents.requests == [false])
        #expect(server.imageRequests == Canada.all.sorted())
        #expect(viewModel.pageCount == 1)
        #expect(viewModel.rowNumbers == Array(1...13))

        let count = recorder.states.count
        try await viewModel.load()
        #expect(emitted(since: count) == [canada()], "a second load shows what is loaded")
        #expect(documents.requests == [false], "and asks for nothing")
        #expect(server.imageRequests == Canada.all.sorted())
    }

    @Test func eachImageHasItsOwnOutcomeAndOneFailingDoesNotFailTheList() async throws {
        server.answer(Canada.flag, .failure(.status(404)))
        server.answer(Canada.transportation, .failure(.networkUnavailable(.refused)))
        server.answer(Canada.hockey, .failure(.timeout))
        server.answer(Canada.housing, .failure(.connectionLost))
        server.answer(Canada.shame, .bytes(ImageBytes.notAnImage, etag: nil))
        server.answer(Canada.space, .failure(.status(500)))
        server.answer(Canada.meese, .bytes(ImageBytes.png(96, 96).prefix(20), etag: nil))
        try await viewModel.load()

        var images = allLoaded([Canada.beavers, Canada.kittens, Canada.mounties])
        images[Canada.flag] = .failed("HTTP 404")
        images[Canada.transportation] = .unavailableOffline
        images[Canada.hockey] = .failed("timed out")
        images[Canada.housing] = .failed("connection lost")
        images[Canada.shame] = .notAnImage
        images[Canada.space] = .failed("HTTP 500")
        images[Canada.meese] = .notAnImage
        expectNoDifference(recorder.states, [FactsState(), loading(FactsState()), listing(images: images)])
        #expect(server.imageRequests == Canada.all.sorted())
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
        try await test.viewModel.load()

        let images: [String: ImageState] = [shared: test.loaded(shared, .png, 10, 20), own: test.loaded(own, .gif, 30, 40)]
        let expected = test.listing(facts: facts, title: "Shared", hidden: 0, images: images)
        expectNoDifference(test.recorder.states, [FactsState(), loading(FactsState()), expected])
        #expect(test.server.imageRequests == [shared, own])
        #expect(expected.image(of: facts[2]) == .failed("not an http(s) address"))
        #expect(expected.image(of: facts[3]) == ImageState.none)
    }

    @Test func aFailedFirstLoadLeavesNothingLoaded() async throws {
        let failure = HTTPError(.status(500), endpoint: FactsService.defaultPath, host: "dl.dropboxusercontent.com")
        documents.fail(failure)

        await #expect(throws: failure) { try await viewModel.load() }
        expectNoDifference(recorder.states, [FactsState(), loading(FactsState()), FactsState()])
        #expect(viewModel.rowNumbers == [])
        #expect(viewModel.pageCount == 0)
        #expect(server.requests == [])
        await #expect(throws: CommandError("no row 1: nothing is loaded")) { try await viewModel.open("1") }
        await #expect(throws: CommandError("expected a row number, not 'one'")) { try await viewModel.open("one") }

        documents.answer(Canada.document)
        try await viewModel.load()
        expectNoDifference(viewModel.state.value, canada())
        #expect(documents.requests == [false, false])
    }

    @Test func aDocumentFromTheCacheSaysHowManyFactsAndHowOldOnTheScreenOfTheFetchAlone() async throws {
        for url in Canada.all { server.answer(url, .failure(.networkUnavailable(.offline))) }
        documents.answer(Canada.document, cachedAt: clock.now.addingTimeInterval(Self.twoHoursAgo))
        try await viewModel.load()

        let offline = Dictionary(uniqueKeysWithValues: Canada.all.map { ($0, ImageState.unavailableOffline) })
        let expected = listing(images: offline, offline: "network unavailable: showing the 13 facts cached 2 h ago", warnsOffline: true)
        expectNoDifference(recorder.states, [FactsState(), loading(FactsState()), expected])

        // Shown again without a request: still the cached copy, but the warning was the fetch's.
        clock.advance(by: 3600)
        let count = recorder.states.count
        try await viewModel.load()
        #expect(emitted(since: count) == [listing(images: offline, offline: "network unavailable: showing the 13 facts cached 3 h ago")])
        try await viewModel.open("2")
        #expect(viewModel.state.value.warnsOffline == false, "a detail made no request")
        #expect(viewModel.back())

        let one = [Fact(title: "Eh", description: "A small word.")]
        documents.answer(FactsDocument(title: nil, rows: one + [Fact(), Fact()]), cachedAt: clock.now.addingTimeInterval(-5 * 60))
        try await viewModel.refresh()
        expectNoDifference(viewModel.state.value, listing(facts: one, title: nil, hidden: 2, images: [:],
                                                 offline: "network unavailable: showing the 1 fact cached 5 min ago", warnsOffline: true))
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

        let page1 = embedded.listing(size: 5, images: [
            Canada.beavers: embedded.loaded(Canada.beavers), Canada.flag: .notAnImage,
            Canada.transportation: embedded.standIn, Canada.hockey: embedded.standIn,
        ])
        expectNoDifference(embedded.recorder.states, [FactsState(), loading(FactsState()), page1])

        let count = embedded.recorder.states.count
        try await viewModel.showPage(.next)
        let page2 = embedded.listing(page: 2, size: 5, images: [
            Canada.housing: embedded.standIn, Canada.shame: embedded.standIn,
            Canada.space: embedded.loaded(Canada.space), Canada.meese: embedded.standIn,
        ])
        #expect(embedded.emitted(since: count) == [page2])

        try await viewModel.open("12")
        expectNoDifference(viewModel.state.value, embedded.detail(page2, row: 12, Canada.fact("Mounties"), image: embedded.standIn))
        await embedded.yieldForAWhile()
        #expect(embedded.server.requests == [], "no request at all: no image, no prefetch")
    }

    // MARK: Pages

    @Test func pagesOfFiveNumberOnAndTheNextPagesImagesArePrefetched() async throws {
        let paged = FactsViewModelTests(.live, pageSize: 5)
        let viewModel = paged.viewModel
        try await viewModel.load()
        expectNoDifference(paged.recorder.states, [FactsState(), loading(FactsState()), paged.canada(page: 1)])
        #expect(viewModel.pageCount == 3)
        #expect(viewModel.rowNumbers == Array(1...5))

        #expect(await paged.server.waitForRequests(Canada.page2), "page 2's images asked for in the background")
        var count = paged.recorder.states.count
        try await viewModel.showPage(.next)
        #expect(paged.emitted(since: count) == [paged.canada(page: 2)])
        #expect(paged.canada(page: 2).rows.compactMap(\.number) == [6, 7, 8, 9, 10], "the empty row is not counted")
        #expect(viewModel.rowNumbers == Array(6...10))
        #expect(Canada.page2.map(paged.server.count) == [1, 1, 1, 1], "page next asked for none of them again")

        #expect(await paged.server.waitForRequests(Canada.page3))
        count = paged.recorder.states.count
        try await viewModel.showPage(.number(3))
        #expect(paged.emitted(since: count) == [paged.canada(page: 3)])
        #expect(viewModel.rowNumbers == [11, 12, 13])

        count = paged.recorder.states.count
        await #expect(throws: CommandError("already on the last page (3)")) { try await viewModel.showPage(.next) }
        await #expect(throws: CommandError("no page 4: there are 3 pages")) { try await viewModel.showPage(.number(4)) }
        #expect(paged.recorder.states.count == count, "nothing emitted")

        try await viewModel.showPage(.previous)
        try await viewModel.showPage(.number(1))
        #expect(paged.emitted(since: count) == [paged.canada(page: 2), paged.canada(page: 1)])
        await #expect(throws: CommandError("already on the first page")) { try await viewModel.showPage(.previous) }
        #expect(paged.server.imageRequests == Canada.all.sorted(), "every image asked for once")
        #expect(paged.documents.requests == [false])
    }

    @Test func pageLoadsTheDocumentFirstWhenNothingIsLoaded() async throws {
        let paged = FactsViewModelTests(.live, pageSize: 5)
        try await paged.viewModel.showPage(.next)

        expectNoDifference(paged.recorder.states, [FactsState(), loading(FactsState()), paged.canada(page: 1), paged.canada(page: 2)])
        #expect(paged.documents.requests == [false])
        #expect(Canada.page2.map(paged.server.count) == [1, 1, 1, 1], "the prefetch and the page share the downloads")
        #expect(await paged.server.waitForRequests(Canada.page3))
        #expect(await paged.waitForFiles([Canada.kittens, Canada.mounties]))
    }

    @Test func showingAPageAgainAsksAgainForTheImagesThatFailedOnly() async throws {
        server.answer(Canada.space, .failure(.status(503)))
        server.answer(Canada.kittens, .failure(.networkUnavailable(.hostNotFound)))
        try await viewModel.load()
        var images = allLoaded(Canada.all)
        images[Canada.space] = .failed("HTTP 503")
        images[Canada.kittens] = .unavailableOffline
        expectNoDifference(viewModel.state.value, listing(images: images))

        server.answer(Canada.space, .bytes(ImageBytes.jpeg(640, 480, size: 34 * 1024), etag: nil))
        let count = recorder.states.count
        try await viewModel.showPage(.number(1))
        images[Canada.space] = loaded(Canada.space)
        #expect(emitted(since: count) == [listing(images: images)])
        #expect(Canada.all.map(server.count) == [1, 1, 1, 1, 1, 1, 2, 1, 2, 1])
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
        try await test.viewModel.load()
        #expect(await server.waitForRequests([b1]), "the prefetch is under way")
        #expect(server.count(b2) == 0)

        test.viewModel.stopBackgroundWork()
        server.release(b1)
        #expect(await test.waitForFiles([b1]), "the download under way goes on and is kept")
        await test.yieldForAWhile()
        #expect(server.count(b2) == 0, "the prefetch stopped: its next image was never asked for")

        let count = test.recorder.states.count
        try await test.viewModel.showPage(.next)
        let page2 = test.listing(page: 2, size: 2, facts: facts, title: "Hosts", hidden: 0,
                                 images: [b1: test.loaded(b1, .png, 3, 3), b2: test.loaded(b2, .png, 4, 4)])
        #expect(test.emitted(since: count) == [page2])
        #expect([a1, a2, b1, b2].map(server.count) == [1, 1, 1, 1], "the kept download is not asked for again")
    }

    @Test func thePageSizeIsReadAgainOnRefreshAndThePageKeptWhileItExists() async throws {
        let size = LockedValue(5)
        let server = Canada.server()
        let documents = FactsServiceFixture(Canada.document)
        let loader = ImageLoader(cache: cache, http: server)
        let viewModel = FactsViewModel(service: documents.service, loader: loader, favourites: store, selection: selection,
                                       clock: clock, pageFits: { $0.rows.count <= size.value })
        try await viewModel.showPage(.number(3))
        expectNoDifference(viewModel.state.value, canada(page: 3))

        size.withLock { $0 = 4 }
        try await viewModel.refresh()
        expectNoDifference(viewModel.state.value, listing(page: 3, size: 4, images: allLoaded([Canada.meese, Canada.kittens, Canada.mounties])))

        size.withLock { $0 = 0 }
        try await viewModel.refresh()
        #expect(viewModel.pageCount == 13, "at least one fact a page")
        expectNoDifference(viewModel.state.value, listing(page: 3, size: 1, images: allLoaded([Canada.transportation])))

        size.withLock { $0 = 20 }
        try await viewModel.refresh()
        expectNoDifference(viewModel.state.value, canada(), "page 3 is no more: the last page")
        #expect(documents.requests == [false, true, true, true])
    }

    // MARK: Detail

    @Test func openShowsAFactWholeAndLoadsItsImageIfNotYet() async throws {
        let paged = FactsViewModelTests(.live, pageSize: 5)
        let viewModel = paged.viewModel
        try await viewModel.load()
        #expect(await paged.server.waitForRequests(Canada.page2))
        let page1 = paged.canada(page: 1)

        var count = paged.recorder.states.count
        try await viewModel.open("11")
        let kittens = paged.detail(page1, row: 11, Canada.fact("Kittens..."), image: paged.loaded(Canada.kittens))
        #expect(paged.emitted(since: count) == [kittens], "no loading")
        #expect(paged.server.count(Canada.kittens) == 1, "page 3's image, asked for on open")
        let opened = try viewModel.openedImage()
        #expect(opened.fact == Canada.fact("Kittens..."))
        #expect(opened.file == URL(fileURLWithPath: paged.file(Canada.kittens)))

        #expect(viewModel.back())
        expectNoDifference(viewModel.state.value, page1)
        #expect(throws: CommandError("open a fact first (`open N`)")) { try viewModel.openedImage() }

        count = paged.recorder.states.count
        try await viewModel.open("11")
        try await viewModel.open("2")
        #expect(paged.emitted(since: count) == [kittens, paged.detail(page1, row: 2, Canada.fact("Flag"))])
        #expect(paged.server.count(Canada.kittens) == 1, "loaded before: not asked again")
        #expect(paged.server.count(Canada.flag) == 1)

        count = paged.recorder.states.count
        await #expect(throws: ListError.noRow(14, count: 13)) { try await viewModel.open("14") }
        await #expect(throws: ListError.noRow(0, count: 13)) { try await viewModel.open("0") }
        await #expect(throws: ListError.notARowNumber("Flag")) { try await viewModel.open("Flag") }
        #expect(paged.recorder.states.count == count, "nothing emitted")
        #expect(await paged.waitForFiles([Canada.space, Canada.meese]))
    }

    @Test func aDetailWithoutAnImageToViewSaysWhyAndAFailedImageIsAskedForAgainOnOpen() async throws {
        server.answer(Canada.flag, .failure(.status(404)))
        try await viewModel.load()
        var images = allLoaded(Canada.all)
        images[Canada.flag] = .failed("HTTP 404")
        let list = listing(images: images)
        expectNoDifference(viewModel.state.value, list)

        try await viewModel.open("2")
        expectNoDifference(viewModel.state.value, detail(list, row: 2, Canada.fact("Flag")))
        #expect(server.count(Canada.flag) == 2, "asked again on open")
        #expect(throws: CommandError("“Flag” has no image to view (failed: HTTP 404)")) { try viewModel.openedImage() }

        try await viewModel.open("5")
        expectNoDifference(viewModel.state.value, detail(list, row: 5, Canada.fact("Eh")))
        #expect(throws: CommandError("“Eh” has no image to view (no image)")) { try viewModel.openedImage() }

        server.answer(Canada.flag, .bytes(ImageBytes.png(128, 64), etag: nil))
        #expect(viewModel.back())
        try await viewModel.open("2")
        var healed = list
        healed.images[Canada.flag] = loaded(Canada.flag)
        expectNoDifference(viewModel.state.value, detail(healed, row: 2, Canada.fact("Flag")))
        #expect(try viewModel.openedImage().file == URL(fileURLWithPath: file(Canada.flag)))
        #expect(server.count(Canada.flag) == 3)
    }

    // MARK: Refresh

    @Test func refreshAsksForTheDocumentFreshAndRevalidatesThePagesImages() async throws {
        server.answer(Canada.transportation, .failure(.status(404)))
        try await viewModel.load()
        var images = allLoaded(Canada.all)
        images[Canada.transportation] = .failed("HTTP 404")
        let before = listing(images: images)
        expectNoDifference(viewModel.state.value, before)

        server.answer(Canada.transportation, .bytes(ImageBytes.jpeg(400, 300, size: 3000), etag: nil))
        server.answer(Canada.flag, .bytes(ImageBytes.png(256, 128, size: 1500), etag: nil))
        let count = recorder.states.count
        try await viewModel.refresh()

        var after = canada()
        after.images[Canada.flag] = loaded(Canada.flag, .png, 256, 128, bytes: 1500)
        #expect(emitted(since: count) == [loading(before), after])
        #expect(documents.requests == [false, true])
        #expect(Canada.all.map(server.count) == Array(repeating: 2, count: 10), "every image of the page asked for again")
        let revalidation = server.requests.last { $0.absoluteURL?.absoluteString == Canada.beavers }
        #expect(revalidation?.headerValue("If-None-Match") == "\"beaver-1\"", "with the validator the server gave")
        #expect(server.requests.last { $0.absoluteURL?.absoluteString == Canada.flag }?.headerValue("If-None-Match") == nil)
    }

    @Test func refreshReadsTheNewDocumentAndKeepsTheDetailOnShow() async throws {
        try await viewModel.load()
        try await viewModel.open("3")

        var changed = Canada.document
        changed.title = "About Canada, revised"
        changed.rows[2].description = "Mostly by canoe."
        documents.answerFresh(.success(FactsAnswer(document: changed)))
        try await viewModel.refresh()

        var facts = Canada.facts
        facts[2].description = "Mostly by canoe."
        let list = listing(facts: facts, title: "About Canada, revised", images: allLoaded(Canada.all))
        expectNoDifference(viewModel.state.value, detail(list, row: 3, facts[2]))
        #expect(viewModel.back())
        expectNoDifference(viewModel.state.value, list)
    }

    @Test func aFailingRefreshLeavesTheStateAsItWas() async throws {
        try await viewModel.load()
        try await viewModel.open("1")
        let before = viewModel.state.value
        #expect(before == detail(canada(), row: 1, Canada.fact("Beavers")))
        let unavailable = HTTPError(.networkUnavailable(.offline), endpoint: FactsService.defaultPath, host: "dl.dropboxusercontent.com")
        documents.answerFresh(.failure(unavailable))

        let count = recorder.states.count
        await #expect(throws: unavailable) { try await viewModel.refresh() }
        #expect(emitted(since: count) == [loading(before), before])
        #expect(documents.requests == [false, true])
        #expect(server.imageRequests == Canada.all.sorted(), "no image asked for")
        #expect(viewModel.rowNumbers == Array(1...13))
    }

    // MARK: Reset

    @Test func resetForgetsTheDocumentAndTheImagesStates() async throws {
        try await viewModel.load()
        try await viewModel.open("1")

        let count = recorder.states.count
        viewModel.reset()
        #expect(emitted(since: count) == [FactsState()])
        #expect(viewModel.pageCount == 0)
        #expect(viewModel.rowNumbers == [])
        #expect(throws: CommandError("no row 1: nothing is loaded")) { try viewModel.row(named: "1") }
        #expect(throws: CommandError("open a fact first (`open N`)")) { try viewModel.openedImage() }

        try await viewModel.load()
        expectNoDifference(viewModel.state.value, canada())
        #expect(documents.requests == [false, false], "the document asked for again")
        #expect(server.imageRequests == Canada.all.sorted(), "the images from the cache")
    }

    // MARK: Favourites

    @Test func aFactIsAFavouriteByItsTitle() async throws {
        try await viewModel.load()

        var count = recorder.states.count
        let marked = try viewModel.toggleFavourite("1")
        #expect(marked == FavouriteToggle(number: 1, itemID: "Beavers", title: "Beavers", isFavourite: true))
        #expect(emitted(since: count) == [canada(favourites: ["Beavers"])])
        #expect(try store.ids(in: "facts") == ["Beavers"])

        try await viewModel.open("4")
        count = recorder.states.count
        let detailMarked = try viewModel.toggleFavourite(nil)
        #expect(detailMarked == FavouriteToggle(number: 4, itemID: "Hockey Night in Canada", title: "Hockey Night in Canada", isFavourite: true))
        let both: Set<String> = ["Beavers", "Hockey Night in Canada"]
        #expect(emitted(since: count) == [detail(canada(favourites: both), row: 4, Canada.fact("Hockey Night in Canada"), favourite: true)])
        #expect(viewModel.back())
        expectNoDifference(viewModel.state.value, canada(favourites: both))

        // The same titles in another order: the stars follow the titles.
        var reordered = Canada.document
        reordered.rows.reverse()
        documents.answerFresh(.success(FactsAnswer(document: reordered)))
        try await viewModel.refresh()
        expectNoDifference(viewModel.state.value, listing(facts: Canada.facts.reversed(), images: allLoaded(Canada.all), favourites: both))

        let unmarked = try viewModel.toggleFavourite("13")
        #expect(unmarked == FavouriteToggle(number: 13, itemID: "Beavers", title: "Beavers", isFavourite: false))
        #expect(try store.ids(in: "facts") == ["Hockey Night in Canada"])
    }

    @Test func anUntitledFactCannotBeAFavourite() async throws {
        let facts = [Fact(description: "Nobody named this."), Fact(title: "Named")]
        let test = FactsViewModelTests(.live, document: FactsDocument(title: nil, rows: facts))
        try await test.viewModel.load()
        let list = test.listing(facts: facts, title: nil, hidden: 0, images: [:])
        expectNoDifference(test.viewModel.state.value, list)
        #expect(list.rows.map(\.canBeFavourite) == [false, true])

        let count = test.recorder.states.count
        #expect(throws: ListError.noID(title: "untitled", idName: "title")) { try test.viewModel.toggleFavourite("1") }
        try await test.viewModel.open("1")
        #expect(throws: ListError.noID(title: "untitled", idName: "title")) { try test.viewModel.toggleFavourite(nil) }
        #expect(test.emitted(since: count) == [test.detail(list, row: 1, facts[0])])
        #expect(try test.store.ids(in: "facts") == [])
    }
}
