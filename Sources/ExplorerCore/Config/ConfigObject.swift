import ExplorerText

/// An object of a configuration file being read, with where it is (a JSON path such as
/// `$.features[2].describe.list`) and in which file: its members are read through it, so that
/// every problem is a ``ConfigError`` naming the member and what it accepts.
struct ConfigObject {
    let members: JSONObject
    let location: Location
    let file: String

    /// `value` as an object found at `path`; a ConfigError when it is not one.
    init(_ value: JSONValue, path: String, file: String) throws(ConfigError) {
        try self.init(value, location: .path(path), file: file)
    }

    init(_ value: JSONValue, location: Location, file: String) throws(ConfigError) {
        guard case .object(let members) = value else {
            throw ConfigError(file: file, path: location.path, message: "expected an object")
        }
        self.members = members
        self.location = location
        self.file = file
    }

    /// The JSON path of this object.
    var path: String { location.path }

    /// The JSON path of the member `key`.
    func path(of key: String) -> String {
        Location.member(location, key).path
    }

    /// The JSON path of element `index` of the array member `key`.
    func path(of key: String, at index: Int) -> String {
        Location.element(location, key, index).path
    }

    /// A problem with the member `key`, or with the object itself when `key` is nil.
    func error(_ key: String?, _ message: String) -> ConfigError {
        ConfigError(file: file, path: key.map(path(of:)) ?? path, message: message)
    }

    func has(_ key: String) -> Bool {
        members[key] != nil
    }

    /// Refuses the first member, in the order written, that is not one of `keys`.
    func allowOnly(_ keys: [String]) throws(ConfigError) {
        for member in members where !keys.contains(member.key) {
            throw error(member.key, "unknown field (expected \(keys.joined(separator: ", ")))")
        }
    }

    func value(_ key: String) throws(ConfigError) -> JSONValue {
        guard let value = members[key] else { throw error(key, "missing field") }
        return value
    }

    // MARK: Members of a kind

    func object(_ key: String) throws(ConfigError) -> ConfigObject {
        try ConfigObject(value(key), location: .member(location, key), file: file)
    }

    func optionalObject(_ key: String) throws(ConfigError) -> ConfigObject? {
        has(key) ? try object(key) : nil
    }

    /// A string; not empty unless `allowEmpty`.
    func string(_ key: String, allowEmpty: Bool = false) throws(ConfigError) -> String {
        guard case .string(let text) = try value(key) else { throw error(key, "expected a string") }
        guard allowEmpty || !text.isEmpty else { throw error(key, "expected a non-empty string") }
        return text
    }

    func optionalString(_ key: String) throws(ConfigError) -> String? {
        has(key) ? try string(key) : nil
    }

    func bool(_ key: String, default fallback: Bool) throws(ConfigError) -> Bool {
        guard has(key) else { return fallback }
        guard case .bool(let flag) = try value(key) else { throw error(key, "expected true or false") }
        return flag
    }

    /// A whole number in `range` (`5` or `5.0`).
    func int(_ key: String, in range: ClosedRange<Int>) throws(ConfigError) -> Int {
        let value = try value(key)
        guard let number = value.intValue, range.contains(number) else {
            throw error(key, "expected an integer from \(range.lowerBound) to \(range.upperBound), got \(SettingSpec.shown(value))")
        }
        return number
    }

    func optionalInt(_ key: String, in range: ClosedRange<Int>) throws(ConfigError) -> Int? {
        has(key) ? try int(key, in: range) : nil
    }

    /// One of `choices`: `must be "bearer", "header" or "query", not "basic"`.
    func choice(_ key: String, _ choices: [String]) throws(ConfigError) -> String {
        let value = try value(key)
        guard let text = value.stringValue, choices.contains(text) else {
            throw error(key, "must be \(Self.alternatives(choices)), not \(SettingSpec.shown(value))")
        }
        return text
    }

    /// An array of strings (empty ones only when `allowEmpty`), each checked at its own path.
    func strings(_ key: String, allowEmpty: Bool = false) throws(ConfigError) -> [String] {
        guard case .array(let elements) = try value(key) else { throw error(key, "expected an array of strings") }
        var texts: [String] = []
        for (index, element) in elements.enumerated() {
            guard case .string(let text) = element else {
                throw ConfigError(file: file, path: path(of: key, at: index), message: "expected a string")
            }
            guard allowEmpty || !text.isEmpty else {
                throw ConfigError(file: file, path: path(of: key, at: index), message: "expected a non-empty string")
            }
            texts.append(text)
        }
        return texts
    }

    /// The objects of an array, each at its own path (`fields[3]`).
    func objects(_ key: String) throws(ConfigError) -> [ConfigObject] {
        guard case .array(let elements) = try value(key) else { throw error(key, "expected an array") }
        var objects: [ConfigObject] = []
        for (index, element) in elements.enumerated() {
            objects.append(try ConfigObject(element, location: .element(location, key, index), file: file))
        }
        return objects
    }

    /// `"a"`, `"a" or "b"`, `"a", "b" or "c"`.
    static func alternatives(_ choices: [String]) -> String {
        let quoted = choices.map { JSONWriter.string(.string($0)) }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1]
    }
}
