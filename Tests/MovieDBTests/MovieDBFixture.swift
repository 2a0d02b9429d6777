import ExplorerCore
import ExplorerHTTP
import Foundation
@testable import MovieDB
import TestSupport

/// TMDB as a ``MovieDBService`` of canned answers, by endpoint (`/movie/popular?page=2`,
/// `/movie/603`, `/search/movie?query=star wars&page=1`), with failures to inject. What has no
/// answer is a 404, as TMDB says. Given ``ExpectedCalls`` (the view model's tests), it answers
/// only the calls expected, each taken before it answers; without (the view's tests, which are
/// about screens, not calls), every call.
final class MovieDBFixture: Sendable {
    private let pages = LockedValue<[String: MovieDBAnswer<MovieDBPage>]>([:])
    private let details = LockedValue<[String: MovieDBAnswer<MovieDBItem>]>([:])
    private let failures = LockedValue<[String: HTTPError]>([:])
    private let offline = LockedValue(false)
    private let calls: ExpectedCalls<MovieDBCall>?

    init(calls: ExpectedCalls<MovieDBCall>? = nil) {
        self.calls = calls
    }

    static func list(_ category: MovieDBCategory, _ page: Int) -> String { "\(category.path)?page=\(page)" }
    static func detail(_ kind: MovieDBKind, _ id: Int) -> String { "/\(kind.rawValue)/\(id)" }
    static func search(_ kind: MovieDBKind, _ query: String, _ page: Int) -> String { "/search/\(kind.rawValue)?query=\(query)&page=\(page)" }

    var service: MovieDBService {
        MovieDBService(
            list: { [self] category, page, fresh in
                try calls?.take(.list(category, page: page, fresh: fresh))
                return try answer(Self.list(category, page), fresh: fresh, from: pages)
            },
            detail: { [self] kind, id, fresh in
                try calls?.take(.detail(kind, id, fresh: fresh))
                return try answer(Self.detail(kind, id), fresh: fresh, from: details)
            },
            search: { [self] kind, query, page, fresh in
                try calls?.take(.search(kind, query, page: page, fresh: fresh))
                return try answer(Self.search(kind, query, page), fresh: fresh, from: pages)
            })
    }

    private func answer<Value>(_ endpoint: String, fresh: Bool, from answers: LockedValue<[String: MovieDBAnswer<Value>]>) throws -> MovieDBAnswer<Value> {
        if let failure = failures.withLock({ $0[endpoint] }) { throw failure }
        let answer = answers.withLock { $0[endpoint] }
        if offline.value, answer?.cachedAt == nil || fresh {
            throw HTTPError(.networkUnavailable(.refused), endpoint: endpoint)
        }
        guard let answer else { throw HTTPError(.status(404), endpoint: endpoint) }
        return answer
    }

    // MARK: Answers

    func answer(_ category: MovieDBCategory, page: Int, _ items: [MovieDBItem], totalPages: Int, totalResults: Int, cachedAt: Date? = nil) {
        let value = MovieDBPage(page: page, results: items, totalPages: totalPages, totalResults: totalResults)
        pages.withLock { $0[Self.list(category, page)] = MovieDBAnswer(value, cachedAt: cachedAt) }
    }

    func answerSearch(_ kind: MovieDBKind, _ query: String, page: Int, _ items: [MovieDBItem], totalPages: Int, totalResults: Int,
                      cachedAt: Date? = nil) {
        let value = MovieDBPage(page: page, results: items, totalPages: totalPages, totalResults: totalResults)
        pages.withLock { $0[Self.search(kind, query, page)] = MovieDBAnswer(value, cachedAt: cachedAt) }
    }

    func answerDetail(_ item: MovieDBItem, cachedAt: Date? = nil) {
        details.withLock { $0[Self.detail(item.kind, item.id)] = MovieDBAnswer(item, cachedAt: cachedAt) }
    }

    /// `endpoint` fails with `kind` until ``heal()``.
    func fail(_ endpoint: String, _ kind: HTTPError.Kind) {
        failures.withLock { $0[endpoint] = HTTPError(kind, endpoint: endpoint) }
    }

