import ExplorerCore
import ExplorerHTTP
import Foundation

/// Facts' embedded data: the document (titles and image addresses of the recorded About
/// Canada file, descriptions written here). No images: a row says its image is unavailable
/// offline unless the image cache holds it from a live session.
public enum FactsEmbeddedData {
    /// Answers the document's request (whatever its path); nothing else, images included.
    public static let responder: EmbeddedResponder = { request in
        guard request.absoluteURL == nil else { return nil }
        // Served as the original was: as text, not JSON.
        return HTTPResponse(status: 200, headers: ["content-type": "text/plain; charset=utf-8"], body: Data(utf8: EmbeddedFactsDocument.text))
    }
}
