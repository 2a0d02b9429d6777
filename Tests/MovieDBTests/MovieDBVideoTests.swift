import Foundation
import Testing
@testable import MovieDB

/// A title's videos: the order `trailer` offers them in, and where each plays.
@Suite("MovieDB videos")
struct MovieDBVideoTests {
    func video(_ name: String, _ type: String, official: Bool? = nil, site: String = "YouTube", key: String? = nil) -> MovieDBVideo {
        MovieDBVideo(key: key ?? name, name: name, site: site, type: type, official: official)
    }

    @Test func officialTrailersComeFirstThenTrailersThenTeasersThenTheRest() {
        let videos = [
            video("clip", "Clip"),
            video("teaser 1", "Teaser", official: true),
            video("unofficial trailer 1", "Trailer", official: false),
            video("official trailer 1", "Trailer", official: true),
            video("trailer of unknown standing", "Trailer"),
            video("featurette", "Featurette", official: true),
            video("teaser 2", "teaser"),
            video("unofficial trailer 2", "TRAILER", official: false),
            video("official trailer 2", "Trailer", official: true),
        ]
        #expect(MovieDBVideo.ordered(videos).map(\.name) == [
            "official trailer 1", "trailer of unknown standing", "official trailer 2",
            "unofficial trailer 1", "unofficial trailer 2",
            "teaser 1", "teaser 2",
            "clip", "featurette",
        ])
    }

    @Test func videosOfOneRankKeepTheirOrder() {
        let clips = (1...12).map { video("clip \($0)", "Clip") }
        #expect(MovieDBVideo.ordered(clips) == clips)
        #expect(MovieDBVideo.ordered([]) == [])
    }

    @Test func youTubeAndVimeoKeysBecomeTheirPages() {
        #expect(video("a", "Trailer", key: "P6AaSMfXHbA").url?.absoluteString == "https://www.youtube.com/watch?v=P6AaSMfXHbA")
        #expect(video("a", "Trailer", site: "youtube", key: "a-b_c").url?.absoluteString == "https://www.youtube.com/watch?v=a-b_c")
        #expect(video("a", "Clip", site: "Vimeo", key: "76979871").url?.absoluteString == "https://vimeo.com/76979871")
    }

    @Test func otherSitesAndEmptyKeysHaveNoPage() {
        #expect(video("a", "Clip", site: "Dailymotion", key: "x7tgad0").url == nil)
        #expect(video("a", "Clip", site: "", key: "x").url == nil)
        #expect(video("a", "Clip", key: "").url == nil)
    }

    @Test func aKeyIsPercentEncodedSoItCannotAddToTheQuery() {
        #expect(video("a", "Trailer", key: "abc&autoplay=1").url?.absoluteString == "https://www.youtube.com/watch?v=abc%26autoplay%3D1")
        #expect(video("a", "Trailer", site: "Vimeo", key: "1/../x?y").url?.absoluteString == "https://vimeo.com/1%2F%2E%2E%2Fx%3Fy")
    }

    @Test func aVideoNeedsOnlyItsKey() throws {
        let decoded = try JSONDecoder().decode(MovieDBVideo.self, from: Data(#"{"key": "k", "official": "yes", "size": 1080}"#.utf8))
        #expect(decoded == MovieDBVideo(key: "k", name: "", site: "", type: ""))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(MovieDBVideo.self, from: Data(#"{"name": "n", "site": "YouTube"}"#.utf8))
        }
    }
}
