import ExplorerCore
import Foundation

/// Neds' next-to-go races over HTTP: `GET /racing/?method=nextraces&count=N` with
/// `Content-type: application/json`. The network unavailable is told apart from any other
/// failure, as for Facts.
public struct RacesService: Sendable {
    public var next: @Sendable (_ count: Int) async throws -> RacesAnswer

    public init(next: @escaping @Sendable (Int) async throws -> RacesAnswer) {
        self.next = next
    }

    public static func http(_ client: any HTTPClient) -> RacesService {
        RacesService { count in
            let request = HTTPRequest(path: "/racing/", query: [.init("method", "nextraces"), .init("count", String(count))],
                                      headers: [.init("Content-type", "application/json")])
            let response: HTTPResponse
            do {
                response = try await client.send(request)
            } catch let error as HTTPError {
                throw Self.explained(error)
            }
            do {
                return try JSONDecoder().decode(RacesAnswer.self, from: response.body)
            } catch {
                throw RacesError.other("not Neds' answer")
            }
        }
    }

    static func explained(_ error: HTTPError) -> Error {
        switch error.kind {
        case .networkUnavailable: RacesError.networkUnavailable
        case .cancelled: error
        case .status(let code): RacesError.other("HTTP \(code)")
        case .timeout: RacesError.other("no answer in time")
        case .connectionLost: RacesError.other("the connection was lost")
        case .undecodable, .invalidURL, .tooLarge, .transportUnavailable: RacesError.other(error.description)
        }
    }
}

/// Why the races could not be updated: the network, or anything else (its cause).
public enum RacesError: Error, Equatable, CustomStringConvertible {
    case networkUnavailable
    case other(String)

    public var description: String {
        switch self {
        case .networkUnavailable: "network unavailable — check the connection, then refresh"
        case .other(let cause): "could not load the races (\(cause))"
        }
    }

    /// For the heading: `network unavailable`, `HTTP 500`.
    public var short: String {
        switch self {
        case .networkUnavailable: "network unavailable"
        case .other(let cause): cause
        }
    }
}
