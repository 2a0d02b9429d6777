import Foundation
import Testing
@testable import ITunes

/// Decoding real and damaged answers of the Search API.
@Suite struct ITunesItemDecodingTests {
    static func decode(_ json: String) throws -> ITunesSearchAnswer {
        try JSONDecoder().decode(ITunesSearchAnswer.self, from: Data(json.utf8))
    }

    @Test func theMixedAnswerDecodesEveryResult() throws {
        let answer = Recorded.answer("search-term-star-mixed-50.json")
        #expect(answer.resultCount == 50)
        #expect(answer.results.count == 50)
        let kinds = Dictionary(grouping: answer.results, by: \.kindName).mapValues(\.count)
        #expect(kinds == ["song": 24, "feature-movie": 23, "tv-episode": 2, "audiobook": 1])
        #expect(answer.results.filter { $0.trackId == nil }.count == 1)
        #expect(answer.results[0].trackName == "Star")
        #expect(answer.results[0].artistName == "Bazzi")
        #expect(answer.results[49].trackName == "The Devil You Know")
    }

    @Test func theAudiobookHasNoTrackFieldsAndIsNamedByItsCollection() {
        let book = Recorded.audiobook
        #expect(book.trackId == nil)
        #expect(book.trackName == nil)
        #expect(book.kind == nil)
        #expect(book.wrapperType == "audiobook")
        #expect(book.kindName == "audiobook")
        #expect(book.title == "The Fault in Our Stars (Unabridged)")
        #expect(book.title == book.collectionName)
        #expect(book.collectionId == 493645127)
        #expect(book.artistName == "John Green")
        #expect(book.collectionPrice == 17.99)
        #expect(book.trackPrice == nil)
        #expect(book.trackTimeMillis == nil)
        #expect(book.duration == nil)
        #expect(book.storeURL == "https://books.apple.com/us/audiobook/the-fault-in-our-stars-unabridged/id493645127?uo=4")
    }

    @Test func aSongDecodesEveryField() {
        let song = Recorded.betterTogether
        #expect(song.wrapperType == "track")
        #expect(song.kind == "song")
        #expect(song.kindName == "song")
        #expect(song.trackId == 879273565)
        #expect(song.collectionId == 879273552)
        #expect(song.artistName == "Jack Johnson")
        #expect(song.collectionName == "In Between Dreams")
        #expect(song.trackName == "Better Together")
        #expect(song.title == "Better Together")
        #expect(song.primaryGenreName == "Rock")
        #expect(song.releaseDate == "2014-05-27T07:00:00Z")
        #expect(song.trackTimeMillis == 207679)
        #expect(song.trackNumber == 1)
        #expect(song.trackCount == 15)
        #expect(song.discNumber == 1)
        #expect(song.discCount == 1)
        #expect(song.trackPrice == 1.29)
        #expect(song.collectionPrice == 9.99)
        #expect(song.currency == "USD")
        #expect(song.country == "USA")
        #expect(song.trackExplicitness == "notExplicit")
        #expect(song.collectionExplicitness == "notExplicit")
        #expect(song.previewUrl == "http://a898.phobos.apple.com/us/r1000/039/Music6/v4/13/22/67/1322678b-e40d-fb4d-8d9b-3268fe03b000/mzaf_8818596367816221008.plus.aac.p.m4a")
        #expect(song.trackViewUrl == "https://itunes.apple.com/us/album/better-together/id879273552?i=879273565&uo=4")
        #expect(song.storeURL == song.trackViewUrl)
    }

