import ExplorerText

extension FeatureDescription {
    /// The keys a `describe` object may have.
    public static let keys = ["title", "list", "detail", "id", "name", "columns", "fields", "sort", "search", "auth", "offline"]

    /// The names a row's or a record's JSON has already (a row's `row`, `favourite` and `id`; a
    /// detail's `feature`, `screen`, `notes`, `warnings` and `image_file` too), which no field
    /// may take: its value would overwrite theirs.
    public static let reservedFieldNames = ["row", "favourite", "id", "feature", "screen", "notes", "warnings", "image_file"]

    /// Reads the `describe` object `value`, found at `path` (`$.features[7].describe`) of
    /// `file`, checking every key: its type, its values, and that what names a field names a
    /// declared one. Anything it does not know is refused, with the JSON path of the key and
    /// what it accepts.
    public static func parse(_ value: JSONValue, path: String, file: String) throws(ConfigError) -> FeatureDescription {
        let object = try ConfigObject(value, path: path, file: file)
        try object.allowOnly(keys)
        let title = try object.string("title")
        let list = try Self.list(object.object("list"))
        let detail = object.has("detail") ? try Self.detail(object.object("detail")) : nil
        let id = try Self.identity(object.object("id"))
        let name = try jsonPath(object, "name")
        let fields = try Self.fields(object)
        let columns: [String]
        if object.has("columns") {
            columns = try fieldNames(object, "columns", of: fields, inList: true)
        } else {
            columns = fields.filter { !$0.detailOnly }.map { $0.name }
        }
        let sort = object.has("sort") ? try fieldNames(object, "sort", of: fields, inList: false) : []
        if let index = sort.firstIndex(where: { ["off", "none"].contains($0) }) {
            throw ConfigError(file: file, path: object.path(of: "sort", at: index),
                              message: "a field called \(SettingSpec.shown(.string(sort[index]))) cannot be sorted by (`sort \(sort[index])` turns sorting off)")
        }
        if let index = sort.firstIndex(where: { name in fields.first { $0.name == name }?.type == .link }) {
            throw ConfigError(file: file, path: object.path(of: "sort", at: index),
                              message: "field \(SettingSpec.shown(.string(sort[index]))) is a link: rows are sorted by values, not by what they link to")
        }
        var search: Search?
        if let searchObject = try object.optionalObject("search") {
            try searchObject.allowOnly(["param"])
            search = Search(param: try parameterName(searchObject, "param"))
        }
        let auth = try object.optionalObject("auth").map(Self.auth)
        let offline = try object.optionalObject("offline").map(Self.offline)
        let description = FeatureDescription(title: title, list: list, detail: detail, id: id, name: name, columns: columns,
                                             fields: fields, sort: sort, search: search, auth: auth, offline: offline)
        try checkFixedParameters(of: description, in: object)
        return description
    }

    // MARK: Parts

    private static func list(_ object: ConfigObject) throws(ConfigError) -> List {
        try object.allowOnly(["path", "params", "items", "paging"])
        let path = try requestPath(object, "path", needsID: false)
        var params: [Parameter] = []
        if let paramsObject = try object.optionalObject("params") {
            for member in paramsObject.members {
                guard isParameterName(member.key) else {
                    throw paramsObject.error(member.key, "expected a parameter name (not empty, no control characters)")
                }
                let text: String
                switch member.value {
                case .string(let value): text = value
                case .int(let number): text = String(number)
                case .double(let number): text = JSONWriter.string(.double(number))
                case .bool(let flag): text = flag ? "true" : "false"
                default: throw paramsObject.error(member.key, "expected a string, a number or true/false")
                }
                params.append(Parameter(member.key, text))
            }
        }
        let items = try jsonPath(object, "items")
        let paging = try Self.paging(object.object("paging"))
        return List(path: path, params: params, items: items, paging: paging)
    }

