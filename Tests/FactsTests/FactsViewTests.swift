import ExplorerClock
import ExplorerCore
import ExplorerHTTP
import ExplorerImages
import ExplorerStore
import ExplorerText
@testable import Facts
import Foundation
import TestSupport
import Testing

/// The screens the view makes from the view model's state: the list's heading, its two
/// layouts (a table from 70 columns, a title line with the description beneath under 70),
/// every line within the width, the rows as data with each image's state; the detail, with the
/// image drawn only when it is loaded; and what `view` did.
@MainActor
@Suite("Facts view")
final class FactsViewTests {
    let directory = TemporaryDirectory("facts-view")
    let cache: ImageCache
    let clock = VirtualClock()
    let server = Canada.server()
    let documents = FactsServiceFixture(Canada.document)
    let store: FavouritesStore

    init() {
        cache = ImageCache(directory: directory.url)
        store = FavouritesStore.inMemory(clock: clock)
    }

    deinit {
        directory.remove()
    }

    func make(pageSize: Int = 20) -> (FactsViewModel, OnScreen<FactsView>) {
        let loader = ImageLoader(cache: cache, http: server, timeout: .seconds(60))
        let viewModel = FactsViewModel(service: documents.service, loader: loader, favourites: store,
                                       selection: SourceSelection(.live), clock: clock, pageFits: { $0.rows.count <= pageSize })
        return (viewModel, OnScreen { FactsView(viewModel: viewModel, outlet: $0) })
    }