    @Test func aWrongTypedFieldLosesOnlyItself() throws {
        let answer = try Self.decode(#"""
        {"resultCount": 1, "results": [
          {"kind": "song", "trackId": "abc", "trackPrice": "free", "collectionPrice": true, "trackNumber": "7",
           "trackName": "Odd Fields", "artistName": "Someone", "collectionId": 42, "trackCount": 12,
           "currency": "USD", "releaseDate": 2014, "previewUrl": {"url": "https://example.com"}}
        ]}
        """#)
        #expect(answer.results.count == 1)
        let item = try #require(answer.results.first)
        #expect(item.trackId == nil)
        #expect(item.trackPrice == nil)
        #expect(item.collectionPrice == nil)
        #expect(item.trackNumber == nil)
        #expect(item.releaseDate == nil)
        #expect(item.previewUrl == nil)
        #expect(item.trackName == "Odd Fields")
        #expect(item.artistName == "Someone")
        #expect(item.collectionId == 42)
        #expect(item.trackCount == 12)
        #expect(item.currency == "USD")
        #expect(item.kind == "song")
    }

    @Test func wholeNumbersWrittenAsDecimalsAreIntegersButFractionsAreNot() throws {
        let answer = try Self.decode(#"""
        {"results": [{"trackId": 5.0, "trackNumber": 3.5, "trackTimeMillis": 1e3, "trackCount": null}]}
        """#)
        let item = try #require(answer.results.first)
        #expect(item.trackId == 5)
        #expect(item.trackNumber == nil)
        #expect(item.trackTimeMillis == 1000)
        #expect(item.trackCount == nil)
        #expect(answer.resultCount == 1, "a missing resultCount is the number of results")
    }

    @Test func resultsThatAreNotObjectsAreSkippedWithoutLosingTheOthers() throws {
        let answer = try Self.decode(#"""
        {"resultCount": 7, "results": [
          {"trackId": 1, "trackName": "first"},
          42, "a string", null, [1, 2, {"trackId": 99}], true,
          {"trackId": 2, "trackName": "second"}
        ]}
        """#)
        #expect(answer.results.map(\.trackId) == [1, 2])
        #expect(answer.results.map(\.trackName) == ["first", "second"])
        #expect(answer.resultCount == 7, "the count is the store's, as sent")
    }

    @Test func anAnswerWithoutResultsIsAnError() {
        #expect(throws: DecodingError.self) { try Self.decode(#"{"resultCount": 0}"#) }
        #expect(throws: DecodingError.self) { try Self.decode(#"{"results": {"trackId": 1}}"#) }
        #expect(throws: DecodingError.self) { try Self.decode("[]") }
    }

    @Test func anEmptyAnswerDecodes() throws {
        let answer = try Self.decode(#"{"resultCount": 0, "results": []}"#)
        #expect(answer == ITunesSearchAnswer(results: []))
    }

    @Test func integerYenPricesDecode() {
        let sakura = Recorded.sakura
        #expect(sakura.trackPrice == 250)
        #expect(sakura.collectionPrice == 2100)
        #expect(sakura.currency == "JPY")
        #expect(sakura.country == "JPN")
        #expect(sakura.trackName == "桜")
        #expect(sakura.artistName == "コブクロ")
        #expect(sakura.trackId == 256412807)
    }

    @Test(arguments: [
        (207679, "3:27"),       // Better Together
        (361493, "6:01"),       // 桜
        (59999, "0:59"),
        (0, "0:00"),
        (600_000, "10:00"),
        (3_599_999, "59:59"),
        (3_600_000, "1:00:00"),
        (3_605_000, "1:00:05"),
        (8_536_025, "2:22:16"),  // Star Wars: The Rise of Skywalker
        (36_610_000, "10:10:10"),
    ])
    func durationReadsAsMinutesOrHours(milliseconds: Int, expected: String) {
        var item = ITunesItem()
        item.trackTimeMillis = milliseconds
        #expect(item.duration == expected)
    }

    @Test func durationIsMissingWithoutAUsableTime() {
        var item = ITunesItem()
        #expect(item.duration == nil)
        item.trackTimeMillis = -1
        #expect(item.duration == nil)
    }

    @Test func theRecordedFilmRunsPastAnHour() {
        #expect(Recorded.mixed[1].trackName == "Star Wars: The Rise of Skywalker")
        #expect(Recorded.mixed[1].kindName == "feature-movie")
        #expect(Recorded.mixed[1].duration == "2:22:16")
        #expect(Recorded.betterTogether.duration == "3:27")
    }

    @Test func yearAndReleaseDayComeFromTheReleaseDate() {
        #expect(Recorded.betterTogether.year == "2014")
        #expect(Recorded.betterTogether.releaseDay == "2014-05-27")
        #expect(Recorded.sakura.year == "2005")
        #expect(Recorded.sakura.releaseDay == "2005-05-11")
        #expect(Recorded.audiobook.releaseDay == "2012-01-10")
        let undated = ITunesItem()
        #expect(undated.year == "")
        #expect(undated.releaseDay == nil)
    }

    @Test func titleAndKindFallBack() {
        var item = ITunesItem(kind: nil)
        #expect(item.title == "(untitled)")
        #expect(item.kindName == "unknown")
        item.collectionName = "Album"
        #expect(item.title == "Album")
        item.wrapperType = "collection"
        #expect(item.kindName == "collection")
        item.trackName = "Track"
        item.kind = "podcast"
        #expect(item.title == "Track")
        #expect(item.kindName == "podcast")
    }

    @Test func theStorePageIsTheTracksElseTheCollections() {
        var item = ITunesItem()
        #expect(item.storeURL == nil)
        item.collectionViewUrl = "https://example.com/album"
        #expect(item.storeURL == "https://example.com/album")
        item.trackViewUrl = "https://example.com/track"
        #expect(item.storeURL == "https://example.com/track")
    }
}
