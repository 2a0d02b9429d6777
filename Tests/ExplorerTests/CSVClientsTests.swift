// CSV as the programs people feed it to read it. For every feature's list, the favourites (a
// feature's and all), and empty tables: one command's table is written to a file with `once
// FILE` in `--format csv`, and the same command's screen with `once FILE` in JSON; then sqlite3
// imports the CSV (`.mode csv`, `.import FILE t`) and Python's csv module reads it. Each must
// read one table: the list's fixed header (whatever the sort), as many records as the JSON
// screen has rows (so no second header among them), and every cell under its own column,
// holding what JSON holds for that row and key.

import ExplorerCore
import ExplorerText
import Foundation
import TestSupport
import Testing

@Suite("CSV in sqlite3 and Python")
struct CSVClientsTests {
    /// The header of each list: one fixed column set per list, in a fixed order.
    static let headers: [String: [String]] = [
        "starships": ["row", "favourite", "id", "name", "model", "manufacturer", "class", "cost_credits", "length_m",
                      "max_speed_kmh", "crew", "passengers", "cargo_kg", "consumables", "hyperdrive_rating", "mglt",
                      "pilots", "films", "created", "edited", "url"],
        "characters": ["row", "favourite", "id", "name", "eyes", "gender", "birth_year", "height_cm", "mass_kg", "hair",
                       "skin", "homeworld", "films", "species", "vehicles", "starships", "created", "edited", "url"],
        "planets": ["row", "favourite", "id", "name", "climate", "terrain", "population", "diameter_km", "rotation_period_h",
                    "orbital_period_d", "gravity", "surface_water_pct", "residents", "films", "created", "edited", "url"],
        "itunes": ["row", "favourite", "id", "title", "artist", "album", "year", "kind", "track", "genre", "released",
                   "duration_ms", "track_number", "track_count", "price", "album_price", "currency", "explicit",
                   "track_id", "collection_id", "preview_url", "store_url"],
        "moviedb": ["row", "favourite", "id", "title", "year", "rating", "genres", "votes", "kind", "tmdb_id",
                    "original_title", "date", "overview", "poster_url"],
        "facts": ["row", "favourite", "id", "title", "description", "image", "image_url", "image_state"],
        "races": ["row", "favourite", "id", "category", "meeting", "race", "venue", "start", "countdown", "name",
                  "seconds_to_start"],
        "favs": ["row", "favourite", "title", "id", "created"],
        "favs all": ["row", "feature", "title", "id", "created"],
    ]

    struct Case: Sendable, CustomTestStringConvertible {
        /// Which list (a key of ``headers``).
        var list: String
        /// Commands run first; their screens go to stdout.
        var setup: [String]
        /// The command whose table is written.
        var command: String
        var rows: Int
        var testDescription: String { "\(list): \(command) (\(rows) rows)" }
    }

    static let cases: [Case] = [
        Case(list: "starships", setup: ["use starships"], command: "page 2", rows: 10),
        Case(list: "starships", setup: ["use starships", "page 2"], command: "sort length desc", rows: 20),
        Case(list: "starships", setup: ["use starships"], command: "sort cost", rows: 10),
        Case(list: "characters", setup: ["use characters"], command: "sort mass desc", rows: 82),
        Case(list: "characters", setup: ["use characters"], command: "filter eye=blue", rows: 20),
        Case(list: "characters", setup: ["use characters"], command: "filter eye=red gender=hermaphrodite", rows: 0),
        Case(list: "itunes", setup: ["use itunes"], command: "search jack johnson", rows: 10),
        Case(list: "itunes", setup: ["use itunes"], command: "search zzzzqqq", rows: 0),
        Case(list: "moviedb", setup: ["use moviedb"], command: "movies top", rows: 20),
        Case(list: "moviedb", setup: ["use moviedb"], command: "search xyzzy", rows: 0),
        Case(list: "planets", setup: ["use planets"], command: "page 6", rows: 10),
        Case(list: "planets", setup: ["use planets", "page 2"], command: "sort population desc", rows: 20),
        Case(list: "facts", setup: [], command: "use facts", rows: 13),
        Case(list: "races", setup: [], command: "use races", rows: 5),
        Case(list: "favs", setup: ["use starships", "fav 2", "fav 5"], command: "favs", rows: 2),
        Case(list: "favs", setup: ["use itunes"], command: "favs", rows: 0),
        Case(list: "favs all", setup: ["use starships", "fav 2", "use characters", "fav 1"], command: "favs all", rows: 2),
        Case(list: "favs all", setup: [], command: "favs all", rows: 0),
    ]

