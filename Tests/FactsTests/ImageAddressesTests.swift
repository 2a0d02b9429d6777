import Foundation
import Testing
@testable import Facts

@Suite("Image addresses")
struct ImageAddressesTests {
    @Test func anAddressIsItsWebURLEveryTimeAndPastTheCapacity() {
        let addresses = ["http://example.com/a.png", "https://example.com/b c.jpg", "ftp://example.com/c.png",
                         "not a url", "http:///no-host.png", "HTTPS://EXAMPLE.COM/D.PNG", ""]
        func parsed(_ href: String) -> URL? {
            URL(string: href).flatMap { ($0.scheme?.lowercased() == "http" || $0.scheme?.lowercased() == "https") && $0.host != nil ? $0 : nil }
        }
        for round in 0..<3 {
            for href in addresses {
                #expect(ImageAddresses.webURL(href) == parsed(href), "\(href) in round \(round)")
                #expect(Fact(imageHref: href).imageURL == parsed(href))
            }
            // More addresses than are kept: they are forgotten and parsed again.
            for index in 0...ImageAddresses.capacity { _ = ImageAddresses.webURL("http://example.com/\(index).png") }
        }
    }
}
