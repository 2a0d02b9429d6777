import Foundation

/// Adds a feature's credentials (``RequestSigner``) to its live requests for the API, outermost
/// in the stack so that traces show them as `•••`. Embedded requests and absolute URLs (images
/// on another host) are sent as they are: a key goes only where it belongs.
public struct SigningHTTPClient: HTTPClient {
    public let wrapped: any HTTPClient
    public let signer: RequestSigner
    public let selection: SourceSelection
    /// A replay asks no server: it needs no key (recordings hold none).
    public let tape: SessionTape?

    public init(_ wrapped: any HTTPClient, signer: RequestSigner, selection: SourceSelection, tape: SessionTape? = nil) {
        self.wrapped = wrapped
        self.signer = signer
        self.selection = selection
        self.tape = tape
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard selection.current == .live, request.absoluteURL == nil, tape?.replaying == nil else { return try await wrapped.send(request) }
        return try await wrapped.send(try signer.sign(request))
    }
}
