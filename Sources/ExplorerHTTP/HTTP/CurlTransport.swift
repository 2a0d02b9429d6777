import CCurl
import Foundation
import Synchronization

/// Live HTTP through libcurl, loaded with `dlopen` on the first live request (so explorer links
/// no HTTP library at start-up), driven by its multi interface on one thread of its own.
///
/// Each request has a whole-request deadline and a size limit enforced as the body arrives;
/// cancelling a request removes its transfer at once (its connection closed, its memory freed).
/// Waiting costs no CPU: the thread sleeps in `curl_multi_poll` until there is traffic, a new
/// request or a cancellation. Every libcurl call is made on that thread.
final class CurlTransport: Sendable {
    /// Made on the first live request, or ahead of it by ``LiveHTTPClient/prepare()``.
    static let shared = CurlTransport()

    struct Answer: Sendable {
        var status: Int
        var headers: [String: String]
        var body: Data
    }

    enum Failure: Error, Equatable {
        /// libcurl cannot be loaded here.
        case unavailable(String)
        /// libcurl's result code and its message; with the status of the last response when
        /// one came (0 when none did), and its `Location` when that was a redirect.
        case transfer(code: Int32, message: String, status: Int = 0, redirect: String? = nil)
        /// The body passed the limit, so the transfer was stopped.
        case tooLarge(limit: Int)
        /// The header lines passed 64 KB, so the transfer was stopped.
        case headersTooLarge
        case cancelled
    }

    /// One transfer and whoever waits for it.
    private final class Job: @unchecked Sendable {
        let handle: UnsafeMutableRawPointer
        let buffer: UnsafeMutablePointer<ccurl_buffer>
        /// Guarded by the transport's lock.
        var continuation: CheckedContinuation<Answer, Error>?
        var isCancelled = false
        var isFinished = false

        init(handle: UnsafeMutableRawPointer, buffer: UnsafeMutablePointer<ccurl_buffer>) {
            self.handle = handle
            self.buffer = buffer
        }
    }

    private struct Queue {
        var added: [Job] = []
        var cancelled: [Job] = []
    }

