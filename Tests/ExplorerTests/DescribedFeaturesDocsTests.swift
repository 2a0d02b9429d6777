import ExplorerCore
import Foundation
import TestSupport
import Testing
@testable import explorer

/// The described entries docs/configuration.md shows, one for each kind of paging, are entries
/// this binary accepts as they are written.
@Suite("Described features in the docs")
struct DescribedFeaturesDocsTests {
    @Test func eachExampleEntryIsAccepted() throws {
        let markdown = try String(contentsOf: TestPaths.repository.appendingPathComponent("docs/configuration.md"), encoding: .utf8)
        let entries = DocsExamplesTests.blocks(in: DocsExamplesTests.section("## Described features", of: markdown)
                                                 + DocsExamplesTests.section("### Paging", of: markdown))
            .filter { $0.language == "json" }.map(\.text)
        let file = #"{"source": "live", "features": [\#(entries.joined(separator: ","))]}"#
        let config = try PluginsConfig.parse(Data(file.utf8), file: "docs/configuration.md", features: BuiltinFeatures.all)
        #expect(config.features.map(\.id) == ["films", "books", "pokemon", "swift-issues", "countries"])
        #expect(config.features.map { $0.description?.list.paging.kind } == ["next", "page", "offset", "link", "none"])
    }
}
