import Foundation

extension HTTPError {
    /// The answer to `request` arrived from `location` but is not what the API sends: says what
    /// it is instead, in the same words for every feature — an HTML page (what a proxy, a login
    /// portal or a moved file answers with), an empty body, text that is not valid JSON
    /// (malformed, or cut short), or JSON of another shape, with `shape` saying where it differs
    /// (`missing $.results`) when the reader knows.
    public static func undecodable(_ body: Data, request: HTTPRequest, at location: HTTPLocation, shape: String? = nil) -> HTTPError {
        HTTPError(.undecodable, request: request, at: location, detail: bodyProblem(body, shape: shape))
    }

    /// What a body that could not be read is: see ``undecodable(_:request:at:shape:)``.
    public static func bodyProblem(_ body: Data, shape: String? = nil) -> String {
        var bytes = body[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let start = bytes.drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if start.isEmpty { return "an empty body, not JSON" }
        if start.first == UInt8(ascii: "<") { return "an HTML page, not JSON" }
        guard (try? JSONSerialization.jsonObject(with: Data(start), options: [.fragmentsAllowed])) != nil else {
            return "not valid JSON (malformed, or cut short)"
        }
        return "JSON of another shape" + (shape.map { " (\($0))" } ?? "")
    }

    /// Where a `DecodingError` says the JSON differs from what was expected: `missing
    /// $.results[1].crew`, `unexpected value at $.name`.
    public static func shape(of error: Error) -> String? {
        guard let error = error as? DecodingError else { return nil }
        switch error {
        case .dataCorrupted(let context): return context.codingPath.isEmpty ? nil : "unexpected value at \(path(context.codingPath))"
        case .keyNotFound(let key, let context): return "missing \(path(context.codingPath + [key]))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "unexpected value at \(path(context.codingPath))"
        @unknown default: return nil
        }
    }

    private static func path(_ keys: [CodingKey]) -> String {
        keys.reduce("$") { path, key in
            if let index = key.intValue { return "\(path)[\(index)]" }
            return "\(path).\(key.stringValue)"
        }
    }
}
