@testable import ExplorerCore
import ExplorerText
import Foundation
import Testing

/// A `describe` object read into a ``FeatureDescription``: every key of the contract
/// (../shared/specs/described-features.md) with its meaning, and anything else refused with
/// one line naming the key's JSON path and what it accepts.
@Suite("FeatureDescription.parse")
struct FeatureDescriptionParsingTests {
    /// The contract's example, as written there.
    static let films = """
        { "title": "Star Wars films",
          "list":   { "path": "/films/", "items": "results",
                      "paging": { "type": "next", "next": "next", "total": "count" } },
          "detail": { "path": "/films/{id}/" },
          "id":     { "field": "url", "take": "lastPathSegment" },
          "name":   "title",
          "columns": ["episode", "title", "director", "released"],
          "fields": [
            { "name": "episode",   "path": "episode_id",    "type": "number" },
            { "name": "title",     "path": "title" },
            { "name": "director",  "path": "director",      "filter": true },
            { "name": "producer",  "path": "producer" },
            { "name": "released",  "path": "release_date",  "type": "date" },
            { "name": "crawl",     "path": "opening_crawl", "detailOnly": true },
            { "name": "characters","path": "characters",    "type": "link", "to": "characters" },
            { "name": "planets",   "path": "planets",       "type": "link", "to": "planets" }
          ],
          "sort": ["episode", "title", "released"],
          "search": { "param": "search" },
          "offline": { "embedded": "swapi" } }
        """

    static let at = "$.features[7].describe"

    private func json(_ text: String) throws -> JSONValue {
        try #require(JSONReader.value(Data(text.utf8)), "not JSON: \(text)")
    }

    private func parse(_ value: JSONValue) throws(ConfigError) -> FeatureDescription {
        try FeatureDescription.parse(value, path: Self.at, file: "Plugins.json")
    }

    private func path(_ text: String) throws -> JSONPath {
        try #require(JSONPath.parse(text))
    }

    /// The films example with the member at `place` (keys and array indexes joined by dots:
    /// `fields.6.to`) set to `value`, or removed when `value` is nil.
    private func films(_ place: String, _ value: JSONValue?) throws -> JSONValue {
        try Self.replacing(json(Self.films), place.split(separator: ".").map(String.init)[...], with: value)
    }

    private static func replacing(_ json: JSONValue, _ keys: ArraySlice<String>, with value: JSONValue?) -> JSONValue {
        guard let key = keys.first else { return value ?? .null }
        switch json {
        case .array(var elements):
            let index = Int(key)!
            if keys.count == 1, value == nil {
                elements.remove(at: index)
            } else {
                elements[index] = replacing(elements[index], keys.dropFirst(), with: value)
            }
            return .array(elements)
        case .object(var object):
            object[key] = keys.count == 1 ? value : replacing(object[key] ?? .object([:]), keys.dropFirst(), with: value)
            return .object(object)
        default:
            Issue.record("no member \(key) in \(json)")
            return json
        }
    }

    /// The one-line error `value` gives (`path: message`), or a recorded issue when it parses.
    private func error(_ value: JSONValue, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        do {
            let description = try parse(value)
            Issue.record("expected an error, parsed \(description)", sourceLocation: sourceLocation)
            return nil
        } catch {
            #expect(error.file == "Plugins.json", sourceLocation: sourceLocation)
            return "\(error.path): \(error.message)"
        }
    }

    // MARK: The contract's example

    @Test func theFilmsExampleReadsAsTheContractSays() throws {
        let description = try parse(json(Self.films))
        let expected = try FeatureDescription(
            title: "Star Wars films",
            list: .init(path: "/films/", params: [], items: path("results"), paging: .next(next: path("next"), total: path("count"))),
            detail: .init(source: .path("/films/{id}/"), items: .root),
            id: .init(field: path("url"), take: .lastPathSegment),
            name: path("title"),
            columns: ["episode", "title", "director", "released"],
            fields: [
                .init(name: "episode", path: path("episode_id"), type: .number),
                .init(name: "title", path: path("title")),
                .init(name: "director", path: path("director"), filter: true),
                .init(name: "producer", path: path("producer")),
                .init(name: "released", path: path("release_date"), type: .date),
                .init(name: "crawl", path: path("opening_crawl"), detailOnly: true),
                .init(name: "characters", path: path("characters"), type: .link, to: "characters"),
                .init(name: "planets", path: path("planets"), type: .link, to: "planets"),
            ],
            sort: ["episode", "title", "released"],
            search: .init(param: "search"),
            auth: nil,
            offline: .embedded("swapi"))
        #expect(description == expected)
        #expect(description.fields[1].unknown == ["unknown", "n/a", ""], "the default unknown strings")
    }