    private static func paging(_ object: ConfigObject) throws(ConfigError) -> Paging {
        switch try object.choice("type", ["next", "page", "offset", "link", "none"]) {
        case "next":
            try object.allowOnly(["type", "next", "total"])
            return .next(next: try jsonPath(object, "next"), total: try optionalJSONPath(object, "total"))
        case "page":
            try object.allowOnly(["type", "param", "start", "sizeParam", "size", "total"])
            let param = try parameterName(object, "param")
            let start = try object.optionalInt("start", in: 0...1_000_000) ?? 1
            let sizeParam = object.has("sizeParam") ? try parameterName(object, "sizeParam") : nil
            let size = try object.optionalInt("size", in: 1...10_000)
            if sizeParam != nil, size == nil {
                throw object.error("size", "missing field (sizeParam asks for pages of size rows)")
            }
            return .page(param: param, start: start, sizeParam: sizeParam, size: size, total: try optionalJSONPath(object, "total"))
        case "offset":
            try object.allowOnly(["type", "offsetParam", "limitParam", "limit", "total"])
            let offsetParam = try parameterName(object, "offsetParam")
            let limitParam = try parameterName(object, "limitParam")
            let limit = try object.int("limit", in: 1...10_000)
            return .offset(offsetParam: offsetParam, limitParam: limitParam, limit: limit, total: try optionalJSONPath(object, "total"))
        case "link":
            try object.allowOnly(["type"])
            return .link
        default:
            try object.allowOnly(["type"])
            return .none
        }
    }

    private static func detail(_ object: ConfigObject) throws(ConfigError) -> Detail {
        try object.allowOnly(["path", "from", "items"])
        let source: Detail.Source
        switch (object.has("path"), object.has("from")) {
        case (true, true):
            throw object.error(nil, "give path or from, not both (path: the record's path with {id}; from: \"url\")")
        case (true, false):
            source = .path(try requestPath(object, "path", needsID: true))
        case (false, true):
            _ = try object.choice("from", ["url"])
            source = .url
        case (false, false):
            throw object.error(nil, "expected path (the record's path with {id}) or from: \"url\"")
        }
        return Detail(source: source, items: try optionalJSONPath(object, "items") ?? .root)
    }

    private static func identity(_ object: ConfigObject) throws(ConfigError) -> Identity {
        try object.allowOnly(["field", "take"])
        let field = try jsonPath(object, "field")
        let take = object.has("take") ? try object.choice("take", ["value", "lastPathSegment"]) : "value"
        return Identity(field: field, take: take == "value" ? .value : .lastPathSegment)
    }

    private static func fields(_ object: ConfigObject) throws(ConfigError) -> [Field] {
        let objects = try object.objects("fields")
        guard !objects.isEmpty else { throw object.error("fields", "expected at least one field") }
        var fields: [Field] = []
        for field in objects {
            try field.allowOnly(["name", "path", "type", "unknown", "filter", "detailOnly", "to"])
            let name = try field.string("name")
            if let problem = fieldNameProblem(name) { throw field.error("name", problem) }
            guard !fields.contains(where: { $0.name == name }) else {
                throw field.error("name", "field \(SettingSpec.shown(.string(name))) is declared twice")
            }
            let path = try jsonPath(field, "path")
            let typeName = field.has("type") ? try field.choice("type", Field.Kind.names) : "text"
            let type = Field.Kind(rawValue: typeName) ?? .text
            let unknown = field.has("unknown") ? try field.strings("unknown", allowEmpty: true) : Field.defaultUnknown
            let filter = try field.bool("filter", default: false)
            let detailOnly = try field.bool("detailOnly", default: false)
            var to: String?
            if type == .link {
                guard field.has("to") else {
                    throw field.error("to", "missing field (a link names the feature its records belong to)")
                }
                to = try field.string("to")
            } else if field.has("to") {
                throw field.error("to", "only a field of type \"link\" has to (this one is \"\(type.rawValue)\")")
            }
            fields.append(Field(name: name, path: path, type: type, unknown: unknown, filter: filter, detailOnly: detailOnly, to: to))
        }
        return fields
    }