    func lines(_ view: OnScreen<FactsView>, width: Int) -> [String] {
        TextRenderer(width: width).render(view.screen).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The lines wider than `width`, but for those holding a word too long for any line (a URL,
    /// left whole so that it can be copied), as the app's width tests allow.
    func overflowing(_ view: OnScreen<FactsView>, width: Int) -> [String] {
        lines(view, width: width).filter { line in
            line.displayWidth > width && !line.split(separator: " ").contains { String($0).displayWidth > width - 4 }
        }
    }

    func file(_ url: String) -> String {
        cache.file(for: URL(string: url)!).path
    }

    /// Waits for page 2's images, prefetched in the background, so that nothing is left running.
    func settlePrefetch() async {
        _ = await server.waitForRequests(Canada.page2)
        // A generous bound on a loaded machine; the wait ends as soon as the condition holds.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if Canada.page2.allSatisfy({ FileManager.default.fileExists(atPath: file($0)) }) { return }
            await Task.yield()
        }
    }

    // MARK: The list

    @Test func nothingLoadedSaysSo() {
        let (_, view) = make()
        #expect(lines(view, width: 80) == ["no facts loaded"])
        #expect(view.screen.json == [
            "feature": "facts", "screen": "list", "title": nil, "page": 0, "pages": 0, "count": 0, "hidden": 0, "cut_rows": 0,
            "offline": nil, "rows": [],
        ])
    }

    @Test func aDocumentCutToTheMostRowsSaysSoInTheHeadingAndInJSON() async throws {
        documents.answer(FactsDocument(title: "Many", rows: (1...10_000).map { Fact(title: "Fact \($0)") }, cutRows: 190_000))
        let (viewModel, view) = make()
        try await viewModel.load()
        #expect(view.screen.blocks.first == .heading("Many · 10000 facts · showing the first 10,000 of 200,000 rows · page 1 of 500"))
        #expect(view.screen.json["count"] == 10_000)
        #expect(view.screen.json["cut_rows"] == 190_000)
    }

    @Test func theHeadingSaysTheTitleTheCountTheRowsHiddenAndThePage() async throws {
        var (viewModel, view) = make()
        try await viewModel.load()
        #expect(view.screen.blocks.first == .heading("About Canada · 13 facts · 1 empty row hidden"))
        #expect(view.screen.blocks.count == 2, "a heading and the layouts, no hint on a single page")

        (viewModel, view) = make(pageSize: 5)
        try await viewModel.showPage(.number(2))
        #expect(view.screen.blocks.first == .heading("About Canada · 13 facts · 1 empty row hidden · page 2 of 3"))
        #expect(view.screen.blocks.count == 3)
        #expect(view.screen.blocks.last == .hint("`page next` shows more · `open N` shows one with its image"))
        try await viewModel.showPage(.next)
        #expect(view.screen.blocks.first == .heading("About Canada · 13 facts · 1 empty row hidden · page 3 of 3"))
        #expect(view.screen.blocks.count == 2, "no hint on the last page")

        documents.answer(FactsDocument(title: nil, rows: [Fact(title: "Eh"), Fact(), Fact()]))
        (viewModel, view) = make()
        try await viewModel.load()
        #expect(view.screen.blocks.first == .heading("Facts · 1 fact · 2 empty rows hidden"), "no title: Facts")

        documents.answer(FactsDocument(title: "Nothing", rows: [Fact()]))
        (viewModel, view) = make()
        try await viewModel.load()
        #expect(view.screen.blocksButTables == [.heading("Nothing · 0 facts · 1 empty row hidden"), .line("the document has no facts")])
        #expect(view.screen.table?.rows == [])
    }

    @Test func from70ColumnsATableWithTheDescriptionWrappedAndTheImagesState() async throws {
        server.answer(Canada.flag, .failure(.status(404)))
        let (viewModel, view) = make(pageSize: 5)
        try await viewModel.load()
        _ = try viewModel.toggleFavourite("2")

        #expect(lines(view, width: 100) == [
            "About Canada · 13 facts · 1 empty row hidden · page 1 of 3",
            "#  ★  title                   description                                      image",
            "1  ☆  Beavers                 The national animal rebuilds whole valleys with  220×165 JPEG 2 KB",
            "                              its dams. A big one reaches 1.3 metres from",
            "                              nose to tail, and a family of them is known as",
            "                              a colony",
            "2  ★  Flag                                                                     failed: HTTP 404",
            "3  ☆  Transportation          Visitors are sometimes assured that Canadians    400×300 JPEG 2 KB",
            "                              ride polar bears to work: thrifty with fuel,",
            "                              and next to impossible to steal.",
            "4  ☆  Hockey Night in Canada  A Saturday-night hockey broadcast, on radio      150×100 GIF 100 bytes",
            "                              from 1931 and on television from 1952, that",
            "                              still brings the country together and splits it",
            "                              apart every week.",
            "5  ☆  Eh                      A small word tacked onto a sentence to ask for   no image",
            "                              agreement, to show surprise, or to check that",
            "                              someone is still listening.",
            "`page next` shows more · `open N` shows one with its image",
        ])
        #expect(lines(view, width: 70)[1].hasPrefix("#  ★  title"), "70 columns is regular")
        await settlePrefetch()
    }

    @Test func under70ColumnsEachFactIsATitleLineWithItsDescriptionAndImageBeneath() async throws {
        server.answer(Canada.flag, .failure(.status(404)))
        let (viewModel, view) = make(pageSize: 5)
        try await viewModel.load()
        _ = try viewModel.toggleFavourite("2")

        #expect(lines(view, width: 60) == [
            "About Canada · 13 facts · 1 empty row hidden · page 1 of 3",
            " 1  ☆  Beavers",
            "       The national animal rebuilds whole valleys with its",
            "       dams. A big one reaches 1.3 metres from nose to tail,",
            "       and a family of them is known as a colony",
            "       image: 220×165 JPEG 2 KB",
            " 2  ★  Flag",
            "       image: failed: HTTP 404",
            " 3  ☆  Transportation",
            "       Visitors are sometimes assured that Canadians ride",
            "       polar bears to work: thrifty with fuel, and next to",
            "       impossible to steal.",
            "       image: 400×300 JPEG 2 KB",
            " 4  ☆  Hockey Night in Canada",
            "       A Saturday-night hockey broadcast, on radio from 1931",
            "       and on television from 1952, that still brings the",
            "       country together and splits it apart every week.",
            "       image: 150×100 GIF 100 bytes",
            " 5  ☆  Eh",
            "       A small word tacked onto a sentence to ask for",
            "       agreement, to show surprise, or to check that someone",
            "       is still listening.",
            "       image: no image",
            "`page next` shows more · `open N` shows one with its image",
        ])
        #expect(!lines(view, width: 69)[1].hasPrefix("#"), "69 columns is compact")
        await settlePrefetch()
    }

    @Test func anUntitledFactHasNoStarInEitherLayout() async throws {
        documents.answer(FactsDocument(title: "T", rows: [Fact(description: "Nobody named this.")]))
        let (viewModel, view) = make()
        try await viewModel.load()
        #expect(lines(view, width: 60) == ["T · 1 fact", " 1     untitled", "       Nobody named this.", "       image: no image"])
        #expect(lines(view, width: 80) == [
            "T · 1 fact",
            "#  ★  title     description         image",
            "1     untitled  Nobody named this.  no image",
        ])
        #expect(view.screen.json["rows"] == [[
            "row": 1, "favourite": nil, "id": nil, "title": nil, "description": "Nobody named this.", "image": "no image",
            "image_url": nil, "image_state": ["state": "none"],
        ]])
    }

    @Test func everyLineIsWithinTheWidthOnEveryPageInBothLayouts() async throws {
        let (viewModel, view) = make(pageSize: 5)
        try await viewModel.load()
        for page in 1...3 {
            try await viewModel.showPage(.number(page))
            for width in [30, 40, 52, 60, 69, 70, 80, 100, 132, 200] {
                #expect(overflowing(view, width: width) == [], "page \(page) at \(width) columns")
            }
        }
        for row in 1...13 {
            try await viewModel.open(String(row))
            for width in [30, 40, 60, 69, 70, 100] {
                #expect(overflowing(view, width: width) == [], "detail \(row) at \(width) columns")
            }
        }
    }

    @Test func asDataTheListHasItsFactsAndEachRowItsImageStateAndAddress() async throws {
        server.answer(Canada.flag, .failure(.status(404)))
        let (viewModel, view) = make()
        try await viewModel.load()
        _ = try viewModel.toggleFavourite("1")

        let json = view.screen.json
        #expect(json["feature"] == "facts")
        #expect(json["screen"] == "list")
        #expect(json["title"] == "About Canada")
        #expect(json["page"] == 1)
        #expect(json["pages"] == 1)
        #expect(json["count"] == 13)
        #expect(json["hidden"] == 1)
        #expect(json["offline"] == .null)
        guard case .array(let rows)? = json["rows"] else {
            Issue.record("no rows in \(json)")
            return
        }
        #expect(rows.count == 13)
        #expect(rows[0] == [
            "row": 1, "favourite": true, "id": "Beavers", "title": "Beavers",
            "description": "The national animal rebuilds whole valleys with its dams. A big one reaches 1.3 metres from nose to tail, and a family of them is known as a colony",
            "image": "220×165 JPEG 2 KB", "image_url": .string(Canada.beavers),
            "image_state": ["state": "loaded", "format": "JPEG", "width": 220, "height": 165, "bytes": 2048, "file": .string(file(Canada.beavers))],
        ])
        #expect(rows[1] == [
            "row": 2, "favourite": false, "id": "Flag", "title": "Flag", "description": nil, "image": "failed: HTTP 404",
            "image_url": .string(Canada.flag), "image_state": ["state": "failed", "reason": "HTTP 404"],
        ])
        #expect(rows[4] == [
            "row": 5, "favourite": false, "id": "Eh", "title": "Eh",
            "description": "A small word tacked onto a sentence to ask for agreement, to show surprise, or to check that someone is still listening.",
            "image": "no image", "image_url": nil, "image_state": ["state": "none"],
        ])
        #expect(rows.compactMap { $0["row"]?.intValue } == Array(1...13))
        #expect(view.screen.table?.rows.count == 13, "CSV reads the regular table")
    }

    @Test func aDocumentFromTheCacheWarnsHowOldItIs() async throws {
        for url in Canada.all { server.answer(url, .failure(.networkUnavailable(.offline))) }
        documents.answer(Canada.document, cachedAt: clock.now.addingTimeInterval(-2 * 3600))
        let (viewModel, view) = make()
        try await viewModel.load()

        let offline = "network unavailable: showing the 13 facts cached 2 h ago"
        #expect(view.screen.warnings == [offline])
        #expect(view.screen.json["offline"] == .string(offline))
        #expect(lines(view, width: 60)[1...5] == [" 1  ☆  Beavers",
                                                  "       The national animal rebuilds whole valleys with its",
                                                  "       dams. A big one reaches 1.3 metres from nose to tail,",
                                                  "       and a family of them is known as a colony",
                                                  "       image: unavailable offline"])
        guard case .array(let rows)? = view.screen.json["rows"] else {
            Issue.record("no rows")
            return
        }
        #expect(rows[0]["image_state"] == ["state": "unavailable_offline"])

        try await viewModel.open("1")
        #expect(view.screen.warnings == [], "open made no request: the warning was the list's, whose data it is about")
    }

    // MARK: The detail

    @Test func aDetailWithItsImageLoadedShowsItsFieldsAndTheImage() async throws {
        let (viewModel, view) = make()
        try await viewModel.load()
        try await viewModel.open("1")

        let screen = view.screen
        #expect(screen.blocks.dropFirst(2) == [.image(file: file(Canada.beavers), format: .jpeg), .hint("`view` opens the image")])
        #expect(lines(view, width: 100) == [
            "☆ Beavers  (row 1)",
            "  description  The national animal rebuilds whole valleys with its dams. A big one reaches 1.3",
            "               metres from nose to tail, and a family of them is known as a colony",
            "  image        220×165 JPEG 2 KB",
            "  address      " + Canada.beavers,
            "  file         " + file(Canada.beavers),
            "`view` opens the image",
        ])
        #expect(screen.json == [
            "feature": "facts", "screen": "detail", "row": 1, "favourite": false, "id": "Beavers", "title": "Beavers",
            "description": "The national animal rebuilds whole valleys with its dams. A big one reaches 1.3 metres from nose to tail, and a family of them is known as a colony",
            "image": ["state": "loaded", "format": "JPEG", "width": 220, "height": 165, "bytes": 2048, "file": .string(file(Canada.beavers))],
            "image_url": .string(Canada.beavers), "image_file": .string(file(Canada.beavers)),
        ])
    }

    @Test func aDetailWithoutALoadedImageHasNoImageBlock() async throws {
        server.answer(Canada.flag, .failure(.status(404)))
        let (viewModel, view) = make()
        try await viewModel.load()
        _ = try viewModel.toggleFavourite("2")

        try await viewModel.open("2")
        #expect(lines(view, width: 100) == [
            "★ Flag  (row 2)",
            "  description  none",
            "  image        failed: HTTP 404",
            "  address      http://images.findicons.com/files/icons/662/world_flag/128/flag_of_canada.png",
        ])
        #expect(view.screen.blocks.count == 2, "the heading and the fields: no image, no hint")
        #expect(view.screen.json == [
            "feature": "facts", "screen": "detail", "row": 2, "favourite": true, "id": "Flag", "title": "Flag", "description": nil,
            "image": ["state": "failed", "reason": "HTTP 404"], "image_url": .string(Canada.flag),
        ])

        try await viewModel.open("5")
        #expect(lines(view, width: 80) == [
            "☆ Eh  (row 5)",
            "  description  A small word tacked onto a sentence to ask for agreement, to show",
            "               surprise, or to check that someone is still listening.",
            "  image        no image",
        ])
        #expect(view.screen.json == [
            "feature": "facts", "screen": "detail", "row": 5, "favourite": false, "id": "Eh", "title": "Eh",
            "description": "A small word tacked onto a sentence to ask for agreement, to show surprise, or to check that someone is still listening.",
            "image": ["state": "none"],
        ], "no address, no file")
    }

    // MARK: view

    @Test func viewedSaysWhatOpenedTheImageOrWhereItIs() {
        let beavers = Canada.fact("Beavers")
        let opened = FactsView.viewed(OpenOutcome(target: "/cache/a.jpg", opener: "xdg-open", status: 0), fact: beavers)
        #expect(opened == .message("opened /cache/a.jpg", feature: "facts", kind: "view",
                                   facts: ["file": "/cache/a.jpg", "opened": true, "opener": "xdg-open", "status": 0, "title": "Beavers", "stand_in": false]))

        let failed = FactsView.viewed(OpenOutcome(target: "/cache/a.jpg", opener: "feh", status: 2), fact: beavers)
        #expect(failed.blocks == [.line("image of “Beavers”: /cache/a.jpg (feh failed with status 2)")])
        #expect(failed.json == ["feature": "facts", "screen": "view", "file": "/cache/a.jpg", "opened": false, "opener": "feh",
                                "status": 2, "title": "Beavers", "stand_in": false])

        let untitled = FactsView.viewed(OpenOutcome(target: "/cache/b.png", opener: nil, status: nil), fact: Fact(imageHref: "http://a.example/b.png"))
        #expect(untitled.blocks == [.line("image of “untitled”: /cache/b.png")])
        #expect(untitled.json == ["feature": "facts", "screen": "view", "file": "/cache/b.png", "opened": false, "opener": nil,
                                  "status": nil, "title": nil, "stand_in": false])
    }
}
