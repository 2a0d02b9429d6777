import ExplorerCore
import ExplorerHTTP
import ExplorerStore
import ExplorerText
import Foundation
@testable import ITunes
import TestSupport
import Testing

/// The view and its screen as text at one width, as the shell prints it.
@MainActor
struct TextView {
    let view: OnScreen<ITunesView>
    let width: Int

    var screen: String { TextRenderer(width: width).render(view.screen) }
}

/// Reads the view's screen while a search is still under way.
@MainActor
final class ScreenProbe {
    var view: TextView?
    private(set) var screens: [String] = []

    func capture() { screens.append(view?.screen ?? "(no view)") }
}

@MainActor
@Suite struct ITunesViewTests {
    let fixture = ITunesFixture()
    let store = FavouritesStore.inMemory()
    let viewModel: ITunesViewModel

    init() {
        viewModel = ITunesViewModel(service: fixture.service, favourites: store)
    }

    func view(width: Int = 100) -> TextView {
        TextView(view: OnScreen { [viewModel] in ITunesView(viewModel: viewModel, outlet: $0) }, width: width)
    }

    func lines(_ view: TextView) -> [String] { view.screen.components(separatedBy: "\n") }

    // MARK: The list

    @Test func beforeAnySearchTheScreenSaysHowToStart() {
        #expect(view().screen == "nothing searched yet: `search <words>` (any language: `search 周杰倫`)")
    }

