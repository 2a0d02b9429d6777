import ExplorerClock
import ExplorerHTTP
import ExplorerText
import Foundation

/// Plugins.json: which features exist, in which order, where their live data comes from.
///
/// ```json
/// { "source": "embedded",
///   "features": [ { "id": "starships", "enabled": true, "baseURL": "https://swapi.dev/api",
///                   "settings": { } } ] }
/// ```
public struct PluginsConfig: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var id: String
        public var isEnabled: Bool
        public var baseURL: URL
        public var settings: JSONValue
        /// What a described feature is, read from its `describe` object (the compiled-in
        /// Plugins.json holds it as a value, as scripts/embed-data reads it, so starting reads
        /// no description); nil for a feature written in Swift.
        public var description: FeatureDescription?

        public init(id: String, isEnabled: Bool, baseURL: URL, settings: JSONValue, description: FeatureDescription? = nil) {
            self.id = id
            self.isEnabled = isEnabled
            self.baseURL = baseURL
            self.settings = settings
            self.description = description
        }

        /// Whether the entry is a described feature rather than one written in Swift.
        public var isDescribed: Bool { description != nil }
    }

    public init(source: DataSource, features: [Entry]) {
        self.source = source
        self.features = features
    }

    public var source: DataSource
    public var features: [Entry]

    /// Parses and validates `data` for the features this binary has: each feature's `settings`
    /// must be among those its descriptor declares, with values they accept. `file` names the
    /// file in errors.
    public static func parse(_ data: Data, file: String, features: [FeatureDescriptor]) throws(ConfigError) -> PluginsConfig {
        let schemas = settings(of: features)
        return try parse(data, file: file, knownIDs: Set(schemas.keys), settings: schemas, records: recordOwners(of: features))
    }

    /// Parses and validates `data`; `file` names the file in errors. `knownIDs` are the
    /// feature ids this binary has; `settings`, when given, the settings each of them takes
    /// (without it any object is taken); `records`, the kinds of record a feature shows under
    /// another name than its id (`people` → `characters`), which no described feature may take.
    public static func parse(_ data: Data, file: String, knownIDs: Set<String>,
                             settings schemas: [String: [SettingSpec]]? = nil,
                             records: [String: String] = [:]) throws(ConfigError) -> PluginsConfig {
        // Read once, each object's members in order (a description's fixed parameters keep
        // theirs), and held to the standard. What the reader refuses, JSONSerialization says
        // where (line and column), or StrictJSON: a trailing comma, a key given twice, and what
        // the standard does not allow.
        let text = data.starts(with: [0xEF, 0xBB, 0xBF]) ? Data(data.dropFirst(3)) : data
        let read = JSONReader.strictValue(text)
        if read == nil {
            do {
                _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            } catch {
                throw ConfigError(file: file, path: "$", message: "malformed JSON (\(Self.locate(error, in: data)))")
            }
            switch StrictJSON.firstProblem(in: data) {
            case nil: break
            case .duplicateKey(let path)?:
                throw ConfigError(file: file, path: path, message: "duplicate key (each key may appear once in an object)")
            case .malformed(let what, let offset)?:
                throw ConfigError(file: file, path: "$", message: "malformed JSON (\(what) at \(Self.position(offset, in: data)))")
            }
        }
        guard case .object(let object)? = read else {
            throw ConfigError(file: file, path: "$", message: read == nil ? "malformed JSON" : "expected an object")
        }
        for key in object.keys.sorted() where !["source", "features"].contains(key) {
            throw ConfigError(file: file, path: StrictJSON.member(key, of: "$"), message: "unknown field (expected source, features)")
        }
        let sourceText = try string(object, "source", path: "$", file: file)
        guard let source = DataSource(rawValue: sourceText) else {
            throw ConfigError(file: file, path: "$.source", message: "must be \"embedded\" or \"live\", not \(SettingSpec.shown(.string(sourceText)))")
        }
        guard let featuresValue = object["features"] else {
            throw ConfigError(file: file, path: "$.features", message: "missing field")
        }
        guard case .array(let list) = featuresValue else {
            throw ConfigError(file: file, path: "$.features", message: "expected an array")
        }
        var entries: [Entry] = []
        var seen: Set<String> = []
        for (index, item) in list.enumerated() {
            let path = "$.features[\(index)]"
            guard case .object(let feature) = item else {
                throw ConfigError(file: file, path: path, message: "expected an object")
            }
            for key in feature.keys.sorted() where !["id", "enabled", "baseURL", "settings", "describe"].contains(key) {
                throw ConfigError(file: file, path: StrictJSON.member(key, of: path), message: "unknown field (expected id, enabled, baseURL, settings, describe)")
            }
            let id = try string(feature, "id", path: path, file: file)
            let describedValue = feature["describe"]
            try checkID(id, described: describedValue != nil, seen: &seen, knownIDs: knownIDs, records: records, path: path, file: file)
            guard let enabledValue = feature["enabled"] else {
                throw ConfigError(file: file, path: "\(path).enabled", message: "missing field")
            }
            guard case .bool(let enabled) = enabledValue else {
                throw ConfigError(file: file, path: "\(path).enabled", message: "expected true or false")
            }
            let urlText = try string(feature, "baseURL", path: path, file: file)
            guard let url = URL(string: urlText), isHTTPURL(url) else { throw notHTTPURL(urlText, path: path, file: file) }
            var settings = JSONValue.object([:])
            if let settingsValue = feature["settings"] {
                guard case .object(let members) = settingsValue else {
                    throw ConfigError(file: file, path: "\(path).settings", message: "expected an object")
                }
                // A whole number is an integer however it is written (`50.0`, `5e1`).
                settings = .object(JSONObject(members.map { member in
                    (member.key, member.value.intValue.map(JSONValue.int) ?? member.value)
                }))
            }
            var description: FeatureDescription?
            if let describedValue {
                try check(settings, against: PagedListSettings.all, feature: id, path: "\(path).settings", file: file)
                description = try FeatureDescription.parse(describedValue, path: "\(path).describe", file: file)
            } else if let specs = schemas?[id] {
                try check(settings, against: specs, feature: id, path: "\(path).settings", file: file)
            }
            entries.append(Entry(id: id, isEnabled: enabled, baseURL: url, settings: settings, description: description))
        }
        try checkLinks(of: entries, knownIDs: knownIDs, file: file)
        return PluginsConfig(source: source, features: entries)
    }

    /// Whether `url` is an absolute http(s) URL with a host, and a port from 1 to 65535 if any.
    public static func isHTTPURL(_ url: URL) -> Bool {
        guard url.isWeb, let host = url.host, !host.isEmpty else { return false }
        return url.port.map { (1...65535).contains($0) } ?? true
    }

    /// The checks ``parse(_:file:features:)`` makes of a file's entries, made of a configuration
    /// built in code (the built-in Plugins.json, compiled in as a value): each feature one this
    /// binary has, listed once, with an http(s) base URL and settings its descriptor declares.
    ///
    /// A described entry's description is a value already (scripts/embed-data wrote it as the
    /// parser reads the file, which a test holds it to); its settings and links are checked.
    public func validated(for features: [FeatureDescriptor], file: String) throws(ConfigError) -> PluginsConfig {
        let schemas = Self.settings(of: features)
        let knownIDs = Set(schemas.keys), records = Self.recordOwners(of: features)
        var seen: Set<String> = []
        for (index, entry) in self.features.enumerated() {
            let path = "$.features[\(index)]"
            try Self.checkID(entry.id, described: entry.isDescribed, seen: &seen, knownIDs: knownIDs, records: records,
                             path: path, file: file)
            guard Self.isHTTPURL(entry.baseURL) else { throw Self.notHTTPURL(entry.baseURL.absoluteString, path: path, file: file) }
            guard case .object = entry.settings else {
                throw ConfigError(file: file, path: "\(path).settings", message: "expected an object")
            }
            if entry.isDescribed {
                try Self.check(entry.settings, against: PagedListSettings.all, feature: entry.id, path: "\(path).settings", file: file)
            } else if let specs = schemas[entry.id] {
                try Self.check(entry.settings, against: specs, feature: entry.id, path: "\(path).settings", file: file)
            }
        }
        try Self.checkLinks(of: self.features, knownIDs: knownIDs, file: file)
        return self
    }

    /// The kinds of record features show under another name than their id, each with the
    /// feature that shows them: `people` → `characters`.
    static func recordOwners(of features: [FeatureDescriptor]) -> [String: String] {
        let ids = Set(features.map { $0.id })
        var owners: [String: String] = [:]
        for feature in features {
            for kind in feature.records where !ids.contains(kind) && owners[kind] == nil { owners[kind] = feature.id }
        }
        return owners
    }

    /// The settings each feature takes, by id.
    private static func settings(of features: [FeatureDescriptor]) -> [String: [SettingSpec]] {
        Dictionary(features.map { ($0.id, $0.settings) }, uniquingKeysWith: { first, _ in first })
    }

    /// A feature written in Swift must be one this binary has; a described one must not be
    /// (it cannot replace one), nor a kind of record another shows (`people`: a link to one
    /// would open in that feature), and has an id of lowercase letters, digits and `-`.
    private static func checkID(_ id: String, described: Bool, seen: inout Set<String>, knownIDs: Set<String>,
                                records: [String: String], path: String, file: String) throws(ConfigError) {
        var shown: String { SettingSpec.shown(.string(id)) }
        if described {
            guard !knownIDs.contains(id) else {
                throw ConfigError(file: file, path: "\(path).id", message: "\(shown) is a built-in feature: a described feature needs an id of its own")
            }
            if let owner = records[id] {
                throw ConfigError(file: file, path: "\(path).id",
                                  message: "\(shown) names the records \(owner) shows (links to them open there): a described feature needs an id of its own")
            }
            guard id.utf8.count <= 30, id.unicodeScalars.first.map({ ("a"..."z").contains($0) }) == true,
                  id.unicodeScalars.allSatisfy(FeatureDescription.isLowercaseWordScalar) else {
                throw ConfigError(file: file, path: "\(path).id", message: "expected a feature id (lowercase letters, digits and \"-\", starting with a letter, at most 30), not \(shown)")
            }
        } else if !knownIDs.contains(id) {
            throw ConfigError(file: file, path: "\(path).id", message: "unknown feature \(shown) (known: \(knownIDs.sorted().joined(separator: ", ")))")
        }
        guard seen.insert(id).inserted else {
            throw ConfigError(file: file, path: "\(path).id", message: "feature \(SettingSpec.shown(.string(id))) is listed twice")
        }
    }

    /// Every link of a described feature names a feature: one this binary has, or one the
    /// configuration describes.
    private static func checkLinks(of entries: [Entry], knownIDs: Set<String>, file: String) throws(ConfigError) {
        let ids = knownIDs.union(entries.map { $0.id })
        for (index, entry) in entries.enumerated() {
            guard let fields = entry.description?.fields else { continue }
            for (number, field) in fields.enumerated() {
                guard let target = field.to, !ids.contains(target) else { continue }
                throw ConfigError(file: file, path: "$.features[\(index)].describe.fields[\(number)].to",
                                  message: "unknown feature \(SettingSpec.shown(.string(target))) (known: \(ids.sorted().joined(separator: ", ")))")
            }
        }
    }

    private static func notHTTPURL(_ text: String, path: String, file: String) -> ConfigError {
        ConfigError(file: file, path: "\(path).baseURL", message: "expected an http(s) URL, not \(SettingSpec.shown(.string(text)))")
    }

    /// Every setting must be one `specs` declares, with a value it accepts.
    private static func check(_ settings: JSONValue, against specs: [SettingSpec], feature: String,
                              path: String, file: String) throws(ConfigError) {
        guard case .object(let object) = settings else { return }
        for key in object.keys.sorted() {
            let keyPath = StrictJSON.member(key, of: path)
            guard let spec = specs.first(where: { $0.name == key }) else {
                let known = specs.isEmpty ? "\(feature) takes none" : "\(feature) takes \(specs.map(\.name).joined(separator: ", "))"
                throw ConfigError(file: file, path: keyPath, message: "unknown setting (\(known))")
            }
            if let value = object[key], let problem = spec.problem(with: value) {
                throw ConfigError(file: file, path: keyPath, message: problem)
            }
        }
    }

    private static func string(_ object: JSONObject, _ key: String, path: String, file: String) throws(ConfigError) -> String {
        guard let value = object[key] else {
            throw ConfigError(file: file, path: "\(path).\(key)", message: "missing field")
        }
        guard case .string(let text) = value else {
            throw ConfigError(file: file, path: "\(path).\(key)", message: "expected a string")
        }
        return text
    }

    /// "line 3, column 7", from the character offset the parser reports.
    private static func locate(_ error: Error, in data: Data) -> String {
        let text = String(decoding: data, as: UTF8.self)
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return "the file is empty" }
        let debug = (error as NSError).userInfo["NSDebugDescription"] as? String ?? ""
        let offset: Int
        var prefix = ""
        if debug.lowercased().contains("end of file") {
            offset = data.count
            prefix = "unexpected end of file at "
        } else if let range = debug.range(of: #"character (\d+)"#, options: .regularExpression),
                  let character = Int(debug[range].dropFirst("character ".count)) {
            offset = character
        } else {
            return debug.isEmpty ? "cannot be parsed" : debug
        }
        return prefix + position(offset, in: data)
    }

    /// "line 3, column 7", from an offset in UTF-8 bytes.
    private static func position(_ offset: Int, in data: Data) -> String {
        // The offset counts UTF-8 bytes; columns count characters (continuation bytes and the
        // CR of a CRLF do not start one).
        var line = 1, column = 1
        for (index, byte) in data.enumerated() {
            if index >= offset { break }
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 && byte != UInt8(ascii: "\r") {
                column += 1
            }
        }
        return "line \(line), column \(column)"
    }
}
