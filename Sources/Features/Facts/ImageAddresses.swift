import ExplorerCore
import Foundation
import Synchronization

/// The web URLs of the facts' image addresses, each parsed once: pages are laid out, rendered
/// and measured again and again (a page is fitted a fact at a time), and parsing an address is
/// most of the cost of asking for a fact's image. The addresses of the last documents read
/// are kept, at most ``capacity`` of them (then all are forgotten and parsed again as needed).
enum ImageAddresses {
    static let capacity = 4_096

    private static let parsed = Mutex<[String: URL?]>([:])

    /// `href` as an http(s) URL with a host, or nil when it is not one.
    static func webURL(_ href: String) -> URL? {
        if let known = parsed.withLock({ $0[href] }) { return known }
        let url = URL(string: href).flatMap { DesktopOpener.isWeb($0) ? $0 : nil }
        parsed.withLock { parsed in
            if parsed.count >= capacity { parsed.removeAll(keepingCapacity: true) }
            parsed[href] = url
        }
        return url
    }
}