    @Test func optionalKeysHaveTheirDefaults() throws {
        var value = try films("detail", nil)
        for key in ["columns", "sort", "search", "offline", "id.take"] {
            value = Self.replacing(value, key.split(separator: ".").map(String.init)[...], with: nil)
        }
        let description = try parse(value)
        #expect(description.detail == nil, "the row is the whole record")
        #expect(description.columns == ["episode", "title", "director", "producer", "released", "characters", "planets"],
                "every field but those shown only in the detail")
        #expect(description.sort == [])
        #expect(description.search == nil)
        #expect(description.offline == nil)
        #expect(description.auth == nil)
        #expect(description.id.take == .value)
    }

    @Test func everyOtherKeyOfAFieldAndTheList() throws {
        var value = try films("fields.3", ["name": "budget", "path": "$.money.amount", "type": "number",
                                            "unknown": ["?", ""], "filter": false, "detailOnly": true])
        value = Self.replacing(value, ["list", "params"], with: ["format": "json", "n": 20, "ratio": 1.5, "wookiee": false])
        value = Self.replacing(value, ["list", "items"], with: "$")
        value = Self.replacing(value, ["detail"], with: ["from": "url", "items": "data.film"])
        let description = try parse(value)
        #expect(try description.fields[3] == .init(name: "budget", path: path("$.money.amount"), type: .number, unknown: ["?", ""],
                                               filter: false, detailOnly: true))
        #expect(description.list.params == [.init("format", "json"), .init("n", "20"), .init("ratio", "1.5"), .init("wookiee", "false")],
                "in the order written, numbers and booleans as text")
        #expect(description.list.items == .root)
        #expect(try description.detail == .init(source: .url, items: path("data.film")))
    }

    @Test(arguments: FeatureDescription.Field.Kind.allCases)
    func everyFieldType(kind: FeatureDescription.Field.Kind) throws {
        var field: JSONValue = ["name": "x", "path": "x", "type": .string(kind.rawValue)]
        if kind == .link { field = ["name": "x", "path": "x", "type": "link", "to": "planets"] }
        let description = try parse(films("fields.3", field))
        #expect(description.fields[3].type == kind)
    }

    @Test func authFromTheEnvironment() throws {
        #expect(try parse(films("auth", ["type": "bearer", "env": "GITHUB_TOKEN", "optional": true])).auth
            == .init(type: .bearer, name: nil, env: "GITHUB_TOKEN", file: nil, optional: true))
        #expect(try parse(films("auth", ["type": "header", "name": "X-Api-Key", "env": "API_KEY", "file": "~/.config/key"])).auth
            == .init(type: .header, name: "X-Api-Key", env: "API_KEY", file: "~/.config/key", optional: false))
        #expect(try parse(films("auth", ["type": "query", "name": "api_key", "env": "_KEY2"])).auth
            == .init(type: .query, name: "api_key", env: "_KEY2", file: nil, optional: false))
    }

    @Test(arguments: ["demo.rec", "r", "/tmp/a b/demo.rec", "../recordings/demo.rec", "~/demo.rec"])
    func offlineRecordingIsKeptAsWritten(file: String) throws {
        #expect(try parse(films("offline", ["recording": .string(file)])).offline == .recording(file))
    }

    // MARK: One example for each kind of paging

    @Test func pagingNext() throws {
        let value = try films("list.paging", ["type": "next", "next": "links.next"])
        #expect(try parse(value).list.paging == .next(next: path("links.next"), total: nil))
    }

    @Test func pagingPage() throws {
        #expect(try parse(films("list.paging", ["type": "page", "param": "page", "total": "numFound"])).list.paging
            == .page(param: "page", start: 1, sizeParam: nil, size: nil, total: path("numFound")))
        #expect(try parse(films("list.paging", ["type": "page", "param": "p", "start": 0, "sizeParam": "limit", "size": 100])).list.paging
            == .page(param: "p", start: 0, sizeParam: "limit", size: 100, total: nil))
        #expect(try parse(films("list.paging", ["type": "page", "param": "p", "size": 100])).list.paging
            == .page(param: "p", start: 1, sizeParam: nil, size: 100, total: nil), "a fixed page size the API does not take")
    }

    @Test func pagingOffset() throws {
        let value = try films("list.paging", ["type": "offset", "offsetParam": "offset", "limitParam": "limit", "limit": 20, "total": "count"])
        #expect(try parse(value).list.paging == .offset(offsetParam: "offset", limitParam: "limit", limit: 20, total: path("count")))
    }

    @Test func pagingLink() throws {
        #expect(try parse(films("list.paging", ["type": "link"])).list.paging == .link)
    }

    @Test func pagingNone() throws {
        #expect(try parse(films("list.paging", ["type": "none"])).list.paging == FeatureDescription.Paging.none)
    }

    // MARK: Hostile descriptions

    static let topKeys = "title, list, detail, id, name, columns, fields, sort, search, auth, offline"
    static let fieldNames = "episode, title, director, producer, released, crawl, characters, planets"

    @Test func anUnknownKeyIsRefusedAtEachLevel() throws {
        #expect(try error(films("colour", "red")) == "\(Self.at).colour: unknown field (expected \(Self.topKeys))")
        #expect(try error(films("list.pages", 3)) == "\(Self.at).list.pages: unknown field (expected path, params, items, paging)")
        #expect(try error(films("list.paging.limit", 3)) == "\(Self.at).list.paging.limit: unknown field (expected type, next, total)")
        #expect(try error(films("list.paging", ["type": "link", "next": "next"]))
            == "\(Self.at).list.paging.next: unknown field (expected type)")
        #expect(try error(films("detail.item", "x")) == "\(Self.at).detail.item: unknown field (expected path, from, items)")
        #expect(try error(films("id.path", "x")) == "\(Self.at).id.path: unknown field (expected field, take)")
        #expect(try error(films("fields.1.hidden", true))
            == "\(Self.at).fields[1].hidden: unknown field (expected name, path, type, unknown, filter, detailOnly, to)")
        #expect(try error(films("search.q", "x")) == "\(Self.at).search.q: unknown field (expected param)")
        #expect(try error(films("auth", ["type": "bearer", "env": "T", "secret": "x"]))
            == "\(Self.at).auth.secret: unknown field (expected type, name, env, file, optional)")
        #expect(try error(films("offline.url", "x")) == "\(Self.at).offline.url: unknown field (expected embedded, recording)")
        #expect(try error(films("colour ", 1)) == "\(Self.at)[\"colour \"]: unknown field (expected \(Self.topKeys))")
    }

    @Test func missingRequiredKeys() throws {
        for (place, missing) in [("title", "title"), ("list", "list"), ("list.path", "list.path"), ("list.items", "list.items"),
                                 ("list.paging", "list.paging"), ("list.paging.type", "list.paging.type"),
                                 ("list.paging.next", "list.paging.next"), ("id", "id"), ("id.field", "id.field"),
                                 ("name", "name"), ("fields", "fields"), ("fields.0.name", "fields[0].name"),
                                 ("fields.0.path", "fields[0].path"), ("search.param", "search.param")] {
            #expect(try error(films(place, nil)) == "\(Self.at).\(missing): missing field", "\(place)")
        }
        #expect(try error(films("auth", ["type": "bearer"])) == "\(Self.at).auth.env: missing field")
        #expect(try error(films("fields", [])) == "\(Self.at).fields: expected at least one field")
    }

    @Test func wrongTypes() throws {
        #expect(try error(json("[]")) == "\(Self.at): expected an object")
        #expect(try error(films("title", 3)) == "\(Self.at).title: expected a string")
        #expect(try error(films("title", "")) == "\(Self.at).title: expected a non-empty string")
        #expect(try error(films("list", "/films/")) == "\(Self.at).list: expected an object")
        #expect(try error(films("fields", ["name": "x"])) == "\(Self.at).fields: expected an array")
        #expect(try error(films("fields.2", "director")) == "\(Self.at).fields[2]: expected an object")
        #expect(try error(films("columns", "episode")) == "\(Self.at).columns: expected an array of strings")
        #expect(try error(films("columns.1", 2)) == "\(Self.at).columns[1]: expected a string")
        #expect(try error(films("fields.2.filter", "yes")) == "\(Self.at).fields[2].filter: expected true or false")
        #expect(try error(films("fields.5.detailOnly", 1)) == "\(Self.at).fields[5].detailOnly: expected true or false")
        #expect(try error(films("fields.3.unknown", ["n/a", nil])) == "\(Self.at).fields[3].unknown[1]: expected a string")
        #expect(try error(films("fields.0.type", "integer"))
            == #"\#(Self.at).fields[0].type: must be "text", "number", "date", "url", "image", "bool" or "link", not "integer""#)
        #expect(try error(films("id.take", "first")) == #"\#(Self.at).id.take: must be "value" or "lastPathSegment", not "first""#)
        #expect(try error(films("list.params", ["tags": ["a"]])) == "\(Self.at).list.params.tags: expected a string, a number or true/false")
        #expect(try error(films("list.params", ["": "x"])) == #"\#(Self.at).list.params[""]: expected a parameter name (not empty, no control characters)"#)
        #expect(try error(films("auth", ["type": "bearer", "env": "T", "optional": "yes"])) == "\(Self.at).auth.optional: expected true or false")
    }

    @Test func pagingOfAnUnknownType() throws {
        #expect(try error(films("list.paging", ["type": "cursor", "cursor": "next_cursor"]))
            == #"\#(Self.at).list.paging.type: must be "next", "page", "offset", "link" or "none", not "cursor""#)
        #expect(try error(films("list.paging.type", 1))
            == #"\#(Self.at).list.paging.type: must be "next", "page", "offset", "link" or "none", not 1"#)
    }

    @Test func pagingsOwnKeysAndRanges() throws {
        #expect(try error(films("list.paging", ["type": "offset", "offsetParam": "offset", "limitParam": "limit"]))
            == "\(Self.at).list.paging.limit: missing field")
        #expect(try error(films("list.paging", ["type": "offset", "offsetParam": "offset", "limitParam": "limit", "limit": 0]))
            == "\(Self.at).list.paging.limit: expected an integer from 1 to 10000, got 0")
        #expect(try error(films("list.paging", ["type": "offset", "offsetParam": "offset", "limitParam": "limit", "limit": "20"]))
            == #"\#(Self.at).list.paging.limit: expected an integer from 1 to 10000, got "20""#)
        #expect(try error(films("list.paging", ["type": "offset", "limitParam": "limit", "limit": 20]))
            == "\(Self.at).list.paging.offsetParam: missing field")
        #expect(try error(films("list.paging", ["type": "page"])) == "\(Self.at).list.paging.param: missing field")
        #expect(try error(films("list.paging", ["type": "page", "param": "page", "size": 10001]))
            == "\(Self.at).list.paging.size: expected an integer from 1 to 10000, got 10001")
        #expect(try error(films("list.paging", ["type": "page", "param": "page", "sizeParam": "rows"]))
            == "\(Self.at).list.paging.size: missing field (sizeParam asks for pages of size rows)")
        #expect(try error(films("list.paging", ["type": "page", "param": "page", "sizeParam": "page", "size": 10]))
            == #"\#(Self.at): paging.param and paging.sizeParam are both "page""#)
        #expect(try error(films("list.paging", ["type": "next", "next": "a..b"]))
            == #"\#(Self.at).list.paging.next: expected a path (keys joined by ".", "[]" after a key for each element of an array, or "$"), not "a..b""#)
    }

    @Test func detailWithBothPathAndFrom() throws {
        #expect(try error(films("detail", ["path": "/films/{id}/", "from": "url"]))
            == #"\#(Self.at).detail: give path or from, not both (path: the record's path with {id}; from: "url")"#)
        #expect(try error(films("detail", ["items": "result"])) == #"\#(Self.at).detail: expected path (the record's path with {id}) or from: "url""#)
        #expect(try error(films("detail", ["from": "id"])) == #"\#(Self.at).detail.from: must be "url", not "id""#)
    }

    @Test func detailPathWithoutIDOrWithDotDot() throws {
        #expect(try error(films("detail.path", "/films/1/")) == #"\#(Self.at).detail.path: must hold {id}, where the record's id goes, not "/films/1/""#)
        #expect(try error(films("detail.path", "/films/../{id}")) == #"\#(Self.at).detail.path: must not hold a ".." segment, not "/films/../{id}""#)
        #expect(try error(films("detail.path", "/films/%2E%2e/{id}")) == #"\#(Self.at).detail.path: must not hold a ".." segment, not "/films/%2E%2e/{id}""#)
        #expect(try error(films("detail.path", "films/{id}")) == #"\#(Self.at).detail.path: expected a path starting with "/" or {id}, not "films/{id}""#)
    }

    @Test func listPathIsAPathUnderTheBaseURL() throws {
        #expect(try error(films("list.path", "https://example.com/films/")) == #"\#(Self.at).list.path: expected a path starting with "/", not "https://example.com/films/""#)
        #expect(try error(films("list.path", "/films/?format=json"))
            == ##"\##(Self.at).list.path: must not hold "?" or "#" (fixed query parameters go in list.params), not "/films/?format=json""##)
        #expect(try error(films("list.path", "/films/#top"))
            == ##"\##(Self.at).list.path: must not hold "?" or "#" (fixed query parameters go in list.params), not "/films/#top""##)
        #expect(try error(films("list.path", "/a/../../etc")) == #"\#(Self.at).list.path: must not hold a ".." segment, not "/a/../../etc""#)
        #expect(try error(films("list.path", "/films\n/")) == #"\#(Self.at).list.path: must not hold spaces or control characters, not "/films\n/""#)
        #expect(try parse(films("list.path", "/a..b/")).list.path == "/a..b/", "two dots inside a segment are a name")
    }

    @Test func columnsNamingAnUnknownField() throws {
        #expect(try error(films("columns", ["episode", "title", "foo"]))
            == #"\#(Self.at).columns[2]: unknown field "foo" (fields: \#(Self.fieldNames))"#)
        #expect(try error(films("sort", ["budget"])) == #"\#(Self.at).sort[0]: unknown field "budget" (fields: \#(Self.fieldNames))"#)
        #expect(try error(films("columns", ["title", "title"])) == #"\#(Self.at).columns[1]: field "title" is listed twice"#)
        #expect(try error(films("columns", ["title", "crawl"])) == #"\#(Self.at).columns[1]: field "crawl" is detailOnly: the list does not show it"#)
        #expect(try error(films("columns", [])) == "\(Self.at).columns: expected at least one field name")
    }

    @Test func toOnATextField() throws {
        #expect(try error(films("fields.1.to", "films")) == #"\#(Self.at).fields[1].to: only a field of type "link" has to (this one is "text")"#)
        #expect(try error(films("fields.0.to", "films")) == #"\#(Self.at).fields[0].to: only a field of type "link" has to (this one is "number")"#)
    }

    @Test func aLinkWithoutTo() throws {
        #expect(try error(films("fields.6.to", nil)) == "\(Self.at).fields[6].to: missing field (a link names the feature its records belong to)")
        #expect(try error(films("fields.6.to", "")) == "\(Self.at).fields[6].to: expected a non-empty string")
    }

    @Test func duplicateFieldNames() throws {
        #expect(try error(films("fields.3.name", "title")) == #"\#(Self.at).fields[3].name: field "title" is declared twice"#)
    }

    @Test(arguments: ["id", "row", "favourite", "feature", "screen", "notes", "warnings", "image_file"])
    func fieldNamesTheJSONHasAlreadyAreRefused(name: String) throws {
        #expect(try error(films("fields.3.name", .string(name)))
            == #"\#(Self.at).fields[3].name: "\#(name)" is a name rows and records have already (row, favourite, id, feature, screen, notes, warnings, image_file): call the field something else"#)
    }

    @Test(arguments: ["Title", "release date", "1st", "-x", "é", String(repeating: "a", count: 41), "#"])
    func fieldNamesAreLowercaseWords(name: String) throws {
        #expect(try error(films("fields.3.name", .string(name)))
            == #"\#(Self.at).fields[3].name: expected a field name (lowercase letters, digits, "_" and "-", starting with a letter, at most 40), not \#(JSONWriter.string(.string(name)))"#)
    }

    @Test func aSortedFieldCannotBeCalledOff() throws {
        let value = try Self.replacing(films("fields.3.name", "off"), ["sort"], with: ["off"])
        #expect(error(value) == #"\#(Self.at).sort[0]: a field called "off" cannot be sorted by (`sort off` turns sorting off)"#)
    }

    @Test func aLinkCannotBeSortedBy() throws {
        #expect(try error(films("sort", ["episode", "characters"]))
            == #"\#(Self.at).sort[1]: field "characters" is a link: rows are sorted by values, not by what they link to"#)
    }

    @Test func authOfAnUnknownType() throws {
        #expect(try error(films("auth", ["type": "basic", "env": "PASSWORD"]))
            == #"\#(Self.at).auth.type: must be "bearer", "header" or "query", not "basic""#)
    }

    @Test func authNamesAndEnvironmentVariables() throws {
        #expect(try error(films("auth", ["type": "header", "env": "KEY"]))
            == "\(Self.at).auth.name: missing field (the header that carries the secret)")
        #expect(try error(films("auth", ["type": "query", "env": "KEY"]))
            == "\(Self.at).auth.name: missing field (the query parameter that carries the secret)")
        #expect(try error(films("auth", ["type": "bearer", "name": "Authorization", "env": "KEY"]))
            == "\(Self.at).auth.name: a bearer token has no name (it goes in the Authorization header)")
        #expect(try error(films("auth", ["type": "header", "name": "X Key", "env": "KEY"]))
            == ##"\##(Self.at).auth.name: expected a header name (letters, digits and !#$%&'*+-.^_`|~), not "X Key""##)
        for env in ["1KEY", "MY-KEY", "KEY=1", "$KEY"] {
            #expect(try error(films("auth", ["type": "bearer", "env": .string(env)]))
                == #"\#(Self.at).auth.env: expected an environment variable name (letters, digits and _, not starting with a digit), not \#(JSONWriter.string(.string(env)))"#)
        }
    }

    @Test func offlineWithBothKeysOrNeither() throws {
        #expect(try error(films("offline", ["embedded": "swapi", "recording": "films.rec"])) == "\(Self.at).offline: give embedded or recording, not both")
        #expect(try error(films("offline", [:])) == "\(Self.at).offline: expected embedded (the name of data compiled in) or recording (a file)")
        #expect(try error(films("offline", ["recording": ""])) == "\(Self.at).offline.recording: expected a non-empty string")
        #expect(try error(films("offline", ["embedded": "../swapi"]))
            == #"\#(Self.at).offline.embedded: expected the name of embedded data (lowercase letters, digits, "-" and "_"), not "../swapi""#)
    }

    @Test func aFixedParameterCannotBeOneTheListSets() throws {
        #expect(try error(films("list.params", ["search": "x"])) == #"\#(Self.at).list.params.search: "search" is set by search.param; a fixed parameter cannot set it too"#)
        let offset = try Self.replacing(films("list.params", ["limit": 5]), ["list", "paging"],
                                        with: ["type": "offset", "offsetParam": "offset", "limitParam": "limit", "limit": 20])
        #expect(error(offset) == #"\#(Self.at).list.params.limit: "limit" is set by paging.limitParam; a fixed parameter cannot set it too"#)
    }

    @Test func badPathsAnywhere() throws {
        let malformed = #"expected a path (keys joined by ".", "[]" after a key for each element of an array, or "$"), not"#
        #expect(try error(films("name", "title.")) == #"\#(Self.at).name: \#(malformed) "title.""#)
        #expect(try error(films("list.items", "results[0]")) == #"\#(Self.at).list.items: \#(malformed) "results[0]""#)
        #expect(try error(films("id.field", "")) == "\(Self.at).id.field: expected a non-empty string")
        #expect(try error(films("fields.4.path", "[]")) == #"\#(Self.at).fields[4].path: \#(malformed) "[]""#)
        #expect(try error(films("detail.items", "a[][]")) == #"\#(Self.at).detail.items: \#(malformed) "a[][]""#)
    }

    @Test func whatIsShownOfAHostileValueIsSafe() throws {
        let message = try #require(error(films("list.paging.type", "\u{1B}[2J\u{202E}cursor")))
        #expect(message == #"\#(Self.at).list.paging.type: must be "next", "page", "offset", "link" or "none", not "\u001b[2J\u202ecursor""#)
    }
}
