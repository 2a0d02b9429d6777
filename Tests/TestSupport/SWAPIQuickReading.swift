import ExplorerHTTP
import Foundation
import SWAPI

/// Holds the quick reading of SWAPI pages and items (``SWAPIPage/quicklyDecoded(_:)``,
/// ``SWAPIItem/quicklyDecoded(_:)``) to `JSONDecoder`'s, for an item type: it must read every
/// page and item the embedded data serves, alike, and on an odd body read alike or give nil.
public enum SWAPIQuickReading {
    /// What differs for `Item` over `resource`'s embedded pages and items and `oddItems` (each
    /// an item's JSON), as lines saying what; empty when nothing does.
    public static func differences<Item: SWAPIItem>(_ type: Item.Type, resource: String, oddItems: [String]) -> [String] {
        var found: [String] = []
        var pages: [Data] = []
        for number in 1... {
            guard let page = SWAPIEmbeddedData.responder(SWAPIService<Item>.request(resource: resource, page: number)) else { break }
            pages.append(page.body)
        }
        if pages.isEmpty { found.append("no embedded pages of \(resource)") }
        for (number, body) in pages.enumerated() {
            let reference = try? JSONDecoder().decode(SWAPIPage<Item>.self, from: body)
            guard let quick = SWAPIPage<Item>.quicklyDecoded(body) else {
                found.append("page \(number + 1) of \(resource) is not read quickly")
                continue
            }
            if quick != reference { found.append("page \(number + 1) of \(resource) is read otherwise") }
            for item in quick.results {
                guard let body = SWAPIEmbeddedData.responder(HTTPRequest(path: "/\(resource)/\(item.id)/"))?.body else {
                    found.append("no embedded item \(resource)/\(item.id)")
                    continue
                }
                if Item.quicklyDecoded(body) != item || (try? JSONDecoder().decode(Item.self, from: body)) != item {
                    found.append("item \(resource)/\(item.id) is read otherwise")
                }
            }
        }
        for text in oddItems {
            let item = Data(text.utf8)
            let page = Data(#"{"count": 1, "next": null, "results": [\#(text)]}"#.utf8)
            if let quick = Item.quicklyDecoded(item), quick != (try? JSONDecoder().decode(Item.self, from: item)) {
                found.append("read otherwise: \(text)")
            }
            if let quick = SWAPIPage<Item>.quicklyDecoded(page), quick != (try? JSONDecoder().decode(SWAPIPage<Item>.self, from: page)) {
                found.append("a page of it read otherwise: \(text)")
            }
        }
        return found
    }

    /// Bodies of a page written to catch the page's own reading out, for any item type: each
    /// must be read as `JSONDecoder` reads it, or left to it.
    public static let oddPages: [String] = [
        #"{"count": 0, "next": null, "results": []}"#, #"{"count": 0, "results": []}"#, #"{"results": [], "count": 3}"#,
        #"{"count": 1.0, "next": null, "results": []}"#, #"{"count": "1", "results": []}"#, #"{"count": 1, "next": 5, "results": []}"#,
        #"{"count": 1, "next": "https://swapi.dev/api/x/?page=2", "results": [], "previous": {"a": [1]}}"#,
        #"{"count": 1, "count": 2, "results": []}"#, #"{"count": 1}"#, #"{"count": 1, "results": {}}"#, #"[]"#, "",
        #"{"count": 1, "results": []} ,"#, #"{"count": 1, "results": [], }"#,
    ]

    /// What differs for `Item` over ``oddPages``.
    public static func pageDifferences<Item: SWAPIItem>(_ type: Item.Type) -> [String] {
        oddPages.compactMap { text in
            let body = Data(text.utf8)
            guard let quick = SWAPIPage<Item>.quicklyDecoded(body) else { return nil }
            return quick == (try? JSONDecoder().decode(SWAPIPage<Item>.self, from: body)) ? nil : "read otherwise: \(text)"
        }
    }
}
