import Foundation
import TestSupport
import Testing

/// Three APIs no Swift was written for — PokeAPI-like (`offset` paging, rows that are a name and
/// a URL, details fetched by that URL, links to types and back), GitHub-like (`link` paging,
/// a bare array, numeric ids, an optional bearer token) and Open Library-like (`page` paging,
/// rows under `docs`, keys like `/works/OL45W` as ids, a search) — each one Plugins.json entry
/// (Tests/TestSupport/described/), explored live by the built binary against fake_shapes.py the
/// way a built-in list is: paging, details, favourites, sort, filter, follow, refresh, search,
/// JSON read by jq and CSV imported by sqlite3, record and replay. The token never shows; hostile
/// answers end in one `error:` line or a bounded list, and no request leaves the host.
@Suite("Described APIs of three shapes, live against loopback servers")
struct DescribedShapesLiveTests {
    typealias Shape = FakeShapes.Shape

    /// A server of `shape` for one test, and its description as the sandbox's Plugins.json.
    static func start(_ shape: Shape, _ arguments: [String] = [], in sandbox: Sandbox) async throws -> FakeShapes {
        let server = try await FakeShapes(shape, arguments, sandbox: sandbox)
        try sandbox.write(server.pluginsJSON(), to: "Plugins.json")
        return server
    }

    /// explorer with the sandbox's Plugins.json, 120 columns wide, each command a `-c`, run in
    /// the sandbox (where `once FILE` and `--record FILE` write).
    static func run(_ commands: [String], arguments: [String] = [], environment: [String: String] = [:],
                    in sandbox: Sandbox) async throws -> ProcessOutput {
        try await Explorer.run(["--config", sandbox.file("Plugins.json").path, "--width", "120"] + arguments
                               + commands.flatMap { ["-c", $0] },
                               environment: environment, directory: sandbox.path, in: sandbox)
    }

    // MARK: Reading screens

    /// stdout cut into screens: one starts at each line that begins with none of a space, a
    /// digit, `#` or a backquote — a list's heading, a detail's `☆ name  (row N)`, a message.
    static func screens(_ text: String) -> [[String]] {
        var screens: [[String]] = []
        for line in text.split(separator: "\n").map(String.init) {
            if let first = line.first, screens.isEmpty || !(first == " " || first.isNumber || first == "#" || first == "`") {
                screens.append([line])
            } else {
                screens[screens.count - 1].append(line)
            }
        }
        return screens
    }

    static func headings(_ text: String) -> [String] {
        screens(text).map { $0[0] }
    }

    /// The numbers of the rows a list (or favourites) screen shows, in the order shown.
    static func rowNumbers(_ screen: [String]) -> [Int] {
        screen.compactMap { line in
            let trimmed = line.drop { $0 == " " }
            let digits = trimmed.prefix { $0.isNumber }
            let rest = trimmed.dropFirst(digits.count)
            guard !digits.isEmpty, rest.hasPrefix("  ☆  ") || rest.hasPrefix("  ★  ") else { return nil }
            return Int(digits)
        }
    }

    /// The only line of stderr, when it has exactly one.
    static func oneLine(_ output: ProcessOutput) -> String? {
        let lines = output.stderrText.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.count == 2 && lines[1].isEmpty ? String(lines[0]) : nil
    }

    // MARK: The list as a built-in one

