import Testing
@testable import ExplorerCore
@testable import ExplorerShell

@Suite("ScriptStack")
struct ScriptStackTests {
    @Test func scriptsNestAndLeaveInOrder() throws {
        var stack = ScriptStack()
        try stack.enter("a.txt", path: "/w/a.txt")
        try stack.enter("sub/b.txt", path: "/w/sub/b.txt")
        #expect(stack.depth == 2)
        #expect(stack.entries.map(\.name) == ["a.txt", "sub/b.txt"])
        stack.leave()
        #expect(stack.entries == [ScriptStack.Entry(name: "a.txt", path: "/w/a.txt")])
        stack.leave()
        #expect(stack.depth == 0)
    }

    @Test func aScriptRunningItselfIsRefusedByItsResolvedPath() throws {
        var stack = ScriptStack()
        try stack.enter("a.txt", path: "/w/a.txt")
        #expect(throws: CommandError("./a.txt is already running (a script cannot run itself)")) {
            try stack.enter("./a.txt", path: "/w/a.txt")
        }
        #expect(stack.depth == 1, "a refused script is not entered")
    }

    @Test func aScriptRunningItselfThroughOthersNamesTheChain() throws {
        var stack = ScriptStack()
        try stack.enter("main.txt", path: "/w/main.txt")
        try stack.enter("a.txt", path: "/w/a.txt")
        try stack.enter("b.txt", path: "/w/b.txt")
        #expect(throws: CommandError("a.txt is already running (a.txt → b.txt → a.txt: a script cannot run itself)")) {
            try stack.enter("a.txt", path: "/w/a.txt")
        }
        #expect(stack.depth == 3)
    }

    @Test func theSameNameAtAnotherPathIsAnotherScript() throws {
        var stack = ScriptStack()
        try stack.enter("a.txt", path: "/w/a.txt")
        try stack.enter("a.txt", path: "/w/sub/a.txt")
        #expect(stack.depth == 2)
    }

    @Test func depthIsLimited() throws {
        var stack = ScriptStack(maximumDepth: 3)
        for index in 1...3 { try stack.enter("\(index).txt", path: "/w/\(index).txt") }
        #expect(throws: CommandError("cannot run 4.txt: scripts can run inside one another at most 3 deep")) {
            try stack.enter("4.txt", path: "/w/4.txt")
        }
        stack.leave()
        try stack.enter("4.txt", path: "/w/4.txt")
        #expect(stack.entries.map(\.name) == ["1.txt", "2.txt", "4.txt"])
    }

    @Test func theDefaultDepthIsEight() throws {
        var stack = ScriptStack()
        #expect(stack.maximumDepth == 8)
        for index in 1...8 { try stack.enter("\(index).txt", path: "/w/\(index).txt") }
        #expect(throws: CommandError.self) { try stack.enter("9.txt", path: "/w/9.txt") }
    }
}