    /// libcurl's multi handle: used by the transfer thread, and woken from any thread
    /// (`curl_multi_wakeup` is thread-safe).
    private struct Multi: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
    }

    private let queue = Mutex(Queue())
    private let multi: Multi?
    private let loadError: String?

    private init() {
        var message = [CChar](repeating: 0, count: 256)
        if ccurl_load(&message, message.count) != 0 {
            loadError = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            multi = nil
            return
        }
        loadError = nil
        multi = ccurl_multi_new().map(Multi.init)
        guard let multi else { return }
        let thread = Thread { [self] in run(multi.pointer) }
        thread.name = "explorer-http"
        thread.start()
    }

    /// GETs `url`: the answer whatever its status, or a ``Failure``.
    func get(_ url: String, headers: [String], timeout: TimeInterval, limit: Int, userAgent: String) async throws -> Answer {
        guard let multi else { throw Failure.unavailable(loadError ?? "curl_multi_init failed") }
        let buffer = UnsafeMutablePointer<ccurl_buffer>.allocate(capacity: 1)
        buffer.initialize(to: ccurl_buffer())
        buffer.pointee.limit = limit
        // Rounded up: a transfer given what is left of a deadline must not end before it.
        let milliseconds = Int((min(max(timeout, 0.001), 86_400) * 1000).rounded(.up))
        let handle = Self.withCStrings(headers) { pointers in
            ccurl_easy_new(url, pointers, Int32(headers.count), milliseconds, buffer, userAgent)
        }
        guard let handle else {
            buffer.deallocate()
            throw Failure.unavailable("curl_easy_init failed")
        }
        let job = Job(handle: handle, buffer: buffer)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let cancelledAlready = queue.withLock { queue -> Bool in
                    job.continuation = continuation
                    if job.isCancelled { return true }
                    queue.added.append(job)
                    return false
                }
                if cancelledAlready {
                    finish(job, with: .failure(Failure.cancelled))
                } else {
                    ccurl_multi_wakeup(multi.pointer)
                }
            }
        } onCancel: {
            queue.withLock { queue in
                job.isCancelled = true
                queue.cancelled.append(job)
            }
            ccurl_multi_wakeup(multi.pointer)
        }
    }

    // MARK: The transfer thread

    private func run(_ multi: UnsafeMutableRawPointer) {
        var active: [UnsafeMutableRawPointer: Job] = [:]
        while true {
            let (added, cancelled) = queue.withLock { queue in
                defer { queue = Queue() }
                return (queue.added, queue.cancelled)
            }
            for job in added {
                if queue.withLock({ _ in job.isCancelled }) {
                    finish(job, with: .failure(Failure.cancelled))
                } else {
                    ccurl_multi_add(multi, job.handle)
                    active[job.handle] = job
                }
            }
            for job in cancelled {
                guard active.removeValue(forKey: job.handle) != nil else { continue }
                ccurl_multi_remove(multi, job.handle)
                finish(job, with: .failure(Failure.cancelled))
            }
            var running: Int32 = 0
            ccurl_multi_perform(multi, &running)
            var result: Int32 = 0
            while let handle = ccurl_multi_next_done(multi, &result) {
                guard let job = active.removeValue(forKey: handle) else { continue }
                ccurl_multi_remove(multi, handle)
                finish(job, with: outcome(of: job, result: result))
            }
            ccurl_multi_poll(multi, active.isEmpty ? 60_000 : 1_000)
        }
    }

    private func outcome(of job: Job, result: Int32) -> Result<Answer, Error> {
        let buffer = job.buffer.pointee
        if buffer.over_limit != 0 || result == 63 {  // CURLE_FILESIZE_EXCEEDED
            return .failure(Failure.tooLarge(limit: buffer.limit))
        }
        if buffer.headers_over_limit != 0 { return .failure(Failure.headersTooLarge) }
        let status = ccurl_easy_status(job.handle)
        guard result == 0 else {
            return .failure(Failure.transfer(code: result, message: String(cString: ccurl_strerror(result)), status: status,
                                             redirect: (300..<400).contains(status) ? Self.headers(buffer)["location"] : nil))
        }
        // The body is handed over, not copied: the answer costs its size once (its buffer
        // shrunk to fit), not twice.
        var body = Data()
        if let bytes = buffer.body, buffer.body_length > 0 {
            if let fitted = realloc(bytes, buffer.body_length) {
                job.buffer.pointee.body = nil
                body = Data(bytesNoCopy: fitted, count: buffer.body_length, deallocator: .free)
            } else {
                body = Data(bytes: bytes, count: buffer.body_length)
            }
        }
        return .success(Answer(status: status, headers: Self.headers(buffer), body: body))
    }

    /// The header lines of the last response, by lowercased name.
    private static func headers(_ buffer: ccurl_buffer) -> [String: String] {
        let headerText = buffer.headers.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: buffer.headers_length), as: UTF8.self) } ?? ""
        var headers: [String: String] = [:]
        for line in headerText.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return headers
    }

    /// Frees the transfer and resumes whoever waits, once.
    private func finish(_ job: Job, with result: Result<Answer, Error>) {
        let continuation = queue.withLock { _ -> CheckedContinuation<Answer, Error>? in
            guard !job.isFinished else { return nil }
            job.isFinished = true
            defer { job.continuation = nil }
            return job.continuation
        }
        guard let continuation else { return }
        ccurl_easy_free(job.handle)
        ccurl_buffer_free(job.buffer)
        job.buffer.deallocate()
        continuation.resume(with: result)
    }

    private static func withCStrings<T>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> T) -> T {
        guard !strings.isEmpty else { return body(nil) }
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        return pointers.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: max(buffer.count, 1)) { body($0) }
        }
    }
}
