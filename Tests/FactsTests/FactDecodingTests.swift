import Foundation
import Testing
@testable import Facts

@Suite("Fact decoding")
struct FactDecodingTests {
    @Test func theEmbeddedDocumentHasFourteenRowsOneOfThemEmpty() throws {
        let document = try FactsDocument.decode(Data(EmbeddedFactsDocument.text.utf8))
        #expect(document.title == "About Canada")
        #expect(document.rows.count == 14)
        #expect(document.rows.filter(\.isEmpty).count == 1)
    }
}