    @Test func theFirstPageHasAHeadingAndAlignedRows() async throws {
        let view = view(width: 100)
        fixture.calls.expect([.search("jack johnson")])
        try await viewModel.search(["jack", "johnson"])

        #expect(lines(view) == [
            #"iTunes · "jack johnson" · page 1 of 5 · 50 results"#,
            " #  ★  track            artist        album                                              year",
            " 1  ☆  Flake            Jack Johnson  Brushfire Fairytales (Remastered) [Bonus Version]  2011",
            " 2  ☆  Bubble Toes      Jack Johnson  Brushfire Fairytales (Remastered) [Bonus Version]  2011",
            " 3  ☆  I Got You        Jack Johnson  From Here to Now to You                            2013",
            " 4  ☆  Washing Dishes   Jack Johnson  From Here to Now to You                            2013",
            " 5  ☆  Never Fade       Jack Johnson  From Here to Now to You                            2013",
            " 6  ☆  As I Was Saying  Jack Johnson  From Here to Now to You                            2013",
            " 7  ☆  Radiate          Jack Johnson  From Here to Now to You                            2013",
            " 8  ☆  Home             Jack Johnson  From Here to Now to You                            2013",
            " 9  ☆  Better Together  Jack Johnson  In Between Dreams                                  2014",
            "10  ☆  Never Know       Jack Johnson  In Between Dreams                                  2014",
        ])
        #expect(!view.screen.contains("end of results"))
    }

    @Test func endOfResultsShowsOnlyOnTheLastPage() async throws {
        let view = view(width: 200)
        fixture.calls.expect([.search("jack johnson")])
        try await viewModel.search(["jack", "johnson"])
        for page in 1...4 {
            try viewModel.showPage(.number(page))
            #expect(!view.screen.contains("end of results"), "page \(page)")
            #expect(lines(view).count == 12)
        }
        try viewModel.showPage(.number(5))
        let shown = lines(view)
        #expect(shown.count == 13)
        #expect(shown.first == #"iTunes · "jack johnson" · page 5 of 5 · 50 results"#)
        #expect(shown[2].hasPrefix("41  ☆  To the Sea "))
        #expect(shown[11].hasPrefix("50  ☆  A Pirate Looks At Forty  Jack Johnson, Dave Matthews & Tim Reynolds  "))
        #expect(shown.last == "end of results")
    }

    @Test func aPartialLastPageEndsTheResults() async throws {
        let view = view()
        fixture.answer("pages", with: ITunesViewModelTests.numberedSongs(12))
        fixture.calls.expect([.search("pages")])
        try await viewModel.search(["pages"])
        #expect(lines(view).first == #"iTunes · "pages" · page 1 of 2 · 12 results"#)
        try viewModel.showPage(.next)
        #expect(lines(view) == [
            #"iTunes · "pages" · page 2 of 2 · 12 results"#,
            " #  ★  track    artist       album  year",
            "11  ☆  Song 11  Paging Band  Pages",
            "12  ☆  Song 12  Paging Band  Pages",
            "end of results",
        ])
    }

    @Test func oneResultIsSingular() async throws {
        let view = view()
        fixture.answer("sakura", with: [Recorded.sakura])
        fixture.calls.expect([.search("sakura")])
        try await viewModel.search(["sakura"])
        #expect(lines(view) == [
            #"iTunes · "sakura" · page 1 of 1 · 1 result"#,
            "#  ★  track  artist    album           year",
            "1  ☆  桜     コブクロ  NAMELESS WORLD  2005",
            "end of results",
        ])
    }

    @Test func favouritesAreStarred() async throws {
        let view = view()
        fixture.calls.expect([.search("jack johnson")])
        try await viewModel.search(["jack", "johnson"])
        _ = try viewModel.toggleFavourite("9")
        #expect(lines(view)[10].hasPrefix(" 9  ★  Better Together  "))
        #expect(lines(view).filter { $0.contains("★  ") }.count == 2, "the heading's column and row 9")
    }

    @Test func noResultsSaysSo() async throws {
        let view = view()
        fixture.calls.expect([.search("xyzzy")])
        try await viewModel.search(["xyzzy"])
        #expect(view.screen == #"No results for "xyzzy""#)
    }

    @Test func noResultsCannotBreakTheTerminal() async throws {
        let view = view()
        fixture.calls.expect([.search("\u{1B}]0;x\u{7}xyzzy")])
        try await viewModel.search(["\u{1B}]0;x\u{7}xyzzy"])
        #expect(view.screen == #"No results for "]0;xxyzzy""#)
    }

    @Test func aNarrowTerminalTruncatesTheTextColumns() async throws {
        let view = view(width: 60)
        fixture.calls.expect([.search("jack johnson")])
        try await viewModel.search(["jack", "johnson"])
        let shown = lines(view)
        #expect(shown.count == 12)
        #expect(shown.allSatisfy { $0.displayWidth <= 60 })
        #expect(shown[2].hasPrefix(" 1  ☆  Flake "))
        #expect(shown[2].hasSuffix("  2011"))
        #expect(shown[2].contains("…"))
    }

    @Test func theListIsNotRedrawnWhileSearching() async throws {
        let probe = ScreenProbe()
        let service = ITunesService(
            search: { _ in
                await probe.capture()
                return [Recorded.sakura]
            },
            lookup: { _ in nil },
            download: { _ in (Data(), nil) })
        let searching = ITunesViewModel(service: service, favourites: store)
        let view = TextView(view: OnScreen { ITunesView(viewModel: searching, outlet: $0) }, width: 100)
        probe.view = view

        try await searching.search(["first"])
        try await searching.search(["second"])

        #expect(probe.screens.count == 2)
        #expect(probe.screens[0] == "nothing searched yet: `search <words>` (any language: `search 周杰倫`)")
        #expect(probe.screens[1].hasPrefix(#"iTunes · "first" · page 1 of 1 · 1 result"#))
        #expect(view.screen.hasPrefix(#"iTunes · "second" · page 1 of 1 · 1 result"#))
    }

    @Test func aFailedSearchLeavesTheListAsItWas() async throws {
        let view = view()
        fixture.calls.expect([.search("jack johnson")])
        try await viewModel.search(["jack", "johnson"])
        let before = view.screen
        fixture.failSearch("star", status: 503)
        fixture.calls.expect([.search("star")])
        await #expect(throws: HTTPError.self) { try await viewModel.search(["star"]) }
        #expect(view.screen == before)
    }

    @Test func anUnusableFavouritesDatabaseIsAWarningBesideTheList() async throws {
        let directory = TemporaryDirectory("itunes-view-corrupt").url
        try Data("garbage".utf8).write(to: directory.appendingPathComponent("explorer.sqlite"))
        let broken = ITunesViewModel(service: fixture.service, favourites: FavouritesStore(database: AppDatabase(directory: directory)))
        let view = TextView(view: OnScreen { ITunesView(viewModel: broken, outlet: $0) }, width: 100)
        fixture.calls.expect([.search("jack johnson")])
        try await broken.search(["jack", "johnson"])
        #expect(lines(view).count == 12, "the list as always, unstarred")
        let warning = try #require(view.view.screen.warnings.first)
        #expect(warning.hasPrefix("the favourites database "), "a damaged file says so in full, with no prefix")
        #expect(warning.contains(" is damaged (file is not a database); "))
        #expect(view.view.screen.warnings.count == 1)
    }

    // MARK: The detail

    @Test func theDetailShowsEveryField() async throws {
        let view = view(width: 200)
        fixture.calls.expect([.search("jack johnson")])
        try await viewModel.search(["jack", "johnson"])
        fixture.calls.expect([.lookup(879273565)])
        try await viewModel.open("9")
        #expect(lines(view) == [
            "☆ Better Together  (row 9)",
            "  kind          song",
            "  track         Better Together",
            "  artist        Jack Johnson",
            "  album         In Between Dreams",
            "  genre         Rock",
            "  released      2014-05-27",
            "  duration      3:27",
            "  track number  1 of 15",
            "  price         1.29 USD",
            "  album price   9.99 USD",
            "  explicit      no",
            "  track id      879273565",
            "  preview       http://a898.phobos.apple.com/us/r1000/039/Music6/v4/13/22/67/1322678b-e40d-fb4d-8d9b-3268fe03b000/mzaf_8818596367816221008.plus.aac.p.m4a",
            "  store         https://itunes.apple.com/us/album/better-together/id879273552?i=879273565&uo=4",
        ])

        _ = try viewModel.toggleFavourite(nil)
        #expect(lines(view).first == "★ Better Together  (row 9)")
        #expect(viewModel.back())
        #expect(lines(view)[10].hasPrefix(" 9  ★  Better Together"))
    }

    @Test func yenPricesAreWholeAndGrouped() async throws {
        let view = view(width: 200)
        fixture.calls.expect([.lookup(256412807)])
        try await viewModel.lookup("256412807")
        let shown = lines(view)
        #expect(shown.first == "☆ 桜", "not among results: no row number")
        #expect(shown.contains("  price         250 JPY"))
        #expect(shown.contains("  album price   2,100 JPY"))
        #expect(shown.contains("  duration      6:01"))
        #expect(shown.contains("  track number  2 of 12"))
        #expect(shown.contains("  artist        コブクロ"))
    }

    @Test func aNegativePriceIsNotSoldAlone() async throws {
        let view = view(width: 200)
        fixture.calls.expect([.search("jack johnson")])
        try await viewModel.search(["jack", "johnson"])
        fixture.calls.expect([.lookup(879273587)])
        try await viewModel.open("23")
        let shown = lines(view)
        #expect(shown.first == "☆ Constellations  (row 23)")
        #expect(shown.contains("  price         not sold alone"))
        #expect(shown.contains("  album price   9.99 USD"))
        #expect(shown.contains("  track number  15 of 15"))
    }

    @Test func anAudiobookShowsItsCollectionAndNoStar() async throws {
        let view = view(width: 200)
        fixture.answer("fault", with: [Recorded.audiobook])
        fixture.calls.expect([.search("fault")])
        try await viewModel.search(["fault"])
        try await viewModel.open("1")
        #expect(lines(view) == [
            "  The Fault in Our Stars (Unabridged)  (row 1)",
            "  kind         audiobook",
            "  artist       John Green",
            "  album        The Fault in Our Stars (Unabridged)",
            "  genre        Kids & Young Adults",
            "  released     2012-01-10",
            "  album price  17.99 USD",
            "  explicit     no",
            "  preview      https://audio-ssl.itunes.apple.com/itunes-assets/AudioPreview113/v4/a7/ba/42/a7ba420a-f877-be21-7ad8-097531cd8499/mzaf_842138102816056393.std.aac.p.m4a",
            "  store        https://books.apple.com/us/audiobook/the-fault-in-our-stars-unabridged/id493645127?uo=4",
        ])
    }

    @Test func aFailedRefreshIsAWarningBesideTheDetail() async throws {
        let view = view(width: 200)
        fixture.calls.expect([.search("jack johnson")])
        try await viewModel.search(["jack", "johnson"])
        fixture.failLookups(status: 500)
        fixture.calls.expect([.lookup(879273565)])
        try await viewModel.open("9")
        let shown = lines(view)
        #expect(shown.count == 15)
        #expect(shown.last == "  store         https://itunes.apple.com/us/album/better-together/id879273552?i=879273565&uo=4")
        #expect(view.view.screen.warnings == ["not refreshed: HTTP 500 for /lookup?id=879273565&country=US"])
        #expect(view.view.screen.json["refreshed"] == false)
    }

    static func explicitLine(track: String?, collection: String?) -> String? {
        var item = ITunesItem(trackId: 1, trackName: "T")
        item.trackExplicitness = track
        item.collectionExplicitness = collection
        let screen = ITunesView.detail(ITunesState.Row(number: nil, item: item, isFavourite: false), notRefreshed: nil)
        return TextRenderer(width: 80).render(screen).components(separatedBy: "\n").first { $0.hasPrefix("  explicit") }
    }

    @Test func explicitnessReadsYesNoOrCleaned() {
        #expect(Self.explicitLine(track: "explicit", collection: "notExplicit") == "  explicit  yes")
        #expect(Self.explicitLine(track: "notExplicit", collection: "explicit") == "  explicit  no", "the track's own wins")
        #expect(Self.explicitLine(track: "cleaned", collection: "explicit") == "  explicit  cleaned")
        #expect(Self.explicitLine(track: nil, collection: "explicit") == "  explicit  yes", "else the album's")
        #expect(Self.explicitLine(track: nil, collection: "notExplicit") == "  explicit  no")
        #expect(Self.explicitLine(track: nil, collection: nil) == nil)
    }

    @Test func aHandmadeDetailHasOnlyTheFieldsItHas() {
        let screen = ITunesView.detail(ITunesState.Row(number: 3, item: song(7, artist: nil, album: nil, track: "Bare"), isFavourite: true),
                                       notRefreshed: "a reason")
        #expect(TextRenderer(width: 80).render(screen) == """
            ★ Bare  (row 3)
              kind      song
              track     Bare
              track id  7
            """)
        #expect(screen.warnings == ["not refreshed: a reason"])
        #expect(screen.json["artist"] == .null, "data readers see the missing fields as null")
        #expect(screen.json["track_id"] == 7)
    }

    @Test(arguments: [
        (1.29, "USD", "1.29 USD"),
        (0.99, "USD", "0.99 USD"),
        (1.5, "EUR", "1.50 EUR"),
        (250, "JPY", "250 JPY"),
        (2100, "JPY", "2,100 JPY"),
        (1_234_567, "KRW", "1,234,567 KRW"),
        (-1, "USD", "not sold alone"),
        (-0.5, "USD", "not sold alone"),
        (0, "USD", "0 USD"),
    ] as [(Double, String, String)])
    func pricesRead(value: Double, currency: String, expected: String) {
        #expect(ITunesView.price(value, currency) == expected)
    }

    @Test func priceWithoutACurrencyOrValue() {
        #expect(ITunesView.price(1.29, nil) == "1.29")
        #expect(ITunesView.price(250, "") == "250")
        #expect(ITunesView.price(nil, "USD") == nil)
    }
}
