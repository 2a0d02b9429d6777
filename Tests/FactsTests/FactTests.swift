import ExplorerCore
import Foundation
import Testing
@testable import Facts

/// One row of the document: lenient decoding (trimmed text, an empty string as nothing), what
/// a row without a title is called, which image addresses count, and its id for favourites.
@Suite("Fact")
struct FactTests {
    func decode(_ json: String) throws -> Fact {
        try JSONDecoder().decode(Fact.self, from: Data(json.utf8))
    }

    @Test func textIsTrimmedAndAnEmptyOrBlankStringIsNothing() throws {
        let fact = try decode(#"{"title":"  Beavers\n","description":"\t Big teeth. ","imageHref":" http://a.example/b.png "}"#)
        #expect(fact == Fact(title: "Beavers", description: "Big teeth.", imageHref: "http://a.example/b.png"))

        let blank = try decode(#"{"title":"","description":"   \n\t","imageHref":" "}"#)
        #expect(blank == Fact())
        #expect(blank.title == nil)
        #expect(blank.description == nil)
        #expect(blank.imageHref == nil)
    }

    @Test func aMissingNullOrWronglyTypedFieldIsNothing() throws {
        #expect(try decode(#"{}"#) == Fact())
        #expect(try decode(#"{"title":null,"description":null,"imageHref":null}"#) == Fact())
        #expect(try decode(#"{"title":42,"description":["a"],"imageHref":{"href":"http://a.example/b.png"}}"#) == Fact())
        #expect(try decode(#"{"title":true,"description":"Said.","extra":1}"#) == Fact(description: "Said."))
    }

    @Test func aRowIsEmptyOnlyWhenItSaysNothingAtAll() {
        #expect(Fact().isEmpty)
        #expect(!Fact(title: "Eh").isEmpty)
        #expect(!Fact(description: "Said.").isEmpty)
        #expect(!Fact(imageHref: "http://a.example/b.png").isEmpty)
        #expect(!Fact(imageHref: "not a url").isEmpty, "an address that is no URL is still something")
    }

    @Test func aRowWithoutATitleIsShownAsUntitledAndHasNoID() {
        let untitled = Fact(description: "Said.")
        #expect(untitled.shownTitle == "untitled")
        #expect(untitled.itemID == nil)
        #expect(untitled.favouriteTitle == "untitled")

        let eh = Fact(title: "Eh", description: "A small word.")
        #expect(eh.shownTitle == "Eh")
        #expect(eh.itemID == "Eh", "the title is the id")
        #expect(eh.favouriteTitle == "Eh")
        #expect(Fact.idName == "title")
    }

    @Test func theImageURLIsThereOnlyForHTTPAndHTTPSAddresses() {
        #expect(Fact(imageHref: "http://a.example/b.png").imageURL == URL(string: "http://a.example/b.png"))
        #expect(Fact(imageHref: "HTTPS://a.example/b%20c.jpg").imageURL == URL(string: "HTTPS://a.example/b%20c.jpg"))
        #expect(Fact(imageHref: "ftp://a.example/b.png").imageURL == nil)
        #expect(Fact(imageHref: "file:///etc/passwd").imageURL == nil)
        #expect(Fact(imageHref: "data:image/png;base64,AAAA").imageURL == nil)
        #expect(Fact(imageHref: "/images/b.png").imageURL == nil, "a relative address")
        #expect(Fact(imageHref: "http://").imageURL == nil, "no host")
        #expect(Fact(imageHref: "not a url").imageURL == nil)
        #expect(Fact(title: "Eh").imageURL == nil)
    }
}
