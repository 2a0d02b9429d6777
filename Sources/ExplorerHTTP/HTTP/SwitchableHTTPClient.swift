import Foundation
import Synchronization

/// Sends each request to the live or the embedded client according to the shared
/// ``SourceSelection``, so `source live` takes effect for every feature at once.
public struct SwitchableHTTPClient: HTTPClient {
    public let live: any HTTPClient
    public let embedded: any HTTPClient
    public let selection: SourceSelection

    public init(live: any HTTPClient, embedded: any HTTPClient, selection: SourceSelection) {
        self.live = live
        self.embedded = embedded
        self.selection = selection
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        switch selection.current {
        case .live: try await live.send(request)
        case .embedded: try await embedded.send(request)
        }
    }
}

/// The data source in force, shared by every feature's client; safe to read from any task.
public final class SourceSelection: Sendable {
    private let source: Mutex<DataSource>

    public init(_ source: DataSource) {
        self.source = Mutex(source)
    }

    public var current: DataSource {
        get { source.withLock { $0 } }
        set { source.withLock { $0 = newValue } }
    }
}