    @Test("one command's table, written with `once`, is one table to sqlite3 and Python", arguments: cases)
    func oneTable(_ example: Case) async throws {
        let sandbox = try Sandbox("csv-clients")
        let script = example.setup + ["once table.csv", example.command, "format json", "once table.json", example.command]
        let output = try await Explorer.run(["--format", "csv", "--clock", "2024-03-15T08:00:00Z", "-c", script.joined(separator: "; ")],
                                            directory: sandbox.path, in: sandbox)
        #expect(output.stderrText == "")
        #expect(output.status == 0)
        let header = try #require(Self.headers[example.list])

        let json = try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: sandbox.file("table.json")))
        guard case .array(let rows)? = json["rows"] else {
            Issue.record("no rows in the JSON screen: \(json)")
            return
        }
        #expect(rows.count == example.rows)

        // Python's csv module: the header, then one record per row, each as long as the header.
        let python = try await Self.run(await TestPaths.python(), ["-c", Self.pythonReader, "table.csv"], in: sandbox)
        #expect(python.status == 0, "python3: \(python.stderrText)")
        let records = try JSONDecoder().decode([[String]].self, from: Data(python.stdout))
        #expect(records.first == header)
        #expect(records.count == rows.count + 1, "one record per row after the header")
        for (number, (record, row)) in zip(records.dropFirst(), rows).enumerated() {
            #expect(record.count == header.count, "record \(number + 1) has \(record.count) fields")
            for (key, text) in zip(header, record) {
                #expect(Self.cell(text, holds: row[key] ?? .null), "python3: record \(number + 1), \(key): \(text) for \(row[key] ?? .null)")
            }
        }

        // sqlite3: `.import` makes a table whose columns are the header and whose rows are the records.
        let sqlite = try await Self.run(TestPaths.sqlite3, [
            ":memory:", ".mode csv", ".import table.csv t", ".mode list",
            "select json_group_array(name) from pragma_table_info('t');", "select count(*) from t;",
            ".mode json", "select * from t;",
        ], in: sandbox)
        #expect(sqlite.status == 0 && sqlite.stderrText == "", "sqlite3: \(sqlite.stderrText)")
        let lines = sqlite.stdoutText.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        try #require(lines.count >= 2, "sqlite3 printed: \(sqlite.stdoutText)")
        #expect(try JSONDecoder().decode([String].self, from: Data(lines[0].utf8)) == header)
        #expect(Int(lines[1]) == rows.count)
        let imported = lines.count > 2 && !lines[2].isEmpty
            ? try JSONDecoder().decode([[String: String]].self, from: Data(lines[2].utf8)) : []
        #expect(imported.count == rows.count)
        for (number, (record, row)) in zip(imported, rows).enumerated() {
            for key in header {
                let text = record[key] ?? "(missing)"
                #expect(Self.cell(text, holds: row[key] ?? .null), "sqlite3: row \(number + 1), \(key): \(text) for \(row[key] ?? .null)")
            }
        }
    }

    @Test("a screen without a table writes no CSV and is no error; `once` waits for a table, and says so")
    func screensWithoutATable() async throws {
        let sandbox = try Sandbox("csv-no-table")
        let output = try await Explorer.run(
            ["--format", "csv", "-c", "use itunes; help; format; use starships; open 3; fav 3; back; once fav.csv; fav 4; once ships.csv; format csv; sort length"],
            directory: sandbox.path, in: sandbox)
        #expect(output.stderrText == "warning: once fav.csv: this screen has no table to write as CSV; the file waits for the next screen\n")
        #expect(output.status == 0)
        let tables = output.stdoutText.components(separatedBy: "row,favourite,id,name,")
        #expect(tables.count == 3 && tables[0] == "row,favourite,id,title,artist,album,year,kind,track,genre,released,duration_ms,track_number,track_count,price,album_price,currency,explicit,track_id,collection_id,preview_url,store_url\r\n",
                "iTunes' empty list (its header alone), then the tables of `use starships` and `back`, nothing else: \(output.stdoutText)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.file("fav.csv").path), "`fav 4` shows no table: no file made")
        let ships = try String(contentsOf: sandbox.file("ships.csv"), encoding: .utf8)
        #expect(ships.hasPrefix("row,favourite,id,name,"), "switching the format shows no screen: `once` takes the next, `sort length`")
        #expect(ships.components(separatedBy: "\r\n").count == 12, "a header, 10 rows and the end of the last")
    }

    /// Reads a CSV file with Python's csv module and prints its records as JSON.
    static let pythonReader = """
        import csv, json, sys
        with open(sys.argv[1], newline="", encoding="utf-8") as f:
            print(json.dumps(list(csv.reader(f))))
        """

    /// Whether a CSV field holds `value` as the README says CSV writes it: `null` empty, numbers
    /// and booleans as they are, text as it is, lists and objects as JSON text.
    static func cell(_ text: String, holds value: JSONValue) -> Bool {
        switch value {
        case .null: text == ""
        case .bool(let flag): text == (flag ? "true" : "false")
        case .int(let number): text == String(number)
        case .double(let number): Double(text) == number
        case .string(let string): text == string
        case .array, .object: (try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))) == value
        }
    }

    static func run(_ program: String, _ arguments: [String], in sandbox: Sandbox) async throws -> ProcessOutput {
        try await ChildProcess.run(executable: program, arguments: arguments, environment: sandbox.environment,
                                 directory: sandbox.path, timeout: 30)
    }
}
