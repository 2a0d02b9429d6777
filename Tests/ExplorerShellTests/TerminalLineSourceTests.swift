import Foundation
import Testing
@testable import ExplorerCore
@testable import ExplorerShell

/// Lines typed at a terminal while stdout is redirected, read from a pipe standing in for the
/// terminal, with a second pipe standing in for Ctrl-C.
@MainActor
@Suite("TerminalLineSource")
struct TerminalLineSourceTests {
    final class Pipes {
        var input: [Int32] = [-1, -1]
        var interrupt: [Int32] = [-1, -1]
        var prompts: [String] = []
        var acknowledged = 0

        init() {
            pipe(&input)
            pipe(&interrupt)
        }

        deinit {
            (input + interrupt).filter { $0 >= 0 }.forEach { close($0) }
        }

        func type(_ text: String) {
            _ = text.utf8CString.withUnsafeBufferPointer { write(input[1], $0.baseAddress, text.utf8.count) }
        }

        func endOfInput() {
            close(input[1])
            input[1] = -1
        }

        func pressControlC() {
            var byte: UInt8 = 1
            write(interrupt[1], &byte, 1)
        }

        @MainActor func source() -> TerminalLineSource {
            TerminalLineSource(descriptor: input[0], interruptDescriptor: interrupt[0],
                               acknowledgeInterrupt: { [self] in
                                   acknowledged += 1
                                   var buffer = [UInt8](repeating: 0, count: 8)
                                   read(interrupt[0], &buffer, 8)
                               },
                               showPrompt: { [self] in prompts.append($0) })
        }
    }

    @Test func linesAreReadAsTheyComeWithThePromptBeforeEach() {
        let pipes = Pipes()
        let source = pipes.source()
        #expect(source.positions == .unnumbered, "a person is typing: errors name no line")
        pipes.type("use starships\nopen 3\n")
        #expect(source.nextLine(prompt: "explorer› ") == .line("use starships", number: 1))
        #expect(source.nextLine(prompt: "starships› ") == .line("open 3", number: 2))
        #expect(pipes.prompts == ["explorer› ", "starships› "])
    }

    @Test func controlDEndsTheInputAndTheLineOfThePrompt() {
        let pipes = Pipes()
        let source = pipes.source()
        pipes.type("features\nunfinished")
        pipes.endOfInput()
        #expect(source.nextLine(prompt: "› ") == .line("features", number: 1))
        #expect(source.nextLine(prompt: "› ") == .line("unfinished", number: 2))
        #expect(source.nextLine(prompt: "› ") == nil)
        #expect(pipes.prompts == ["› ", "› ", "› ", "\n"])
    }

    @Test func controlCDropsWhatWasTypedAndAsksAgain() {
        let pipes = Pipes()
        let source = pipes.source()
        pipes.pressControlC()
        #expect(source.nextLine(prompt: "› ") == .interrupted)
        #expect(pipes.acknowledged == 1)
        pipes.type("features\n")
        #expect(source.nextLine(prompt: "› ") == .line("features", number: 1))
        #expect(pipes.prompts == ["› ", "\n", "› "])
    }

    @Test func invalidUTF8IsReportedNotRun() {
        let pipes = Pipes()
        let source = pipes.source()
        _ = [UInt8]([0x6F, 0x70, 0xFF, 0x0A]).withUnsafeBufferPointer { write(pipes.input[1], $0.baseAddress, 4) }
        guard case .unusable(_, let number) = source.nextLine(prompt: "› ") else {
            Issue.record("invalid UTF-8 was taken as a line")
            return
        }
        #expect(number == 1)
    }
}
