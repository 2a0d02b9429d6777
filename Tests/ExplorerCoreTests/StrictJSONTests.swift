import Testing
@testable import ExplorerCore

@Suite("StrictJSON.member")
struct StrictJSONTests {
    @Test(arguments: [
        ("baseURL", "$.features[0].baseURL"), ("_x1", "$.features[0]._x1"), ("Z9_z", "$.features[0].Z9_z"),
        ("1a", #"$.features[0]["1a"]"#), ("odd key", #"$.features[0]["odd key"]"#), ("naïve", #"$.features[0]["naïve"]"#),
        ("é", #"$.features[0]["é"]"#), ("a-b", #"$.features[0]["a-b"]"#), ("", #"$.features[0][""]"#),
        ("a\u{0660}", #"$.features[0]["a\#u{0660}"]"#),
    ])
    func namesAPlainKeyWithADotAndAnyOtherInBrackets(key: String, path: String) {
        #expect(StrictJSON.member(key, of: "$.features[0]") == path)
    }
}
