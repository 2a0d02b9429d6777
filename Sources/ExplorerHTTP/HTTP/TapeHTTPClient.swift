import ExplorerClock
import ExplorerTrace
import Foundation

/// Right above a feature's live transport: records every answer the transport receives (any
/// status; not a failure to get one) when the session tape is recording, and answers from the
/// recording instead of asking the transport at all when it is replaying. Either way everything
/// above it — `net`'s faults and latency, the response cache and the offline index, `trace` —
/// meets the answer as it would a live one, at the same server and path.
public struct TapeHTTPClient: HTTPClient {
    public let wrapped: any HTTPClient
    public let tape: SessionTape
    public let feature: String
    public let baseURL: URL
    private let clock: any AppClock
    private let tracer: Tracer?

    public init(_ wrapped: any HTTPClient, tape: SessionTape, feature: String, baseURL: URL, clock: any AppClock,
                tracer: Tracer? = nil) {
        self.wrapped = wrapped
        self.tape = tape
        self.feature = feature
        self.baseURL = baseURL
        self.clock = clock
        self.tracer = tracer
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        switch tape.mode {
        case .off:
            return try await wrapped.send(request)
        case .replaying(let recording):
            return try replay(request, from: recording)
        case .recording(let recorder):
            do {
                let response = try await wrapped.send(request)
                record(request, status: response.status, headers: response.headers, body: response.body, to: recorder)
                return response
            } catch let error as HTTPError {
                if case .status(let status) = error.kind {
                    record(request, status: status, headers: [:], body: error.body ?? Data(), to: recorder)
                }
                throw error
            }
        }
    }

    private func record(_ request: HTTPRequest, status: Int, headers: [String: String], body: Data, to recorder: TapeRecorder) {
        let answer = TapeAnswer(feature: feature, request: request, status: status, headers: headers, body: body, at: clock.now)
        if let line = recorder.append(answer) {
            tracer?.log("record: GET \(request.endpoint) → \(status), \(recorder.name) line \(line)", layer: .network)
        } else {
            tracer?.log("record: GET \(request.endpoint) could not be written to \(recorder.name)", layer: .network)
        }
    }

    private func replay(_ request: HTTPRequest, from recording: TapeRecording) throws -> HTTPResponse {
        try Task.checkCancellation()
        let location = request.location(relativeTo: baseURL)
        guard let (answer, line) = recording.next(for: request, feature: feature), let body = answer.bodyData else {
            let advice = recording.adviceForMissing(request, feature: feature, baseURL: baseURL)
            throw HTTPError(.notRecorded(file: recording.name, advice: advice), request: request, at: location)
        }
        tracer?.log("replay: GET \(request.endpoint) → \(answer.status), \(recording.name) line \(line)", layer: .network)
        // The time passes as it did while the live request took its time.
        if tape.clockFollowsReplay, let received = SchedulingClock.time(answer.receivedAt), SchedulingClock.range.contains(received) {
            clock.follow(recordedTime: received)
        }
        guard (200..<300).contains(answer.status) else {
            throw HTTPError(.status(answer.status), request: request, at: location, body: body)
        }
        // Names as a live answer has them (lower case), whatever the file says.
        let headers = Dictionary(answer.headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        var response = HTTPResponse(status: answer.status, headers: headers, body: body, location: location)
        response.answeredBy = "the recording \(recording.name), line \(line)"
        response.isReplayed = true
        return response
    }
}
