import ExplorerText
import Foundation

/// Where an image of a row stands, as a list shows it: `640×480 JPEG 34 KB`, `no image`,
/// `loading…`, `unavailable offline`, `failed: HTTP 404`, `not an image`, `stand-in 60×90 PNG`.
public enum ImageState: Sendable, Equatable {
    /// The row has no image.
    case none
    case loading
    /// In the image cache, and an image: its size and format, and the file.
    case loaded(ImageInfo, file: String)
    /// The embedded data holds no images: ``StandInImage`` stands in for this one (its file).
    case standIn(ImageInfo, file: String)
    /// Fetched, but the bytes are no PNG, JPEG, GIF or WebP.
    case notAnImage
    /// Not in the cache, and the network is unavailable (or the source is the embedded data).
    case unavailableOffline
    case failed(String)

    public var text: String {
        switch self {
        case .none: "no image"
        case .loading: "loading…"
        case .loaded(let info, _): info.description
        case .standIn(let info, _): "stand-in \(info.width)×\(info.height) \(info.format.rawValue)"
        case .notAnImage: "not an image"
        case .unavailableOffline: "unavailable offline"
        case .failed(let reason): "failed: \(reason)"
        }
    }

    /// Whether it is settled for good (not worth asking again until `refresh`).
    public var isFinal: Bool {
        switch self {
        case .loaded, .standIn, .notAnImage, .none: true
        default: false
        }
    }

    /// `{"state": "loaded", "format": "JPEG", "width": 640, "height": 480, "bytes": 34816, "file": …}`.
    public var json: JSONValue {
        switch self {
        case .none: ["state": "none"]
        case .loading: ["state": "loading"]
        case .loaded(let info, let file):
            ["state": "loaded", "format": .string(info.format.rawValue), "width": .int(info.width), "height": .int(info.height),
             "bytes": .int(info.byteCount), "file": .string(file)]
        case .standIn(let info, let file):
            ["state": "stand_in", "format": .string(info.format.rawValue), "width": .int(info.width), "height": .int(info.height),
             "bytes": .int(info.byteCount), "file": .string(file)]
        case .notAnImage: ["state": "not_an_image"]
        case .unavailableOffline: ["state": "unavailable_offline"]
        case .failed(let reason): ["state": "failed", "reason": .string(reason)]
        }
    }

    /// The file to draw or open: the image's, or its stand-in's.
    public var file: String? {
        switch self {
        case .loaded(_, let file), .standIn(_, let file): file
        default: nil
        }
    }

    /// The state of an image in `file` of the cache: loaded when its bytes are an image. The
    /// one check of an image's bytes: what `view` and `poster` open has passed it.
    public static func of(file: URL) -> ImageState {
        guard let data = ImageCache.contentsOfRegularFile(atPath: file.path) else { return .unavailableOffline }
        guard let info = ImageInfo(data) else { return .notAnImage }
        return .loaded(info, file: file.path)
    }

    /// The state an ``ImageLoader`` outcome leaves.
    public static func of(_ outcome: ImageLoader.Outcome) -> ImageState {
        switch outcome {
        case .loaded(let image): of(file: image.file)
        case .unavailable: .unavailableOffline
        case .failed(let reason): .failed(reason)
        case .cancelled: .loading
        }
    }
}