    private static func auth(_ object: ConfigObject) throws(ConfigError) -> Auth {
        try object.allowOnly(["type", "name", "env", "file", "optional"])
        let type = Auth.Kind(rawValue: try object.choice("type", ["bearer", "header", "query"])) ?? .bearer
        var name: String?
        switch type {
        case .bearer:
            if object.has("name") {
                throw object.error("name", "a bearer token has no name (it goes in the Authorization header)")
            }
        case .header:
            guard object.has("name") else { throw object.error("name", "missing field (the header that carries the secret)") }
            let header = try object.string("name")
            guard header.utf8.count <= 100, header.unicodeScalars.allSatisfy(isTokenScalar) else {
                throw object.error("name", "expected a header name (letters, digits and !#$%&'*+-.^_`|~), not \(SettingSpec.shown(.string(header)))")
            }
            name = header
        case .query:
            guard object.has("name") else { throw object.error("name", "missing field (the query parameter that carries the secret)") }
            name = try parameterName(object, "name")
        }
        let env = try object.string("env")
        guard isEnvironmentName(env) else {
            throw object.error("env", "expected an environment variable name (letters, digits and _, not starting with a digit), not \(SettingSpec.shown(.string(env)))")
        }
        let file = try object.optionalString("file")
        if let file, file.unicodeScalars.contains(where: isControl) {
            throw object.error("file", "expected a file path, not \(SettingSpec.shown(.string(file)))")
        }
        let optional = try object.bool("optional", default: false)
        return Auth(type: type, name: name, env: env, file: file, optional: optional)
    }

    private static func offline(_ object: ConfigObject) throws(ConfigError) -> Offline {
        try object.allowOnly(["embedded", "recording"])
        switch (object.has("embedded"), object.has("recording")) {
        case (true, true):
            throw object.error(nil, "give embedded or recording, not both")
        case (true, false):
            let name = try object.string("embedded")
            guard name.utf8.count <= 40, name.unicodeScalars.allSatisfy({ isLowercaseWordScalar($0) || $0 == "_" }) else {
                throw object.error("embedded", "expected the name of embedded data (lowercase letters, digits, \"-\" and \"_\"), not \(SettingSpec.shown(.string(name)))")
            }
            return .embedded(name)
        case (false, true):
            // The path is kept as written: it is resolved against the Plugins.json's folder when
            // it is used.
            let file = try object.string("recording")
            if file.unicodeScalars.contains(where: isControl) {
                throw object.error("recording", "expected a file path, not \(SettingSpec.shown(.string(file)))")
            }
            return .recording(file)
        case (false, false):
            throw object.error(nil, "expected embedded (the name of data compiled in) or recording (a file)")
        }
    }

    // MARK: Checks

    /// The names of fields in the array `key` (`columns`, `sort`): each declared, each once;
    /// in a list's columns, none of a field shown only in the detail.
    private static func fieldNames(_ object: ConfigObject, _ key: String, of fields: [Field], inList: Bool) throws(ConfigError) -> [String] {
        let names = try object.strings(key)
        if inList, names.isEmpty { throw object.error(key, "expected at least one field name") }
        for (index, name) in names.enumerated() {
            var path: String { object.path(of: key, at: index) }
            guard let field = fields.first(where: { $0.name == name }) else {
                throw ConfigError(file: object.file, path: path,
                                  message: "unknown field \(SettingSpec.shown(.string(name))) (fields: \(fields.map(\.name).joined(separator: ", ")))")
            }
            guard !names[..<index].contains(name) else {
                throw ConfigError(file: object.file, path: path, message: "field \(SettingSpec.shown(.string(name))) is listed twice")
            }
            if inList, field.detailOnly {
                throw ConfigError(file: object.file, path: path, message: "field \(SettingSpec.shown(.string(name))) is detailOnly: the list does not show it")
            }
        }
        return names
    }

    /// A fixed parameter of the list may not be one the list sets itself: paging's, search's or
    /// the secret's.
    private static func checkFixedParameters(of description: FeatureDescription, in object: ConfigObject) throws(ConfigError) {
        var set: [(name: String, by: String)] = []
        switch description.list.paging {
        case .page(let param, _, let sizeParam, _, _):
            set.append((param, "paging.param"))
            if let sizeParam { set.append((sizeParam, "paging.sizeParam")) }
        case .offset(let offsetParam, let limitParam, _, _):
            set += [(offsetParam, "paging.offsetParam"), (limitParam, "paging.limitParam")]
        case .next, .link, .none:
            break
        }
        if let search = description.search { set.append((search.param, "search.param")) }
        if let auth = description.auth, auth.type == .query, let name = auth.name { set.append((name, "auth.name")) }
        let params = "\(object.path(of: "list")).params"
        for parameter in description.list.params {
            if let other = set.first(where: { $0.name == parameter.name }) {
                throw ConfigError(file: object.file, path: StrictJSON.member(parameter.name, of: params),
                                  message: "\(SettingSpec.shown(.string(parameter.name))) is set by \(other.by); a fixed parameter cannot set it too")
            }
        }
        for (index, first) in set.enumerated() {
            if let other = set[(index + 1)...].first(where: { $0.name == first.name }) {
                throw ConfigError(file: object.file, path: object.path,
                                  message: "\(first.by) and \(other.by) are both \(SettingSpec.shown(.string(first.name)))")
            }
        }
    }

