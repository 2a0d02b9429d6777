import ExplorerHTTP
import Foundation
import SWAPI

extension ExpectedCalls where Call == SWAPICall {
    /// SWAPI's `resource` as the embedded data answers it, for the calls expected only;
    /// `failing` ones answer HTTP 500 for their endpoint.
    public func swapiService<Item: SWAPIItem>(_ item: Item.Type, resource: String) -> SWAPIService<Item> {
        let responder = SWAPIEmbeddedData.responder
        @Sendable func body(_ request: HTTPRequest) throws -> Data {
            guard let response = responder(request), response.status == 200 else { throw HTTPError(.status(404), endpoint: request.path) }
            return response.body
        }
        return SWAPIService(
            page: { [self] number in
                try take(.page(number))
                return try JSONDecoder().decode(SWAPIPage<Item>.self, from: body(SWAPIService<Item>.request(resource: resource, page: number)))
            },
            item: { [self] id in
                try take(.item(id))
                return try JSONDecoder().decode(Item.self, from: body(HTTPRequest(path: "/\(resource)/\(id)/")))
            },
            name: { [self] url in
                try take(.name(url))
                guard let path = SWAPIResource.path(fromURL: url) else { return nil }
                let object = try JSONSerialization.jsonObject(with: body(HTTPRequest(path: path))) as? [String: Any]
                return (object?["name"] ?? object?["title"]) as? String
            })
    }

    /// Expects `calls`, those in `failing` answering HTTP 500.
    public func expect(_ calls: [SWAPICall], failing: Set<SWAPICall>) {
        expect(calls, failing: Dictionary(uniqueKeysWithValues: failing.map { call in
            (call, HTTPError(.status(500), endpoint: "\(call)") as any Error)
        }))
    }
}
