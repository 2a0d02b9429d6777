import Testing
@testable import MovieDB

/// The categories `movies` and `tv` take, by the words people type.
@Suite("MovieDB categories")
struct MovieDBCategoryTests {
    @Test func wordsNameTheKindsCategories() {
        #expect(MovieDBCategory.named("popular", kind: .movie) == .moviePopular)
        #expect(MovieDBCategory.named("popular", kind: .tv) == .tvPopular)
        #expect(MovieDBCategory.named("upcoming", kind: .movie) == .movieUpcoming)
        #expect(MovieDBCategory.named("top", kind: .movie) == .movieTopRated)
        #expect(MovieDBCategory.named("top", kind: .tv) == .tvTopRated)
    }

    @Test func topRatedIsTopWhateverItIsSpelledLike() {
        for word in ["top_rated", "TOP", "Top-Rated", "toprated"] {
            #expect(MovieDBCategory.named(word, kind: .movie) == .movieTopRated, "\(word)")
            #expect(MovieDBCategory.named(word, kind: .tv) == .tvTopRated, "\(word)")
        }
    }

    @Test func unknownWordsAndAnotherKindsCategoriesNameNothing() {
        #expect(MovieDBCategory.named("upcoming", kind: .tv) == nil)
        #expect(MovieDBCategory.named("trending", kind: .movie) == nil)
        #expect(MovieDBCategory.named("", kind: .movie) == nil)
        #expect(MovieDBCategory.named("top rated", kind: .movie) == nil)
    }

    @Test func eachCategorySaysItsCommandPathAndTitle() {
        #expect(MovieDBCategory.of(.movie) == [.moviePopular, .movieTopRated, .movieUpcoming])
        #expect(MovieDBCategory.of(.tv) == [.tvPopular, .tvTopRated])
        #expect(MovieDBCategory.allCases.map(\.command) == ["movies popular", "movies top", "movies upcoming", "tv popular", "tv top"])
        #expect(MovieDBCategory.allCases.map(\.path) == ["/movie/popular", "/movie/top_rated", "/movie/upcoming", "/tv/popular", "/tv/top_rated"])
        #expect(MovieDBCategory.allCases.map(\.title) == [
            "Movies · Popular", "Movies · Top rated", "Movies · Upcoming", "TV · Popular", "TV · Top rated",
        ])
    }
}
