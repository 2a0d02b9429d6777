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
    }

    public var source: DataSource
    public var features: [Entry]

    /// Parses and validates `data`; `file` names the file in errors. `knownIDs` are the
    /// feature ids this binary has.
    public static func parse(_ data: Data, file: String, knownIDs: Set<String>) throws(ConfigError) -> PluginsConfig {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw ConfigError(file: file, path: "$", message: "malformed JSON (\(Self.locate(error, in: data)))")
        }
        guard let object = root as? [String: Any] else {
            throw ConfigError(file: file, path: "$", message: "expected an object")
        }
        for key in object.keys where !["source", "features"].contains(key) {
            throw ConfigError(file: file, path: "$.\(key)", message: "unknown field (expected source, features)")
        }
        let sourceText = try string(object, "source", path: "$", file: file)
        guard let source = DataSource(rawValue: sourceText) else {
            throw ConfigError(file: file, path: "$.source", message: "must be \"embedded\" or \"live\", not \"\(sourceText)\"")
        }
        guard let featuresValue = object["features"] else {
            throw ConfigError(file: file, path: "$.features", message: "missing field")
        }
        guard let list = featuresValue as? [Any] else {
            throw ConfigError(file: file, path: "$.features", message: "expected an array")
        }
        var entries: [Entry] = []
        var seen: Set<String> = []
        for (index, item) in list.enumerated() {
            let path = "$.features[\(index)]"
            guard let feature = item as? [String: Any] else {
                throw ConfigError(file: file, path: path, message: "expected an object")
            }
            for key in feature.keys where !["id", "enabled", "baseURL", "settings"].contains(key) {
                throw ConfigError(file: file, path: "\(path).\(key)", message: "unknown field (expected id, enabled, baseURL, settings)")
            }
            let id = try string(feature, "id", path: path, file: file)
            guard knownIDs.contains(id) else {
                throw ConfigError(file: file, path: "\(path).id", message: "unknown feature \"\(id)\" (known: \(knownIDs.sorted().joined(separator: ", ")))")
            }
            guard seen.insert(id).inserted else {
                throw ConfigError(file: file, path: "\(path).id", message: "feature \"\(id)\" is listed twice")
            }
            guard let enabledValue = feature["enabled"] else {
                throw ConfigError(file: file, path: "\(path).enabled", message: "missing field")
            }
            guard let enabled = enabledValue as? Bool, isJSONBoolean(enabledValue) else {
                throw ConfigError(file: file, path: "\(path).enabled", message: "expected true or false")
            }
            let urlText = try string(feature, "baseURL", path: path, file: file)
            guard let url = URL(string: urlText), let scheme = url.scheme?.lowercased(),
                  ["http", "https"].contains(scheme), url.host != nil else {
                throw ConfigError(file: file, path: "\(path).baseURL", message: "expected an http(s) URL, not \"\(urlText)\"")
            }
            var settings = JSONValue.object([:])
            if let settingsValue = feature["settings"] {
                guard settingsValue is [String: Any],
                      let settingsData = try? JSONSerialization.data(withJSONObject: settingsValue),
                      let decoded = try? JSONDecoder().decode(JSONValue.self, from: settingsData) else {
                    throw ConfigError(file: file, path: "\(path).settings", message: "expected an object")
                }
                settings = decoded
            }
            entries.append(Entry(id: id, isEnabled: enabled, baseURL: url, settings: settings))
        }
        return PluginsConfig(source: source, features: entries)
    }

    private static func string(_ object: [String: Any], _ key: String, path: String, file: String) throws(ConfigError) -> String {
        guard let value = object[key] else {
            throw ConfigError(file: file, path: "\(path).\(key)", message: "missing field")
        }
        guard let text = value as? String else {
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
        return "\(prefix)line \(line), column \(column)"
    }
}

/// JSONSerialization gives NSNumber for both numbers and booleans; only a real boolean counts.
private func isJSONBoolean(_ value: Any) -> Bool {
    guard let number = value as? NSNumber else { return false }
    return String(cString: number.objCType) == "c"
}
