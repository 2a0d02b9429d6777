import ExplorerHTTP
import Foundation
import SWAPI
import Synchronization
import Testing

/// A SWAPI service that answers only the calls a test said it expects, from the embedded data,
/// and fails the test on any other: a view model that asks for more than the test says is
/// caught, not answered. Calls made at once (the names of a detail's links) match in any order.
final class ExpectedCalls<Item: SWAPIItem>: Sendable {
    enum Call: Hashable, Sendable {
        case page(Int)
        case item(String)
        case name(String)
    }

    let resource: String
    private let expected = Mutex<[Call]>([])
    private let failing = Mutex<Set<Call>>([])

    init(resource: String) {
        self.resource = resource
    }

    /// The next calls the view model may make; `failing` ones answer HTTP 500.
    func expect(_ calls: [Call], failing: Set<Call> = []) {
        expected.withLock { $0 += calls }
        self.failing.withLock { $0.formUnion(failing) }
    }

    /// Every call expected was made.
    func expectAllMade(sourceLocation: SourceLocation = #_sourceLocation) {
        let left = expected.withLock { $0 }
        #expect(left.isEmpty, "calls expected but not made: \(left)", sourceLocation: sourceLocation)
    }

    var service: SWAPIService<Item> {
        let responder = SWAPIEmbeddedData.responder
        let resource = self.resource
        return SWAPIService(
            page: { [self] number in
                try take(.page(number))
                return try decode(SWAPIPage<Item>.self, responder(SWAPIService<Item>.request(resource: resource, page: number)))
            },
            item: { [self] id in
                try take(.item(id))
                return try decode(Item.self, responder(HTTPRequest(path: "/\(resource)/\(id)/")))
            },
            name: { [self] url in
                try take(.name(url))
                guard let path = SWAPIResource.path(fromURL: url) else { return nil }
                let object = try JSONSerialization.jsonObject(with: try body(responder(HTTPRequest(path: path)))) as? [String: Any]
                return (object?["name"] ?? object?["title"]) as? String
            })
    }

    private func take(_ call: Call) throws {
        let known = expected.withLock { calls in
            guard let index = calls.firstIndex(of: call) else { return false }
            calls.remove(at: index)
            return true
        }
        guard known else {
            Issue.record("a call the test did not expect: \(call)")
            throw HTTPError(.status(599), endpoint: "\(call)")
        }
        if failing.withLock({ $0.remove(call) != nil }) { throw HTTPError(.status(500), endpoint: "\(call)") }
    }

    private func body(_ response: HTTPResponse?) throws -> Data {
        guard let response, response.status == 200 else { throw HTTPError(.status(404), endpoint: resource) }
        return response.body
    }

    private func decode<T: Decodable>(_ type: T.Type, _ response: HTTPResponse?) throws -> T {
        try JSONDecoder().decode(type, from: try body(response))
    }
}
