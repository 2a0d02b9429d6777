import ExplorerClock
import Foundation

/// A client that says what it is and which clients it hands requests to, so `arch` can draw a
/// feature's client stack from the objects themselves, outermost first.
public protocol HTTPClientLayer: HTTPClient {
    /// What this layer does, in a few words.
    var layerSummary: String { get }
    /// The clients it sends requests on to (none for a transport).
    var innerClients: [any HTTPClient] { get }
}

extension TracingHTTPClient: HTTPClientLayer {
    public var layerSummary: String { "each request and its outcome to `trace` and `raw`" }
    public var innerClients: [any HTTPClient] { [wrapped] }
}

extension WaitingHTTPClient: HTTPClientLayer {
    public var layerSummary: String { "`\(message)` while a request takes over \(delay.wholeMilliseconds) ms" }
    public var innerClients: [any HTTPClient] { [wrapped] }
}

extension SigningHTTPClient: HTTPClientLayer {
    public var layerSummary: String { "the API key on live requests (shown as •••)" }
    public var innerClients: [any HTTPClient] { [wrapped] }
}

extension SwitchableHTTPClient: HTTPClientLayer {
    public var layerSummary: String { "live or embedded, as `source` says (now \(selection.current.rawValue))" }
    public var innerClients: [any HTTPClient] { [live, embedded] }
}

extension CachingHTTPClient: HTTPClientLayer {
    public var layerSummary: String { "keeps answers; stands in with one when the network is unavailable" }
    public var innerClients: [any HTTPClient] { [wrapped] }
}

extension FaultInjectingHTTPClient: HTTPClientLayer {
    public var layerSummary: String {
        conditions.isEmpty ? "`net`: nothing injected" : "`net`: latency and faults in force"
    }
    public var innerClients: [any HTTPClient] { [wrapped] }
}

extension LiveHTTPClient: HTTPClientLayer {
    public var layerSummary: String { "libcurl to \(baseURL.shown), timeout \(String(format: "%g", timeout)) s" }
    public var innerClients: [any HTTPClient] { [] }
}

extension EmbeddedHTTPClient: HTTPClientLayer {
    public var layerSummary: String { "answers compiled into explorer" }
    public var innerClients: [any HTTPClient] { [] }
}

extension TapeHTTPClient: HTTPClientLayer {
    public var layerSummary: String {
        switch tape.mode {
        case .off: "`record` and `source replay`: neither now"
        case .recording(let recorder): "`record`: each answer to \(recorder.name)"
        case .replaying(let recording): "`source replay`: answers from \(recording.name)"
        }
    }
    public var innerClients: [any HTTPClient] { [wrapped] }
}