    /// The network is unavailable: only answers canned with a `cachedAt` (the cache's) come
    /// back, and never to a fresh request.
    func goOffline() {
        offline.withLock { $0 = true }
    }

    func heal() {
        failures.withLock { $0 = [:] }
        offline.withLock { $0 = false }
    }

    // MARK: Titles

    static func movie(_ id: Int, _ title: String, overview: String? = nil, original: String? = nil, date: String? = "2020-01-01",
                      genres: [Int] = [28], rating: Double? = 7.5, votes: Int? = 100) -> MovieDBItem {
        MovieDBItem(kind: .movie, id: id, title: title, originalTitle: original ?? title, overview: overview ?? "Film number \(id).",
                    date: date, genreIDs: genres, voteAverage: rating, voteCount: votes, popularity: Double(id),
                    posterPath: "/poster\(id).jpg", originalLanguage: "en")
    }

    static func show(_ id: Int, _ title: String, overview: String? = nil, date: String? = "2015-06-01") -> MovieDBItem {
        MovieDBItem(kind: .tv, id: id, title: title, originalTitle: title, overview: overview ?? "Show number \(id).",
                    date: date, genreIDs: [18], voteAverage: 8.0, voteCount: 50, originalLanguage: "en")
    }

    /// `Movies · Popular` page 1 (rows 1–20) and 2 (rows 21–40) of 30 pages, 600 titles: films
    /// numbered by id, with Star Wars at row 1, Amélie at row 5, Star Trek at row 23.
    static let popular1: [MovieDBItem] = (1...20).map { id in
        switch id {
        case 1: movie(11, "Star Wars", overview: "A farm boy joins a rebellion in a galaxy far away.", date: "1977-05-25", genres: [12, 28, 878])
        case 5: movie(194, "Amélie", overview: "A shy waitress in Montmartre.", original: "Le Fabuleux Destin d'Amélie Poulain", genres: [35, 10749])
        default: movie(1000 + id, "Film \(id)")
        }
    }

    static let popular2: [MovieDBItem] = (21...40).map { id in
        id == 23 ? movie(13475, "Star Trek", overview: "The Enterprise's first crew.", date: "2009-05-06", genres: [878])
            : movie(1000 + id, "Film \(id)")
    }

    /// `Movies · Top rated` page 1: three titles, one page.
    static let topRated: [MovieDBItem] = [
        movie(238, "The Godfather", overview: "The aging patriarch of a crime dynasty.", date: "1972-03-14", genres: [18, 80], rating: 8.7, votes: 18157),
        movie(278, "The Shawshank Redemption", overview: "Two imprisoned men bond.", date: "1994-09-23", genres: [18, 80], rating: 8.7, votes: 24039),
        movie(603, "The Matrix", overview: "A hacker learns the truth about reality.", date: "1999-03-30", genres: [28, 878], rating: 8.2, votes: 24000),
    ]

    /// `TV · Popular`: two shows; `TV · Top rated`: one, with the same number as The Matrix.
    static let tvPopular: [MovieDBItem] = [show(1399, "Game of Thrones"), show(60625, "Rick and Morty")]
    static let tvTop: [MovieDBItem] = [show(603, "The Matrix Show", overview: "Not the film.")]

    /// The usual answers: both popular pages, top rated, both TV categories.
    static func standard(calls: ExpectedCalls<MovieDBCall>? = nil) -> MovieDBFixture {
        let fixture = MovieDBFixture(calls: calls)
        fixture.answer(.moviePopular, page: 1, popular1, totalPages: 30, totalResults: 600)
        fixture.answer(.moviePopular, page: 2, popular2, totalPages: 30, totalResults: 600)
        fixture.answer(.movieTopRated, page: 1, topRated, totalPages: 1, totalResults: 3)
        fixture.answer(.tvPopular, page: 1, tvPopular, totalPages: 1, totalResults: 2)
        fixture.answer(.tvTopRated, page: 1, tvTop, totalPages: 1, totalResults: 1)
        return fixture
    }
}
