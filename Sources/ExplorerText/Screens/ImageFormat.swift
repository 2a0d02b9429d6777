/// The formats ``ImageInfo`` recognises from their first bytes.
public enum ImageFormat: String, Sendable, Equatable, CaseIterable {
    case png = "PNG"
    case jpeg = "JPEG"
    case gif = "GIF"
    case webp = "WebP"
}
