import Foundation

/// TestSupport/fake_swapi.py serving TMDB's v3 API under `/3` from a folder of answers, and
/// asking for an API key (401, TMDB-shaped, without it). File names say what they answer:
///
///   movie-popular-page-1.json         /3/movie/popular?page=1      (any list, any page)
///   movie-419704.json                 /3/movie/419704?append_to_response=videos
///   search-movie-venom-page-1.json    /3/search/movie?query=venom&page=1&include_adult=false
///                                     (`_` in the name stands for a space in the query)
///   images/NAME                       /t/p/w500/NAME, as it is (a poster)
public enum FakeTMDB {
    /// The key the server asks for: tests check it never shows.
    public static let key = "f00dfeed0123456789abcdefcafebabe"

    /// The arguments that serve every answer in `data` (default: the repository's data/tmdb).
    public static func arguments(data: URL = TestPaths.tmdbData, requireKey: Bool = true) -> [String] {
        var arguments = ["--data", data.path, "--prefix", "/3"]
        if requireKey { arguments += ["--require", "api_key=\(key)"] }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: data.path)) ?? []
        for file in files.sorted() where file.hasSuffix(".json") {
            if let target = target(of: String(file.dropLast(5))) { arguments += ["--route", target, file] }
        }
        let images = data.appendingPathComponent("images")
        for file in ((try? FileManager.default.contentsOfDirectory(atPath: images.path)) ?? []).sorted() {
            arguments += ["--route", "/t/p/w500/\(file)", "images/\(file)"]
        }
        return arguments
    }

    /// The request target a file answers, or nil for a file that answers nothing (texts.json).
    static func target(of name: String) -> String? {
        let parts = name.split(separator: "-").map(String.init)
        if parts.count == 4, ["movie", "tv"].contains(parts[0]), parts[2] == "page" {
            return "/3/\(parts[0])/\(parts[1])?page=\(parts[3])"
        }
        if parts.count == 2, ["movie", "tv"].contains(parts[0]), Int(parts[1]) != nil {
            return "/3/\(parts[0])/\(parts[1])?append_to_response=videos"
        }
        if parts.count == 5, parts[0] == "search", parts[3] == "page" {
            let query = parts[2].replacingOccurrences(of: "_", with: " ")
                .addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")) ?? ""
            return "/3/search/\(parts[1])?query=\(query)&page=\(parts[4])&include_adult=false"
        }
        return nil
    }

    /// A Plugins.json enabling moviedb with its live data at `baseURL` and its images at
    /// `imageBaseURL`, and whatever other `settings` are given (JSON members).
    public static func pluginsJSON(baseURL: String, imageBaseURL: String, settings: String = "") -> String {
        """
        {
          "source": "embedded",
          "features": [
            { "id": "moviedb", "enabled": true, "baseURL": "\(baseURL)",
              "settings": { "imageBaseURL": "\(imageBaseURL)"\(settings.isEmpty ? "" : ", " + settings) } }
          ]
        }

        """
    }
}
