extension TapeRecording {
    /// The recording's answers to `feature`'s requests as data compiled in would answer them:
    /// a described API's offline answers, shipped as a recording made with `--record`. A
    /// request it holds no answer for is a 404.
    public func responder(feature: String) -> EmbeddedResponder {
        { request in
            guard let (answer, _) = self.next(for: request, feature: feature), let body = answer.bodyData else { return nil }
            return HTTPResponse(status: answer.status, headers: answer.headers, body: body)
        }
    }
}