    @Test("pokeapi: offset paging, a detail by its URL, a favourite, sort, filter, follow to a type and back, refresh")
    func pokeAPITour() async throws {
        let sandbox = try Sandbox("shapes-pokeapi")
        let server = try await Self.start(.pokeapi, in: sandbox)
        let output = try await Self.run([
            "use pokemon", "page next", "page 3", "open 5", "fav", "favs", "back", "sort name desc", "filter name=saur",
            "filter clear", "sort off", "open 1", "follow types 1", "follow pokemon 2", "back", "back", "back", "refresh",
        ], in: sandbox)
        #expect(output.stderrText == "")
        #expect(output.status == 0)
        let page = { (number: Int) in "Pokémon · page \(number) of 3 · 53 in all" }
        let sorted = "Pokémon · sorted by name (descending) · 53 of 53 loaded"
        #expect(Self.headings(output.stdoutText) == [
            page(1), page(2), page(3), "☆ squirta  (row 5)", "★ squirta is now a favourite", "pokemon › favourites · 1", page(3),
            sorted, sorted + " · filter name=saur · 6 shown", sorted, page(3), "☆ bulbafairy  (row 1)", "☆ rock  (row 6)",
            "☆ venamon  (row 3)", "☆ rock  (row 6)", "☆ bulbafairy  (row 1)", page(3), page(3),
        ])
        let screens = Self.screens(output.stdoutText)
        try #require(screens.count == 18)
        #expect(Self.rowNumbers(screens[0]) == Array(1...20))
        #expect(Self.rowNumbers(screens[1]) == Array(21...40))
        #expect(screens[1].contains("25  ☆  ピカチュウ"))
        #expect(Self.rowNumbers(screens[2]) == Array(41...53), "page 3 is short: 13 of the 53")
        #expect(screens[3] == [
            "☆ squirta  (row 5)",
            "  number      5",
            "  height      143",
            "  weight      2116",
            "  experience  49",
            "  typenames   ice",
            "  types       1 ice",
            "  species     squirta",
            "  sprite      \(server.origin)/sprites/pokemon/5.png",
        ])
        #expect(screens[5] == [
            "pokemon › favourites · 1",
            "#  ★  title    id",
            "1  ★  squirta  pokemon/5",
            "`open N` shows one · `fav N` unmarks it · `back` returns to the list",
        ])
        #expect(Self.rowNumbers(screens[6]) == Array(41...53))
        #expect(Set(Self.rowNumbers(screens[7])) == Set(1...53) && Self.rowNumbers(screens[7]).first == 25,
                "every pokemon loaded, ピカチュウ after the Latin names: \(screens[7])")
        #expect(screens[7].contains(" 5  ★  squirta"))
        #expect(Self.rowNumbers(screens[8]) == [49, 16, 9, 38, 43, 52], "slowsaur, ratsaur, metasaur, manksaur, machsaur, dosaur")
        #expect(screens[12].last == "  pokemon     1 bulbafairy, 2 venamon, 3 missing[31mno, 4 nidonoth, 5 growpod, 6 slowsaur")
        #expect(!output.stdoutText.contains("\u{1B}"), "missing\\u001b[31mno's escape never reaches the terminal")
        #expect(Self.rowNumbers(screens[17]) == Array(41...53))

        let targets = try await server.targets()
        let pages = targets.filter { $0.hasPrefix("/api/v2/pokemon/?") }
        let asked = ["/api/v2/pokemon/?offset=0&limit=20", "/api/v2/pokemon/?offset=20&limit=20", "/api/v2/pokemon/?offset=40&limit=20"]
        #expect(pages.count == 6 && Array(pages.prefix(3)) == asked && Set(pages.dropFirst(3)) == Set(asked),
                "each page asked once as it was shown, then again by `refresh`: \(pages)")
        #expect(targets.contains("/api/v2/pokemon/5/") && targets.contains("/api/v2/type/6/") && targets.contains("/api/v2/pokemon/3/"))
        #expect(targets.allSatisfy { $0.hasPrefix("/api/v2/") }, "\(targets)")
    }

    @Test("github: Link paging walked page by page, a detail by number, a favourite, sort, two filters, refresh, the last page")
    func gitHubTour() async throws {
        let sandbox = try Sandbox("shapes-github")
        let server = try await Self.start(.github, in: sandbox)
        let output = try await Self.run([
            "use issues", "page next", "page 3", "open 25", "fav", "back", "favs", "back", "sort comments desc",
            "filter state=closed author=monalisa", "filter clear", "sort off", "refresh", "page 5",
        ], in: sandbox)
        #expect(output.stderrText == "")
        #expect(output.status == 0)
        // Until the last page is seen, the count is rel="last"'s page times the page size.
        let page = { (number: Int) in "acme/widgets issues · page \(number) of 5 · 50 in all" }
        let sorted = "acme/widgets issues · sorted by comments (descending) · 30 of 50 loaded"
        #expect(Self.headings(output.stdoutText) == [
            page(1), page(2), page(3), "☆ Add when the cache is empty  (row 25)", "★ Add when the cache is empty is now a favourite",
            page(3), "issues › favourites · 1", page(3), sorted, sorted + " · filter state=closed author=monalisa · 2 shown", sorted,
            page(3), page(3), "acme/widgets issues · page 5 of 5 · 45 in all",
        ])
        let screens = Self.screens(output.stdoutText)
        try #require(screens.count == 14)
        #expect(Self.rowNumbers(screens[0]) == Array(1...10))
        #expect(screens[0][1] == " #  ★  number  title                               state   author    comments")
        #expect(screens[0][2] == " 1  ☆      45  Investigate widget resize on Linux  open    hubot           25", "newest first")
        #expect(Self.rowNumbers(screens[1]) == Array(11...20))
        #expect(Self.rowNumbers(screens[2]) == Array(21...30))
        #expect(screens[3] == [
            "☆ Add when the cache is empty  (row 25)",
            "  number    21",
            "  title     Add when the cache is empty",
            "  state     open",
            "  author    octocat",
            "  labels    none",
            "  comments  0",
            "  created   2024-03-12",
            "  body      Steps to reproduce: 1. Open the widget 2. add when the cache is empty  Expected it to work.",
            "  page      https://github.com/acme/widgets/issues/21",
        ])
        #expect(screens[5].contains("25  ★      21  Add when the cache is empty     open    octocat          0"))
        #expect(screens[6] == [
            "issues › favourites · 1",
            "#  ★  title                        id",
            "1  ★  Add when the cache is empty  issues/21",
            "`open N` shows one · `fav N` unmarks it · `back` returns to the list",
        ])
        let comments = screens[8].filter { !Self.rowNumbers([$0]).isEmpty }.compactMap { $0.split(separator: " ").last.flatMap { Int($0) } }
        #expect(comments.count == 30 && comments == comments.sorted(by: >), "the 30 loaded, most comments first: \(comments)")
        #expect(Self.rowNumbers(screens[9]) == [27, 21])
        #expect(Self.rowNumbers(screens[13]) == Array(41...45))
        #expect(screens[13].contains("43  ☆       3  🐛 widget crashes on émoji input  open    defunkt         8"))

        let targets = try await server.targets()
        let list = "/repos/acme/widgets/issues"
        let loaded = ["\(list)?state=all&per_page=10", "\(list)?page=2&per_page=10&state=all", "\(list)?page=3&per_page=10&state=all"]
        try #require(targets.count == 8, "\(targets)")
        #expect(Array(targets.prefix(3)) == loaded, "page 3 follows page 2's link; the detail is its row, which holds every field")
        #expect(Set(targets[3..<6]) == Set(loaded), "`refresh` asks again for the pages loaded")
        #expect(Array(targets.suffix(2)) == ["\(list)?page=4&per_page=10&state=all", "\(list)?page=5&per_page=10&state=all"])
    }

    @Test("openlibrary: page paging, a detail at its key's path, a favourite, sort, filter, the API's search and its pages, refresh")
    func openLibraryTour() async throws {
        let sandbox = try Sandbox("shapes-openlibrary")
        let server = try await Self.start(.openlibrary, in: sandbox)
        let output = try await Self.run([
            "use works", "page next", "page 3", "open 25", "fav", "favs", "back", "sort year desc", "filter authors=murakami",
            "filter clear", "sort off", "search the", "page 3", "open 22", "back", "refresh", "search clear",
        ], in: sandbox)
        #expect(output.stderrText == "")
        #expect(output.status == 0)
        let page = { (number: Int) in "Open Library works · page \(number) of 4 · 37 in all" }
        let searched = { (number: Int, shown: Int) in "Open Library works · page \(number) of 3 · 23 in all · search the · \(shown) shown" }
        let sorted = "Open Library works · sorted by year (descending) · 30 of 37 loaded"
        #expect(Self.headings(output.stdoutText) == [
            page(1), page(2), page(3), "☆ Mountain and Lighthouse  (row 25)", "★ Mountain and Lighthouse is now a favourite",
            "works › favourites · 1", page(3), sorted, sorted + " · filter authors=murakami · 10 shown", sorted, page(3),
            searched(1, 10), searched(3, 3), "☆ Under the Broken Garden  (row 22)", searched(3, 3), searched(3, 3), page(1),
        ])
        let screens = Self.screens(output.stdoutText)
        try #require(screens.count == 17)
        #expect(Self.rowNumbers(screens[0]) == Array(1...10))
        #expect(Self.rowNumbers(screens[1]) == Array(11...20))
        #expect(Self.rowNumbers(screens[2]) == Array(21...30))
        #expect(screens[3] == [
            "☆ Mountain and Lighthouse  (row 25)",
            "  title        Mountain and Lighthouse",
            "  authors      Jorge Luis Borges",
            "  year         1956",
            "  editions     16",
            "  languages    jpn",
            "  description  A novel of the mountain and the people beside it.  First told in 1956.",
            "  subjects     Fiction",
            "  author_keys  /authors/OL8A",
            "  published    January 4, 1956",
        ])
        #expect(screens[5].count == 4 && screens[5][2].hasPrefix("1  ★  Mountain and Lighthouse  ") && screens[5][2].hasSuffix("/works/OL357W"),
                "\(screens[5])")
        #expect(screens[6].contains { $0.hasPrefix("25  ★  Mountain and Lighthouse") })
        #expect(Self.rowNumbers(screens[8]).count == 10)
        #expect(screens[8].dropFirst(2).filter { !Self.rowNumbers([$0]).isEmpty }.allSatisfy { $0.contains("Haruki Murakami") })
        #expect(Self.rowNumbers(screens[11]) == Array(1...10))
        #expect(Self.rowNumbers(screens[12]) == Array(21...23))
        let titles = (screens[11] + screens[12]).filter { !Self.rowNumbers([$0]).isEmpty }
        #expect(titles.allSatisfy { $0.lowercased().contains("the") }, "the server searched by q: \(titles)")
        #expect(screens[13].contains("  year         unknown") && screens[13].contains("  published    unknown"),
                "a work without a year: \(screens[13])")
        #expect(Self.rowNumbers(screens[16]) == Array(1...10), "`search clear`: the whole list again, from page 1")

        let targets = try await server.targets()
        try #require(targets.count == 10, "\(targets)")
        #expect(Array(targets.prefix(7)) == [
            "/search.json?page=1&limit=10", "/search.json?page=2&limit=10", "/search.json?page=3&limit=10", "/works/OL357W.json",
            "/search.json?q=the&page=1&limit=10", "/search.json?q=the&page=3&limit=10", "/works/OL487W.json",
        ])
        #expect(Set(targets[7..<9]) == ["/search.json?q=the&page=1&limit=10", "/search.json?q=the&page=3&limit=10"])
        #expect(targets[9] == "/search.json?page=1&limit=10")
    }

    // MARK: JSON and CSV

    struct Output: Sendable, CustomTestStringConvertible {
        var shape: Shape
        var commands: [String]
        /// A jq filter over the run's screens slurped into one array, true when the facts hold.
        var facts: String
        /// sqlite3 statements over the table `t` imported from the CSV, and what they print.
        var queries: [String]
        var printed: String
        var testDescription: String { "\(shape): \(commands.joined(separator: "; "))" }
    }

    static let outputs: [Output] = [
        Output(shape: .pokeapi, commands: ["use pokemon", "page 3", "open 41"],
               facts: """
                   (.[1] | .screen == "list" and .page == 3 and .pages == 3 and .count == 53 and (.rows | length) == 13
                      and .rows[0].row == 41 and .rows[0].id == "41" and (.rows[0].name | type) == "string")
                   and ((.[0].rows[0] | keys) == (.[1].rows[0] | keys))
                   and (.[2] | .screen == "detail" and .number == 41 and (.typenames | type) == "array"
                      and (.types[0].url | startswith("http://127.0.0.1:")) and (.types[0].number == 1))
                   """,
               queries: ["select count(*), min(cast(row as integer)), max(cast(row as integer)) from t;",
                         "select group_concat(name, ',') from pragma_table_info('t');",
                         "select name from t where id = '53';"],
               printed: "13|41|53\nrow,favourite,id,name\nseezee\n"),
        Output(shape: .github, commands: ["use issues", "page 2", "open 11"],
               facts: """
                   (.[1] | .page == 2 and .pages == 5 and (.rows | length) == 10 and .rows[0].id == "35" and .rows[0].number == 35
                      and (.rows[0].labels | type) == "array" and (.rows[0].comments | type) == "number" and ([.rows[].row] == [range(11; 21)]))
                   and ((.[0].rows[0] | keys) == (.[1].rows[0] | keys))
                   and (.[2] | .screen == "detail" and .id == "35" and (.body | type) == "string" and (.page | startswith("https://github.com/")))
                   """,
               queries: ["select count(*), min(cast(number as integer)), max(cast(number as integer)) from t;",
                         "select group_concat(name, ',') from pragma_table_info('t');",
                         "select count(*) from t where state = 'closed';"],
               printed: "10|26|35\nrow,favourite,id,number,title,state,author,comments,name,labels,created\n2\n"),
        Output(shape: .openlibrary, commands: ["use works", "page 4", "search river"],
               facts: """
                   (.[1] | .page == 4 and .count == 37 and (.rows | length) == 7 and .rows[0].id == "/works/OL435W"
                      and .rows[4].year == null and (.rows[0].authors | type) == "array")
                   and ((.[0].rows[0] | keys) == (.[1].rows[0] | keys))
                   and (.[2] | .count == 8 and (.rows | length) == 8 and all(.rows[]; .title | ascii_downcase | contains("river")))
                   """,
               queries: ["select count(*), count(nullif(year, '')), sum(cast(editions as integer)) from t;",
                         "select group_concat(name, ',') from pragma_table_info('t');",
                         "select title from t where id = '/works/OL487W';"],
               printed: "7|6|318\nrow,favourite,id,title,authors,year,editions,name,languages\nUnder the Broken Garden\n"),
    ]

    @Test("JSON: every screen one line that jq reads, rows numbered and typed, the same keys on every page", arguments: outputs)
    func jsonThroughJQ(_ example: Output) async throws {
        let sandbox = try Sandbox("shapes-json-\(example.shape)")
        let server = try await Self.start(example.shape, in: sandbox)
        let output = try await Self.run(example.commands, arguments: ["--format", "json"], in: sandbox)
        #expect(output.stderrText == "")
        #expect(output.status == 0)
        let jq = try await ChildProcess.run(executable: TestPaths.jq, arguments: ["-e", "-s", example.facts], environment: sandbox.environment,
                                            stdin: output.stdout, timeout: 30)
        #expect(jq.status == 0 && jq.stdoutText == "true\n", "jq: \(jq.stdoutText) \(jq.stderrText) for \(output.stdoutText)")
        server.stop()
    }

    @Test("CSV: a page's table, written by `once`, is one table to sqlite3", arguments: outputs)
    func csvThroughSQLite(_ example: Output) async throws {
        let sandbox = try Sandbox("shapes-csv-\(example.shape)")
        let server = try await Self.start(example.shape, in: sandbox)
        let commands = [example.commands[0], "once t.csv", example.commands[1]]
        let output = try await Self.run(commands, arguments: ["--format", "csv"], in: sandbox)
        #expect(output.stderrText == "")
        #expect(output.status == 0)
        let sqlite = try await ChildProcess.run(executable: TestPaths.sqlite3, arguments: [":memory:", ".import --csv t.csv t"] + example.queries,
                                                environment: sandbox.environment, directory: sandbox.path, timeout: 30)
        #expect(sqlite.stderrText == "")
        #expect(sqlite.stdoutText == example.printed)
        server.stop()
    }

    // MARK: The token

    @Test("github's token: sent on every request, never on stdout, stderr, traces, `raw`, `net`, `arch`, the recording or any file")
    func tokenNeverShown() async throws {
        let sandbox = try Sandbox("shapes-token")
        let token = "ghp_s3cretTOKENfor4shapes"
        let server = try await Self.start(.github, ["--token", token], in: sandbox)
        let environment = ["EXPLORER_TEST_GITHUB_TOKEN": token]
        let text = try await Self.run([
            "trace on", "use issues", "page next", "open 2", "raw", "raw 2", "net", "arch", "fav", "favs", "trace off",
        ], arguments: ["--record", "session.rec"], environment: environment, in: sandbox)
        #expect(text.status == 0, "\(text.stderrText)")
        #expect(text.stdoutText.contains("★ Crash the --verbose flag is now a favourite"))
        #expect(text.stderrText.contains("trace: GET /repos/acme/widgets/issues?page=2&per_page=10&state=all → 200"), "traced: \(text.stderrText)")
        #expect(text.stdoutText.contains("SigningHTTPClient"), "`arch` names the layer that signs: \(text.stdoutText)")
        let json = try await Self.run(["trace on", "use issues", "raw", "arch"], arguments: ["--format", "json"], environment: environment, in: sandbox)
        #expect(json.status == 0, "\(json.stderrText)")
        for output in [text, json] {
            #expect(!output.stdoutText.contains(token) && !output.stderrText.contains(token))
        }

        let recording = try String(contentsOf: sandbox.file("session.rec"), encoding: .utf8)
        #expect(recording.split(separator: "\n").count == 3, "a header and two pages (a row holding every field is the whole issue): \(recording.prefix(300))")
        #expect(FileManager.default.fileExists(atPath: sandbox.dataDirectory + "/explorer.sqlite"), "the favourite was kept")
        var files = 0
        let walker = try #require(FileManager.default.enumerator(at: sandbox.directory, includingPropertiesForKeys: [.isRegularFileKey]))
        for case let file as URL in walker where (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            files += 1
            let data = try Data(contentsOf: file)
            #expect(data.range(of: Data(token.utf8)) == nil, "the token is in \(file.path)")
        }
        #expect(files >= 3, "Plugins.json, the recording, the data directory's files")

        let requests = try await server.requests()
        #expect(requests.count == 3, "two pages, then the JSON run's page: \(requests)")
        #expect(requests.allSatisfy { $0.headers.contains("Authorization") }, "\(requests.map(\.headers))")
    }

    @Test("github's token missing or wrong where the server requires one: one error line, exit 1")
    func tokenRequired() async throws {
        let sandbox = try Sandbox("shapes-no-token")
        let server = try await Self.start(.github, ["--token", "the-right-one"], in: sandbox)
        let expected = "error: -c:1: issues did not load: HTTP 401 from 127.0.0.1:\(server.port) for /repos/acme/widgets/issues?state=all&per_page=10; no feature is in use"
        let missing = try await Self.run(["use issues", "page next"], in: sandbox)
        #expect(missing.stdoutText == "")
        #expect(missing.stderrText == expected + "\nerror: -c:2: page next not run: `use issues` failed (-c:1); no feature is in use\n")
        #expect(missing.status == 1)
        let wrong = try await Self.run(["use issues"], environment: ["EXPLORER_TEST_GITHUB_TOKEN": "a-wrong-one"], in: sandbox)
        #expect(wrong.stderrText == expected + "\n")
        #expect(wrong.status == 1)
        let requests = try await server.requests()
        #expect(requests.map { $0.headers.contains("Authorization") } == [false, true], "without the variable no header is sent: \(requests)")
    }

    // MARK: Hostile answers

    struct Hostile: Sendable, CustomTestStringConvertible {
        var shape: Shape
        var server: [String]
        var commands: [String]
        var headings: [String]
        /// stderr, whole: each failing command's one line.
        var errors: [String]
        var targets: [String]
        var testDescription: String { "\(shape) \(server.joined(separator: " ")): \(commands.joined(separator: "; "))" }
    }

    static func pokemonPage(_ number: Int) -> String { "Pokémon · page \(number) of 3 · 53 in all" }
    static func issuesPage(_ number: Int, _ count: Int) -> String { "acme/widgets issues · page \(number) of 5 · \(count) in all" }
    static func worksPage(_ number: Int) -> String { "Open Library works · page \(number) of 4 · 37 in all" }
    static let issues = "/repos/acme/widgets/issues"
    static let issuesPages = ["\(issues)?state=all&per_page=10"] + (2...5).map { "\(issues)?page=\($0)&per_page=10&state=all" }
    static let pokemonPages = stride(from: 0, through: 40, by: 20).map { "/api/v2/pokemon/?offset=\($0)&limit=20" }

    static let hostile: [Hostile] = [
        // A next link back to page 1: offset and page paging never read one; GitHub's loop is seen.
        Hostile(shape: .pokeapi, server: ["--loop-next"], commands: ["use pokemon", "page 3", "page next"],
                headings: [pokemonPage(1), pokemonPage(3)], errors: ["error: -c:3: already on the last page (3)"],
                targets: [pokemonPages[0], pokemonPages[2]]),
        Hostile(shape: .github, server: ["--loop-next"], commands: ["use issues", "page 5", "page next", "page 6"],
                headings: [issuesPage(1, 50), issuesPage(5, 45)],
                errors: ["error: -c:3: already on the last page (5)", "error: -c:4: no page 6: there are 5 pages"],
                targets: issuesPages),
        Hostile(shape: .openlibrary, server: ["--loop-next"], commands: ["use works", "page 4", "page 5"],
                headings: [worksPage(1), worksPage(4)], errors: ["error: -c:3: no page 5: there are 4 pages"],
                targets: ["/search.json?page=1&limit=10", "/search.json?page=4&limit=10"]),
        // A next link to other.invalid: page 1 shown; `page next` reads page 1's link again and
        // refuses it. Offset paging never reads it.
        Hostile(shape: .github, server: ["--foreign-next"], commands: ["use issues", "page next", "open 3", "back"],
                headings: [issuesPage(1, 50), "☆ Fix keyboard shortcuts  (row 3)", issuesPage(1, 50)],
                errors: ["error: -c:2: page 1's link leads to another host (other.invalid): not followed"],
                targets: [issuesPages[0], issuesPages[0]]),
        Hostile(shape: .pokeapi, server: ["--foreign-next"], commands: ["use pokemon", "page next"],
                headings: [pokemonPage(1), pokemonPage(2)], errors: [], targets: Array(pokemonPages.prefix(2))),
        // 600 Link entries stay under 64 KB of headers; 10,000 do not.
        Hostile(shape: .github, server: ["--huge-link", "600"], commands: ["use issues", "page next", "page 5"],
                headings: [issuesPage(1, 50), issuesPage(2, 50), issuesPage(5, 45)], errors: [], targets: issuesPages),
        Hostile(shape: .github, server: ["--huge-link"], commands: ["use issues"], headings: [],
                errors: ["error: -c:1: issues did not load: the headers from 127.0.0.1:PORT for \(issuesPages[0]) are over 64 KB, "
                         + "so the answer was stopped; no feature is in use"],
                targets: [issuesPages[0]]),
        Hostile(shape: .pokeapi, server: ["--huge-link"], commands: ["use pokemon", "page next"],
                headings: [pokemonPage(1), pokemonPage(2)], errors: [], targets: Array(pokemonPages.prefix(2))),
        // The rows path holds an object.
        Hostile(shape: .pokeapi, server: ["--items-object"], commands: ["use pokemon"], headings: [],
                errors: ["error: -c:1: pokemon did not load: unreadable answer from 127.0.0.1:PORT for \(pokemonPages[0]): "
                         + "JSON of another shape (results holds an object, not a list of rows); no feature is in use"],
                targets: [pokemonPages[0]]),
        Hostile(shape: .github, server: ["--items-object"], commands: ["use issues"], headings: [],
                errors: ["error: -c:1: issues did not load: unreadable answer from 127.0.0.1:PORT for \(issuesPages[0]): "
                         + "JSON of another shape ($ holds an object, not a list of rows); no feature is in use"],
                targets: [issuesPages[0]]),
        Hostile(shape: .openlibrary, server: ["--items-object"], commands: ["use works"], headings: [],
                errors: ["error: -c:1: works did not load: unreadable answer from 127.0.0.1:PORT for /search.json?page=1&limit=10: "
                         + "JSON of another shape (docs holds an object, not a list of rows); no feature is in use"],
                targets: ["/search.json?page=1&limit=10"]),
        // An id with `../` in it: refused before any request is made for it.
        Hostile(shape: .openlibrary, server: ["--dotdot-id"], commands: ["use works", "open 3", "open 2"],
                headings: [worksPage(1), "☆ Under the Hidden Mountain  (row 2)"],
                errors: ["error: -c:2: the id '/works/../../requests' cannot go into a path (it has an empty, . or .. part)"],
                targets: ["/search.json?page=1&limit=10", "/works/OL58W.json"]),
        // A row that holds every described field is the whole record: its detail is the row,
        // and nothing is asked with its id.
        Hostile(shape: .github, server: ["--dotdot-id"], commands: ["use issues", "open 3"],
                headings: [issuesPage(1, 50), "☆ Fix keyboard shortcuts  (row 3)"], errors: [],
                targets: [issuesPages[0]]),
        Hostile(shape: .pokeapi, server: ["--dotdot-id"], commands: ["use pokemon", "open 3"], headings: [pokemonPage(1)],
                errors: ["error: -c:2: the record's URL leads outside the API (http://127.0.0.1:PORT/api/v2/pokemon/../../../requests/): not followed"],
                targets: [pokemonPages[0]]),
        // A good answer, then one that is not JSON: `refresh` fails and the list loaded stays.
        Hostile(shape: .pokeapi, server: ["--garbage", "offset=0", "--after", "2"], commands: ["use pokemon", "refresh", "sort off"],
                headings: [pokemonPage(1), pokemonPage(1)],
                errors: ["error: -c:2: unreadable answer from 127.0.0.1:PORT for \(pokemonPages[0]): not valid JSON (malformed, or cut short)"],
                targets: [pokemonPages[0], pokemonPages[0]]),
        Hostile(shape: .github, server: ["--garbage", "issues?state", "--after", "2"], commands: ["use issues", "refresh", "sort off"],
                headings: [issuesPage(1, 50), issuesPage(1, 50)],
                errors: ["error: -c:2: unreadable answer from 127.0.0.1:PORT for \(issuesPages[0]): not valid JSON (malformed, or cut short)"],
                targets: [issuesPages[0], issuesPages[0]]),
        Hostile(shape: .openlibrary, server: ["--garbage", "page=1&", "--after", "2"], commands: ["use works", "refresh", "sort off"],
                headings: [worksPage(1), worksPage(1)],
                errors: ["error: -c:2: unreadable answer from 127.0.0.1:PORT for /search.json?page=1&limit=10: not valid JSON (malformed, or cut short)"],
                targets: ["/search.json?page=1&limit=10", "/search.json?page=1&limit=10"]),
    ]

    @Test("a hostile answer: one error line per failing command or a bounded list, exit 1 at worst, and no request off the host",
          arguments: hostile)
    func hostileAnswer(_ example: Hostile) async throws {
        let sandbox = try Sandbox("shapes-hostile-\(example.shape)")
        let server = try await Self.start(example.shape, example.server, in: sandbox)
        let output = try await Self.run(example.commands, in: sandbox)
        let errors = example.errors.map { $0.replacingOccurrences(of: "127.0.0.1:PORT", with: "127.0.0.1:\(server.port)") }
        #expect(Self.headings(output.stdoutText) == example.headings)
        #expect(output.stderrText.split(separator: "\n").map(String.init) == errors)
        #expect(output.status == (errors.isEmpty ? 0 : 1), "exit 1 for a failed command, never a crash: \(output.status)")
        if example.server.contains("--garbage") {
            let screens = Self.screens(output.stdoutText)
            #expect(screens.count == 2 && screens[0] == screens[1], "the list loaded before, row for row: \(output.stdoutText)")
        }
        // Every request the server saw; one to other.invalid could not resolve and would have
        // failed in other words than the refusal.
        #expect(try await server.targets() == example.targets)
    }

    /// Page 1's first two rows' names, for each shape: `--colliding-ids` gives the second the first's id.
    static let firstNames: [Shape: (String, String)] = [
        .pokeapi: ("bulbafairy", "ivymon"),
        .github: ("Investigate widget resize on Linux", "Crash the --verbose flag"),
        .openlibrary: ("Under the Northern Harbour", "Under the Hidden Mountain"),
    ]

    @Test("ids that collide: both rows listed; `fav` marks the id, so both show ★, the favourites hold one, and row 2 opens the id's record",
          arguments: Shape.allCases)
    func collidingIDs(_ shape: Shape) async throws {
        let sandbox = try Sandbox("shapes-colliding-\(shape)")
        let server = try await Self.start(shape, ["--colliding-ids"], in: sandbox)
        let output = try await Self.run(["use \(shape.feature)", "fav 2", "favs", "back", "open 2"], in: sandbox)
        #expect(output.stderrText == "")
        #expect(output.status == 0)
        let (first, second) = try #require(Self.firstNames[shape])
        let screens = Self.screens(output.stdoutText)
        try #require(screens.count == 5, "\(output.stdoutText)")
        let size = shape == .pokeapi ? 20 : 10
        #expect(Self.rowNumbers(screens[0]) == Array(1...size), "both rows listed")
        #expect(screens[1] == ["★ \(second) is now a favourite"])
        #expect(Self.rowNumbers(screens[2]) == [1] && screens[2][2].contains(second), "one favourite, named by the row marked: \(screens[2])")
        let starred = screens[3].filter { $0.contains("  ★  ") }.flatMap { Self.rowNumbers([$0]) }
        #expect(starred == [1, 2], "rows 1 and 2 share the id marked: \(screens[3])")
        // Row 2's detail: its own row where that holds every field (github), else the record
        // the id names, which is row 1's.
        let opened = shape == .github ? second : first
        #expect(screens[4][0] == "★ \(opened)  (row 2)", "the detail of row 2: \(screens[4])")
        server.stop()
    }

    struct Absurd: Sendable, CustomTestStringConvertible {
        var shape: Shape
        var pages: String
        var count: String
        var title: String
        var rows: [Int]
        var testDescription: String { "\(shape)" }
    }

    @Test("absurd counts: headings say them, `page 3` and the last page work, and no memory is taken for them", arguments: [
        Absurd(shape: .pokeapi, pages: "50000000000", count: "1,000,000,000,000", title: "Pokémon", rows: Array(41...53)),
        Absurd(shape: .github, pages: "1000000000", count: "10,000,000,000", title: "acme/widgets issues", rows: Array(21...30)),
        Absurd(shape: .openlibrary, pages: "100000000000", count: "1,000,000,000,000", title: "Open Library works", rows: Array(21...30)),
    ])
    func absurdCounts(_ example: Absurd) async throws {
        let sandbox = try Sandbox("shapes-absurd-\(example.shape)")
        let server = try await Self.start(example.shape, ["--absurd"], in: sandbox)
        let commands = ["use \(example.shape.feature)", "page 3", "page \(example.pages)"]
        let output = try await Self.run(commands, in: sandbox)
        let heading = { (page: String) in "\(example.title) · page \(page) of \(example.pages) · \(example.count) in all" }
        let screens = Self.screens(output.stdoutText)
        if example.shape == .github {
            // rel="last" says a billion pages; the Link headers lead through five, and one
            // command walks no more than 100 of them: refused before a request.
            #expect(Self.headings(output.stdoutText) == [heading("1"), heading("3")])
            #expect(output.stderrText == "error: -c:3: page 1000000000 is 999999996 pages past page 4, the last whose link is known; "
                    + "one command walks at most 100 (`page all` walks on, one bound at a time)\n")
            #expect(output.status == 1)
            #expect(try await server.targets() == Array(Self.issuesPages.prefix(3)))
        } else {
            #expect(Self.headings(output.stdoutText) == [heading("1"), heading("3"), heading(example.pages)])
            #expect(screens.last?.count == 1, "the last page is empty: \(screens.last ?? [])")
            #expect(output.stderrText == "")
            #expect(output.status == 0)
        }
        #expect(screens.count >= 2 && Self.rowNumbers(screens[1]) == example.rows)

        // Each run's peak, as the kernel counts it for a child (wait4's rusage).
        let measure = """
            import os, subprocess, sys
            for arguments in (["-c", "quit"], sys.argv[3:]):
                process = subprocess.Popen([sys.argv[1], "--data-dir", sys.argv[2]] + arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                _, status, usage = os.wait4(process.pid, 0)
                print(usage.ru_maxrss * 1024)
            """
        let measured = try await ChildProcess.run(
            executable: await TestPaths.python(),
            arguments: ["-c", measure, TestPaths.explorer, sandbox.file("measured").path, "--config", sandbox.file("Plugins.json").path]
                + commands.flatMap { ["-c", $0] },
            environment: sandbox.environment, timeout: 120)
        let peaks = measured.stdoutText.split(separator: "\n").compactMap { Int($0) }
        try #require(peaks.count == 2, "\(measured.stdoutText) \(measured.stderrText)")
        #expect(peaks[1] - peaks[0] < 32 << 20, "\((peaks[1] - peaks[0]) >> 20) MB beyond explorer's own")
    }

    @Test("an Open Library key of 10,000 characters: listed; its detail asked for once, at its path on the host, one error line")
    func hugeKey() async throws {
        let sandbox = try Sandbox("shapes-huge-key")
        let server = try await Self.start(.openlibrary, ["--huge-link"], in: sandbox)
        let output = try await Self.run(["use works", "open 1", "open 2"], in: sandbox)
        #expect(Self.headings(output.stdoutText) == [Self.worksPage(1), "☆ Under the Hidden Mountain  (row 2)"])
        let line = try #require(Self.oneLine(output), "\(output.stderrText.prefix(300))")
        #expect(line.hasPrefix("error: -c:2: HTTP 404 from 127.0.0.1:\(server.port) for /works/OL1111"))
        #expect(output.status == 1)
        let targets = try await server.targets()
        #expect(targets.count == 3 && targets[1].hasPrefix("/works/OL1111") && targets[1].count == 10_000 + ".json".count,
                "\(targets.map { $0.prefix(40) })")
    }

    // MARK: Record and replay

    @Test("a session recorded with --record replays with --replay, the server gone, to the same bytes", arguments: [
        (Shape.pokeapi, ["use pokemon", "page next", "open 25", "follow types 1", "back", "back", "sort name desc", "fav 3", "favs"]),
        (Shape.github, ["use issues", "page 3", "open 22", "back", "filter state=open", "fav 21", "favs"]),
        (Shape.openlibrary, ["use works", "page 2", "open 12", "search river", "open 3", "back", "search clear"]),
    ])
    func replay(_ shape: Shape, commands: [String]) async throws {
        let sandbox = try Sandbox("shapes-replay-\(shape)")
        let server = try await Self.start(shape, in: sandbox)
        let live = try await Self.run(commands, arguments: ["--record", "session.rec"], in: sandbox)
        #expect(live.stderrText == "")
        #expect(live.status == 0)
        server.stop()
        let replayed = try await Self.run(commands, arguments: ["--replay", "session.rec", "--data-dir", sandbox.file("replay-data").path],
                                          in: sandbox)
        #expect(replayed.stderrText == "")
        #expect(replayed.status == 0)
        #expect(replayed.stdout == live.stdout, "\(TextDiff.lines(expected: live.stdoutText, actual: replayed.stdoutText))")
    }
}
