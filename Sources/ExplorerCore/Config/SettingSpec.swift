import ExplorerText
import Foundation

/// One setting a feature takes in Plugins.json's `settings`: its name, the values it accepts
/// and what it does. A feature declares its settings on its ``FeatureDescriptor``;
/// ``PluginsConfig`` checks every `settings` object against them at start-up (an unknown name or
/// a value of the wrong kind is a configuration error), and the feature reads its values
/// through them (``int(in:default:)`` and friends), so what is read is what was checked.
public struct SettingSpec: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A whole number in the range.
        case integer(ClosedRange<Int>)
        /// Any number in the range (seconds, say).
        case number(ClosedRange<Double>)
        /// A string, not empty.
        case string
        /// A file path (`~/` is the home directory), not empty.
        case path
        /// An absolute http(s) URL.
        case url
    }

    public let name: String
    public let kind: Kind
    /// What it does and its default, for `arch` and the README.
    public let summary: String

    public init(_ name: String, _ kind: Kind, _ summary: String = "") {
        self.name = name
        self.kind = kind
        self.summary = summary
    }

    /// What the setting accepts: `an integer from 1 to 200`.
    public var expectation: String {
        switch kind {
        case .integer(let range): "an integer from \(range.lowerBound) to \(range.upperBound)"
        case .number(let range): "a number from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))"
        case .string: "a non-empty string"
        case .path: "a file path (a non-empty string)"
        case .url: "an http(s) URL"
        }
    }

    /// Whether `value` is one this setting accepts.
    public func accepts(_ value: JSONValue) -> Bool {
        switch kind {
        case .integer(let range):
            guard case .int(let number) = value else { return false }
            return range.contains(number)
        case .number(let range):
            guard let number = value.doubleValue, number.isFinite else { return false }
            return range.contains(number)
        case .string, .path:
            guard let text = value.stringValue else { return false }
            return !text.isEmpty
        case .url:
            guard let text = value.stringValue, let url = URL(string: text) else { return false }
            return PluginsConfig.isHTTPURL(url)
        }
    }

    /// Why `value` is not accepted (`expected an integer from 1 to 200, got "abc"`), or nil.
    public func problem(with value: JSONValue) -> String? {
        accepts(value) ? nil : "expected \(expectation), got \(Self.shown(value))"
    }

    // MARK: Reading

    /// The setting's value in `settings` when it is set and acceptable, else `fallback`.
    public func int(in settings: JSONValue, default fallback: Int) -> Int {
        guard let value = settings[name], accepts(value), let number = value.intValue else { return fallback }
        return number
    }

    /// The setting's value when it is set and acceptable, else nil.
    public func int(in settings: JSONValue) -> Int? {
        guard let value = settings[name], accepts(value) else { return nil }
        return value.intValue
    }

    public func double(in settings: JSONValue, default fallback: Double) -> Double {
        guard let value = settings[name], accepts(value), let number = value.doubleValue else { return fallback }
        return number
    }

    public func string(in settings: JSONValue, default fallback: String) -> String {
        string(in: settings) ?? fallback
    }

    public func string(in settings: JSONValue) -> String? {
        guard let value = settings[name], accepts(value) else { return nil }
        return value.stringValue
    }

    // MARK: Messages

    /// A value as JSON, short and safe to print: `"abc"`, `3.5`, `{…}`.
    static func shown(_ value: JSONValue) -> String {
        switch value {
        case .array: "an array"
        case .object: "an object"
        case .null: "null"
        default: URL.redactingUserinfo(JSONWriter.string(value)).sanitizedForTerminal.truncated(toWidth: 60)
        }
    }

    private static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}
