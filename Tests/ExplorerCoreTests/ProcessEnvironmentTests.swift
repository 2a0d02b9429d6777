import Foundation
import Testing
@testable import ExplorerCore

@Suite("ProcessEnvironment")
struct ProcessEnvironmentTests {
    @Test func givesWhatFoundationGives() {
        let set = ["EXPLORER_TEST_EQUALS": "a=b=c", "EXPLORER_TEST_EMPTY": "", "EXPLORER_TEST_TEXT": "Ñandú ★ 🚀 x"]
        for (name, value) in set { setenv(name, value, 1) }
        defer { for name in set.keys { unsetenv(name) } }
        let variables = ProcessEnvironment.variables
        #expect(variables == ProcessInfo.processInfo.environment)
        for (name, value) in set { #expect(variables[name] == value) }
    }
}
