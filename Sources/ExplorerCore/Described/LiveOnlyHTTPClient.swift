import ExplorerHTTP

/// The client of a described feature with no offline answers: while the source is embedded it
/// says the feature is live only, rather than that the embedded data has no such page.
struct LiveOnlyHTTPClient: HTTPClient {
    let wrapped: any HTTPClient
    let selection: SourceSelection
    let feature: String

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard selection.current != .embedded else { throw DescribedError.liveOnly(feature: feature) }
        return try await wrapped.send(request)
    }
}
