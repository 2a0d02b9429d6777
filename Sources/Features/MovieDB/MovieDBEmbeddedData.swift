import ExplorerCore
import ExplorerHTTP
import ExplorerImages
import Foundation

/// MovieDB's embedded data: page 1 of each category and the full detail (with videos) of the
/// four titles recorded with one; no images (`poster` opens a ``StandInImage``). Every other
/// request is a 404, as TMDB would answer for what it does not have.
public enum MovieDBEmbeddedData {
    /// Answers `/movie/popular?page=1` and `/movie/419704` (any query) from the embedded answers.
    public static let responder: EmbeddedResponder = { request in
        guard request.absoluteURL == nil else { return nil }
        if let category = MovieDBCategory.allCases.first(where: { $0.path == request.path }) {
            guard (request.queryValue("page") ?? "1") == "1" else { return nil }
            return EmbeddedTMDBAnswers.answers[name(of: category)].map(HTTPResponse.json)
        }
        let parts = request.path.split(separator: "/")
        guard parts.count == 2, MovieDBKind(rawValue: String(parts[0])) != nil, Int(parts[1]) != nil else { return nil }
        return EmbeddedTMDBAnswers.answers["\(parts[0])-\(parts[1])"].map(HTTPResponse.json)
    }

    /// `movie-top_rated-page-1`: the name of a category's page in ``EmbeddedTMDBAnswers``.
    static func name(of category: MovieDBCategory) -> String {
        category.path.dropFirst().replacingOccurrences(of: "/", with: "-") + "-page-1"
    }

    /// The titles whose full detail the embedded data has.
    public static let titlesWithDetails: [String] = details.map(\.title).sorted()

    /// The titles whose embedded detail lists videos (for `trailer`).
    public static let titlesWithVideos: [String] = details.filter { !($0.detail?.videos ?? []).isEmpty }.map(\.title).sorted()

    /// Each category's embedded page, decoded (once: the answers are compiled in).
    static let pages: [(category: MovieDBCategory, page: MovieDBPage)] = {
        MovieDBCategory.allCases.compactMap { category in
            guard let text = EmbeddedTMDBAnswers.answers[name(of: category)] else { return nil }
            let decoder = JSONDecoder()
            decoder.userInfo[.movieDBKind] = category.kind
            return (try? decoder.decode(MovieDBPage.self, from: Data(utf8: text))).map { (category, $0) }
        }
    }()

    /// The titles the embedded data has a detail for, as items with that detail (decoded once).
    static let details: [MovieDBItem] = {
        EmbeddedTMDBAnswers.answers.compactMap { name, text -> MovieDBItem? in
            let parts = name.split(separator: "-")
            guard parts.count == 2, let kind = MovieDBKind(rawValue: String(parts[0])), Int(parts[1]) != nil else { return nil }
            return MovieDBItem.fromDetail(Data(utf8: text), kind: kind)
        }
    }()
}