    /// Why `name` cannot be a field's name, or nil.
    static func fieldNameProblem(_ name: String) -> String? {
        var shown: String { SettingSpec.shown(.string(name)) }
        guard name.utf8.count <= 40, name.utf8.first.map({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }) == true,
              name.utf8.allSatisfy({ isLowercaseWordByte($0) || $0 == UInt8(ascii: "_") }) else {
            return "expected a field name (lowercase letters, digits, \"_\" and \"-\", starting with a letter, at most 40), not \(shown)"
        }
        if reservedFieldNames.contains(name) {
            return "\(shown) is a name rows and records have already (\(reservedFieldNames.joined(separator: ", "))): call the field something else"
        }
        return nil
    }

    private static func jsonPath(_ object: ConfigObject, _ key: String) throws(ConfigError) -> JSONPath {
        let text = try object.string(key)
        guard let path = JSONPath.parse(text) else {
            throw object.error(key, "expected a path (keys joined by \".\", \"[]\" after a key for each element of an array, or \"$\"), not \(SettingSpec.shown(.string(text)))")
        }
        return path
    }

    private static func optionalJSONPath(_ object: ConfigObject, _ key: String) throws(ConfigError) -> JSONPath? {
        object.has(key) ? try jsonPath(object, key) : nil
    }

    /// A path under the base URL: starting with `/` (or, for a detail, with `{id}` when ids are
    /// paths themselves: Open Library's `/works/OL45W`), without `..` segments, `?`, `#`,
    /// spaces or control characters; with `{id}` when `needsID`.
    private static func requestPath(_ object: ConfigObject, _ key: String, needsID: Bool) throws(ConfigError) -> String {
        let text = try object.string(key)
        var shown: String { SettingSpec.shown(.string(text)) }
        guard text.hasPrefix("/") || (needsID && text.hasPrefix("{id}")) else {
            throw object.error(key, "expected a path starting with \"/\"\(needsID ? " or {id}" : ""), not \(shown)")
        }
        guard !text.utf8.contains(UInt8(ascii: "?")), !text.utf8.contains(UInt8(ascii: "#")) else {
            throw object.error(key, "must not hold \"?\" or \"#\" (fixed query parameters go in list.params), not \(shown)")
        }
        guard !text.unicodeScalars.contains(where: { isControl($0) || $0 == " " }) else {
            throw object.error(key, "must not hold spaces or control characters, not \(shown)")
        }
        let dotDot = text.utf8.split(separator: UInt8(ascii: "/")).contains { segment in
            ["..", ".%2e", "%2e.", "%2e%2e"].contains { $0.utf8.elementsEqual(segment.lazy.map(Self.lowercased)) }
        }
        guard !dotDot else { throw object.error(key, "must not hold a \"..\" segment, not \(shown)") }
        if needsID, !text.utf8.indices.contains(where: { text.utf8[$0...].starts(with: "{id}".utf8) }) {
            throw object.error(key, "must hold {id}, where the record's id goes, not \(shown)")
        }
        return text
    }

    private static func parameterName(_ object: ConfigObject, _ key: String) throws(ConfigError) -> String {
        let name = try object.string(key)
        guard isParameterName(name) else {
            throw object.error(key, "expected a parameter name (not empty, no control characters), not \(SettingSpec.shown(.string(name)))")
        }
        return name
    }

    private static func isParameterName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 100 && !name.unicodeScalars.contains(where: isControl)
    }

    private static func isEnvironmentName(_ name: String) -> Bool {
        guard name.utf8.count <= 100, let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// An ASCII letter in lower case; any other byte as it is.
    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// `a`–`z`, `0`–`9` and `-`.
    static func isLowercaseWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && isLowercaseWordByte(UInt8(scalar.value))
    }

    /// `a`–`z`, `0`–`9` and `-`, in UTF-8.
    static func isLowercaseWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"): true
        default: false
        }
    }

    /// A character of an HTTP token (RFC 9110), as header names are made of.
    private static func isTokenScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
    }
}
