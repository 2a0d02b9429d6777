import Foundation

extension URL {
    /// Whether this is an http(s) URL with a host: the only kind explorer ever asks for or opens.
    public var isWeb: Bool {
        guard let scheme = scheme?.lowercased() else { return false }
        return (scheme == "http" || scheme == "https") && host != nil
    }
}
