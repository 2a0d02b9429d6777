import ExplorerClock
import ExplorerCore
import ExplorerHTTP
import ExplorerText
import Foundation

/// `raw [headers|body] [N]`: the answer the feature in use last received, as it came — what a
/// view model's state was made from, before any of it was read; `raw headers` all of it but the
/// body, `raw body` the body alone (``RawSection``).
struct RawCommand: GlobalCommand {
    static let name = "raw"
    static let usage = "raw [headers|body] [N]"
    static let synopsis = "raw [N]"
    static let summary = "the last answer the feature in use got, as it came"
    static let details = """
        The request (its URL, the API key as •••), the status, which layer answered (the embedded \
        data, the response cache, the network, a recording being replayed, or a failure `net fail` \
        injected), the headers that matter, how long it took and the body: JSON indented, text as it \
        is, an image or a preview by its type and size. `raw 2` is the answer before, and so on: a \
        command may make several requests (characters' pages). After a `use` that failed it shows the \
        answers of the feature that failed to load, so the failure can be looked into; outside a feature, \
        those of the feature that asked last. With `format json` the \
        body is the answer's JSON itself: `raw | jq .body.count`.
        `raw headers` shows all of it but the body (the body's type and size stay), `raw body` the body \
        alone (its type and size when it is not text); `raw headers 2`, `raw body 2` the answer before. \
        In JSON each has only its own members. Secrets are `•••` in both.
        """

    static func complete(_ previous: [String], _ partial: String, in shell: Shell) -> [String] {
        guard previous.count < 2, let feature = shell.failedUse ?? shell.activeID ?? shell.exchanges.latestFeature else {
            return previous.isEmpty ? RawSection.allCases.map(\.rawValue) : []
        }
        let numbers = shell.exchanges.recent(for: feature).indices.map { String($0 + 1) }
        guard let word = previous.first else { return RawSection.allCases.map(\.rawValue) + numbers }
        return RawSection(word: word) != nil ? numbers : Int(word) != nil ? RawSection.allCases.map(\.rawValue) : []
    }

    let number: Int
    /// The part to show; nil: all of it.
    let section: RawSection?

    init(_ arguments: [String]) throws(CommandError) {
        guard arguments.count <= 2 else { throw Self.usageError }
        var number: Int?
        var section: RawSection?
        for word in arguments {
            if let part = RawSection(word: word) {
                guard section == nil else { throw Self.usageError }
                section = part
            } else if let value = Int(word), value >= 1 {
                guard number == nil else { throw Self.usageError }
                number = value
            } else {
                throw CommandError("'\(word.sanitizedForTerminal.truncated(toWidth: 20))' is neither an answer's number (1 is the last) nor `headers` or `body`")
            }
        }
        self.number = number ?? 1
        self.section = section
    }

    func run(in shell: Shell) async throws -> CommandOutput {
        // After a `use` that failed, its feature's answers show why (wherever the session still
        // is); outside a feature, those of the one that asked last.
        guard let feature = shell.failedUse ?? shell.activeID ?? shell.exchanges.latestFeature else {
            throw CommandError("nothing has been asked for yet: `raw` shows the answers of the feature in use")
        }
        let recent = shell.exchanges.recent(for: feature)
        guard !recent.isEmpty else { throw CommandError("\(feature) has asked for nothing yet") }
        guard number <= recent.count else {
            throw CommandError("\(feature) has \(recent.count) answer\(recent.count == 1 ? "" : "s") kept (at most \(shell.exchanges.capacity)): `raw 1` to `raw \(recent.count)`")
        }
        return .reply(Self.screen(recent[number - 1], number: number, of: recent.count, feature: feature, only: section))
    }

    /// The screen of `exchange`: all of it, or only `section` (``RawSection``).
    static func screen(_ exchange: HTTPExchange, number: Int, of count: Int, feature: String, only section: RawSection? = nil) -> Screen {
        // Read once: checking and redacting a body of megabytes is not free.
        let text = exchange.size == 0 ? nil : exchange.text
        let json = text.flatMap { JSONReader.value(Data($0.utf8)) }.map(exchange.redacting)
        var fields = [
            ScreenField("request", "GET \(exchange.url)"),
            ScreenField("status", text: exchange.status.map(String.init) ?? "none", value: exchange.status.map(JSONValue.int) ?? .null),
        ]
        if let failure = exchange.failure { fields.append(ScreenField("failure", failure)) }
        fields += [
            ScreenField("answered_by", label: "answered by", exchange.answeredBy),
            ScreenField("elapsed_ms", label: "took", text: "\(exchange.elapsed.wholeMilliseconds) ms", value: .int(exchange.elapsed.wholeMilliseconds)),
            ScreenField("at", text: UTCTimestamp.iso8601(exchange.at), value: .string(UTCTimestamp.iso8601(exchange.at))),
        ]
        for name in exchange.headers.keys.sorted() {
            // In text beside the others; JSON has them together, under `headers`.
            let value = exchange.headers[name] ?? ""
            fields.append(ScreenField("header_\(name)", label: name, text: value, value: .string(value), visibility: .textOnly))
        }
        // What the body is, worked out once (`kind` reads the body again).
        let bodyType = json != nil ? "json" : text != nil ? "text" : exchange.kind ?? "binary"
        let described: String
        if exchange.size == 0 {
            described = "none"
        } else if !exchange.isBodyKept {
            described = "\(ReadableNumber.bytes(exchange.size)), no longer kept (the newer answers' bodies come first)"
        } else {
            described = "\(bodyType == "json" ? "JSON" : bodyType), \(ReadableNumber.bytes(exchange.size))"
        }
        let size = ScreenField("size", label: "body", text: described, value: .int(exchange.size))
        fields.append(size)

        var facts: JSONObject = ["number": .int(number), "of": .int(count)]
        if section != .body {
            facts["headers"] = .object(JSONObject(exchange.headers.keys.sorted().map { ($0, .string(exchange.headers[$0] ?? "")) }))
        }
        if section != .headers { facts["body"] = json ?? text.map(JSONValue.string) ?? .null }
        facts["body_type"] = exchange.size == 0 ? .null : .string(bodyType)
        var screen = Screen(feature: feature, kind: "raw", facts: facts)
        if section != .body {
            screen.blocks = [.heading("\(feature) · answer \(number) of \(count) kept, the last first"),
                             .fields(fields)]
        }
        guard section != .headers else { return screen }
        var lines: [String] = []
        if let json {
            lines = JSONWriter.prettyLines(json)
        } else if let text {
            lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        if section == .body {
            // The body alone; one that is no text (none, an image, one no longer kept) by its size line.
            screen.blocks.append(.fields([lines.isEmpty ? size : ScreenField("size", text: "", value: size.value, visibility: .dataOnly)]))
        } else if !lines.isEmpty {
            screen.blocks.append(.blankLine)
        }
        for line in lines {
            // (The renderer sanitizes what it shows.)
            let indent = line.utf8.prefix { $0 == UInt8(ascii: " ") }.count
            screen.blocks.append(.paragraph(indent == 0 ? line : String(Substring(line.utf8.dropFirst(indent))), indent: indent, hanging: indent + 2))
        }
        return screen
    }
}
