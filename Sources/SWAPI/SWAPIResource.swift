/// Vocabulary shared by the features built on the Star Wars API (starships, characters):
/// resource ids taken from SWAPI's URLs, the films those URLs point to, and its dates.
public enum SWAPIResource {
    /// The id at the end of a SWAPI URL: `https://swapi.dev/api/starships/10/` → `10`.
    public static func id(fromURL url: String) -> String? {
        let trimmed = url.utf8.reversed().drop { $0 == UInt8(ascii: "/") }
        let digits = trimmed.prefix { $0 != UInt8(ascii: "/") }
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return url.split(separator: "/").last.flatMap { $0.allSatisfy(\.isNumber) ? String($0) : nil }
        }
        return String(decoding: digits.reversed(), as: UTF8.self)
    }

    /// The film a `…/films/N/` URL names, by its title, or `film N` for one this binary does not know.
    public static func filmTitle(fromURL url: String) -> String {
        guard let id = id(fromURL: url) else { return url }
        return filmTitles[id] ?? "film \(id)"
    }

    private static let filmTitles = [
        "1": "A New Hope", "2": "The Empire Strikes Back", "3": "Return of the Jedi",
        "4": "The Phantom Menace", "5": "Attack of the Clones", "6": "Revenge of the Sith",
        "7": "The Force Awakens",
    ]

    /// `2014-12-10T14:20:33.369000Z` → `2014-12-10`.
    public static func day(_ timestamp: String) -> String {
        timestamp.count >= 10 && timestamp.dropFirst(4).first == "-" ? String(timestamp.prefix(10)) : timestamp
    }
}
