import ExplorerHTTP
import ExplorerText
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Images that features download (MovieDB's posters, Facts' pictures), kept as files under
/// `<data dir>/cache/images/` so each is fetched once and is there offline afterwards.
///
/// - A file is named after a 64-bit FNV-1a hash of its URL, with the URL's extension; what the
///   server said to revalidate it (`ETag`, `Last-Modified`) is kept beside it in a hidden file.
/// - A download is written to a temporary file and renamed into place, so a reader never sees
///   half an image, even with two explorers running.
/// - One URL is never downloaded twice at the same time: a second request waits for the first.
///   A caller that is cancelled stops waiting; the download goes on and is kept.
/// - `refresh` revalidates (``revalidated(at:using:)``): a `304 Not Modified` keeps the file.
/// - The folder is kept under ``capacity`` bytes: after a download, the least recently used
///   files go (a hit marks its file used by touching its modification time).
/// - Anything but a regular file where an image should be (a directory, a FIFO, a link) is
///   damage: it is removed and the image fetched again. It is told by `lstat`, never by opening
///   it (reading a FIFO blocks).
/// - A download that fails leaves no temporary file; the first download of a run removes those
///   that runs which died left (`.<name>.<pid>.<n>.partial` of a process that is gone, or older
///   than an hour).
public actor ImageCache {
    public nonisolated let directory: URL
    public nonisolated let capacity: Int
    private var downloads: [URL: Task<CachedImage, Error>] = [:]
    private var sweptPartials = false

    /// How old a temporary file must be to be taken for one left behind, whoever wrote it.
    static let stalePartialAge: TimeInterval = 3600

    public init(directory: URL, capacity: Int = 200 * 1024 * 1024) {
        self.directory = directory
        self.capacity = capacity
    }

    /// The image at `url`: from the folder if it is there, else fetched with `http` (an
    /// absolute request, so it goes to the image's own host without the API's credentials).
    public func image(at url: URL, using http: any HTTPClient, timeout: TimeInterval? = nil) async throws -> CachedImage {
        if let cached = cached(url) { return cached }
        let task = downloads[url] ?? startDownload(url, using: http, revalidating: false, timeout: timeout)
        return try await task.valueUnlessCancelled()
    }

    /// The image at `url` asked for again: with the validators the server gave (`If-None-Match`,
    /// `If-Modified-Since`) when the folder has it, so an unchanged image is not sent again.
    public func revalidated(at url: URL, using http: any HTTPClient, timeout: TimeInterval? = nil) async throws -> CachedImage {
        let task = downloads[url] ?? startDownload(url, using: http, revalidating: true, timeout: timeout)
        return try await task.valueUnlessCancelled()
    }

    /// The image at `url` if the folder has it (marked as used); nil otherwise. Makes no request.
    public func cached(_ url: URL) -> CachedImage? {
        let file = self.file(for: url)
        guard let size = Self.regularFileSize(removingOtherAt: file) else { return nil }
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
        return CachedImage(file: file, byteCount: size, wasCached: true)
    }

    /// Forgets the image at `url` (what was kept is not one), so that it is fetched again.
    public func remove(_ url: URL) {
        let file = self.file(for: url)
        try? FileManager.default.removeItem(at: file)
        try? FileManager.default.removeItem(at: Validators.file(for: file))
    }

    /// The bytes of the regular file at `path`; nil when there is none, or something else is
    /// there (a FIFO is never opened).
    public nonisolated static func contentsOfRegularFile(atPath path: String) -> Data? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileManager.default.contents(atPath: path)
    }

    /// The size of the regular file at `file`, told by `lstat`; nil when there is none — and when
    /// something else is there, that is removed first (damage: the image is fetched again).
    private static func regularFileSize(removingOtherAt file: URL) -> Int? {
        var info = stat()
        guard lstat(file.path, &info) == 0 else { return nil }
        guard info.st_mode & S_IFMT == S_IFREG else {
            try? FileManager.default.removeItem(at: file)
            try? FileManager.default.removeItem(at: Validators.file(for: file))
            return nil
        }
        return Int(info.st_size)
    }

    private func startDownload(_ url: URL, using http: any HTTPClient, revalidating: Bool, timeout: TimeInterval?) -> Task<CachedImage, Error> {
        if !sweptPartials {
            sweptPartials = true
            Self.removeStalePartials(in: directory)
        }
        let file = self.file(for: url)
        let validators = revalidating && Self.regularFileSize(removingOtherAt: file) != nil ? Validators.read(for: file) : nil
        let task = Task { () throws -> CachedImage in
            do {
                let image = try await Self.download(url, to: file, validators: validators, using: http, timeout: timeout)
                self.finished(url, keeping: image.file)
                return image
            } catch {
                self.finished(url, keeping: nil)
                throw error
            }
        }
        downloads[url] = task
        return task
    }

    private func finished(_ url: URL, keeping file: URL?) {
        downloads[url] = nil
        if let file { evict(keeping: file) }
    }

    private static func download(_ url: URL, to file: URL, validators: Validators?, using http: any HTTPClient,
                                 timeout: TimeInterval?) async throws -> CachedImage {
        var headers: [HTTPRequest.Header] = []
        if let etag = validators?.etag { headers.append(.init("If-None-Match", etag)) }
        if let modified = validators?.lastModified { headers.append(.init("If-Modified-Since", modified)) }
        guard var request = HTTPRequest(absolute: url, headers: headers) else {
            throw HTTPError(.invalidURL, endpoint: url.shown.sanitizedForTerminal)
        }
        request.timeout = timeout
        request.maxBytes = HTTPRequest.maxFileBytes
        let response: HTTPResponse
        do {
            response = try await http.send(request)
        } catch let error as HTTPError where error.kind == .status(304) && validators != nil {
            // Not modified: the file is still right.
            let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
            try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
            return CachedImage(file: file, byteCount: size, wasCached: true)
        }
        let directory = file.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let partial = directory.appendingPathComponent(".\(file.lastPathComponent).\(getpid()).\(UInt32.random(in: 0 ... .max)).partial")
        try write(response.body, to: partial)
        _ = regularFileSize(removingOtherAt: file)  // a directory there would refuse the rename
        guard rename(partial.path, file.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: partial)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot keep \(file.path): \(reason)"])
        }
        Validators(etag: response.header("etag"), lastModified: response.header("last-modified")).write(for: file)
        return CachedImage(file: file, byteCount: response.body.count, wasCached: false)
    }

    /// Writes `data` to a new file at `file`; when that fails (the disk full), removes what was
    /// written and says why in a line.
    private static func write(_ data: Data, to file: URL) throws {
        let fd = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw cannotKeep(errno) }
        var failure: Int32?
        data.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let count = Glibc.write(fd, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { failure = count < 0 ? errno : ENOSPC; return }
                written += count
            }
        }
        if close(fd) != 0, failure == nil { failure = errno }
        if let failure {
            unlink(file.path)
            throw cannotKeep(failure)
        }
    }

    private static func cannotKeep(_ code: Int32) -> CocoaError {
        CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot write to the image cache: \(String(cString: strerror(code)))"])
    }

    /// Removes the temporary files of downloads that will never finish: `.<name>.<pid>.<n>.partial`
    /// whose process is gone, or that is older than ``stalePartialAge`` (a process id reused).
    static func removeStalePartials(in directory: URL, now: Date = Date()) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix(".") && name.hasSuffix(".partial") {
            let parts = name.split(separator: ".")
            guard parts.count >= 4, let pid = pid_t(parts[parts.count - 3]) else { continue }
            let path = directory.appendingPathComponent(name).path
            let modified = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? .distantPast
            let processGone = pid <= 0 || (kill(pid, 0) != 0 && errno == ESRCH)
            if processGone || now.timeIntervalSince(modified) > stalePartialAge {
                try? FileManager.default.removeItem(atPath: path)
            }
        }
    }

    /// Where the image at `url` is (or would be) kept.
    public nonisolated func file(for url: URL) -> URL {
        let text = url.absoluteString
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let name = String(hash, radix: 16).leftPadded(to: 16)
        let pathExtension = url.pathExtension.lowercased()
        let suffix = !pathExtension.isEmpty && pathExtension.count <= 5 && pathExtension.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
            ? pathExtension : "img"
        return directory.appendingPathComponent("\(name).\(suffix)")
    }

    /// Deletes the least recently used files (and what was kept beside them) until the folder
    /// holds at most 90% of the capacity; never `keeping`, the file just written.
    private func evict(keeping kept: URL) {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        guard let files = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys) else { return }
        var entries: [(url: URL, size: Int, used: Date)] = []
        for file in files where !file.lastPathComponent.hasPrefix(".") {
            guard let values = try? file.resourceValues(forKeys: Set(keys)) else { continue }
            entries.append((file, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast))
        }
        var total = entries.reduce(0) { $0 + $1.size }
        guard total > capacity else { return }
        for entry in entries.sorted(by: { $0.used < $1.used }) where total > capacity * 9 / 10 {
            guard entry.url.standardizedFileURL != kept.standardizedFileURL else { continue }
            if (try? FileManager.default.removeItem(at: entry.url)) != nil {
                total -= entry.size
                try? FileManager.default.removeItem(at: Validators.file(for: entry.url))
            }
        }
    }

    /// What the server said to revalidate an image with, kept in `.<name>.validators`.
    struct Validators: Codable {
        var etag: String?
        var lastModified: String?

        static func file(for image: URL) -> URL {
            image.deletingLastPathComponent().appendingPathComponent(".\(image.lastPathComponent).validators")
        }

        static func read(for image: URL) -> Validators? {
            guard let data = FileManager.default.contents(atPath: file(for: image).path) else { return nil }
            return try? JSONDecoder().decode(Validators.self, from: data)
        }

        func write(for image: URL) {
            let file = Self.file(for: image)
            guard etag != nil || lastModified != nil else {
                try? FileManager.default.removeItem(at: file)
                return
            }
            try? JSONEncoder().encode(self).write(to: file, options: .atomic)
        }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
