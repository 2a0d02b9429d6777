import ExplorerCore
import ExplorerText

extension Shell {
    /// `step FILE`: the file's lines run as `run FILE` runs them, each line that holds commands
    /// a step, shown before it runs — its caption (the comment lines directly above it) and the
    /// line after the prompt, as if typed there. At a terminal (``stepKeys``, at the prompt
    /// rather than inside a `run`) each step waits for a key (``StepKey``); elsewhere each runs
    /// as it is shown. Errors are reported as `run`'s are (`error: demo.txt:7: …`) and stepping
    /// goes on; throws ``ScriptFailure`` when any failed, or why the file cannot be stepped.
    ///
    /// What `step` says itself — each step, `skipped`, where it stopped — goes to stdout beside
    /// the screens (``ScreenPrinter/printBeside(_:)``), as the prompt does: never into a `once`
    /// or `output` file.
    func step(through name: String) async throws {
        if let file = steppingThrough {
            throw CommandError("already stepping through \(file.sanitizedForTerminal): a stepped file steps no other (`run FILE` runs one whole, as one step)")
        }
        // A person presses the keys at the prompt; a script's `step` runs through.
        let keys = scripts.depth == 0 ? stepKeys : nil
        let script = try ScriptFile(name)
        // Its steps are read first, to number them (`step 2 of 9`): a device or a pipe could
        // go on for ever.
        guard script.isRegularFile else {
            throw CommandError("\(name) is not a file on disk: `step` reads a script's steps before the first (`run FILE` reads any)")
        }
        try scripts.enter(name, path: script.resolvedPath)
        defer { scripts.leave() }
        guard let steps = ScriptStep.steps(reading: script.lines, atMost: ScriptStep.maxSteps) else {
            throw CommandError("\(name) has over \(ReadableNumber.grouping(ScriptStep.maxSteps)) commands: more than a talk steps through (`run FILE` runs it whole)")
        }
        guard !steps.isEmpty else {
            printer.printBeside(stepNotice("\(name) has no commands to step through", facts: ["file": .string(name), "steps": 0]))
            return
        }
        steppingThrough = name
        defer { steppingThrough = nil }
        let failuresBefore = failureCount
        var failed = false
        stepping: for (index, step) in steps.enumerated() where !isStopped {
            let location = CommandLocation.file(name, line: step.line)
            guard case .command(let text) = step.input else {
                if case .unusable(let reason) = step.input { report(CommandError(reason), at: location) }
                failed = true
                if options.bail { break }
                continue
            }
            printer.printBeside(stepHeading(step, text, number: index + 1, of: steps.count, file: name))
            if let keys {
                let key: StepKey
                do {
                    key = try await waitForStepKey(keys, number: index + 1, of: steps.count)
                } catch {
                    // Ctrl-C while waiting: as q.
                    printer.printBeside(stepNotice("stopped before line \(step.line) of \(name)", facts: stopFacts(name, step, "key")))
                    throw error
                }
                switch key {
                case .run:
                    break
                case .skip:
                    printer.printBeside(Screen(feature: nil, kind: "step", facts: ["file": .string(name), "line": .int(step.line), "skipped": true],
                                               blocks: [.hint("skipped")]))
                    continue
                case .stop:
                    printer.printBeside(stepNotice("stopped before line \(step.line) of \(name)", facts: stopFacts(name, step, "key")))
                    break stepping
                }
            }
            let succeeded = await execute(text, at: location, inScript: true)
            if Task.isCancelled {
                // Ctrl-C in the command (at a terminal): it is cut short, and stepping ends there.
                printer.printBeside(stepNotice("stopped at line \(step.line) of \(name): interrupted", facts: stopFacts(name, step, "interrupted")))
                throw CancellationError()
            }
            if wantsToQuit {
                // The presenter stays at the prompt: `quit` leaves the file, not explorer.
                wantsToQuit = false
                printer.printBeside(stepNotice("`quit` on line \(step.line) ends stepping through \(name)", facts: stopFacts(name, step, "quit")))
                break
            }
            if !succeeded {
                failed = true
                if options.bail { break }
            }
        }
        try endScript(name, failed: failed, failuresBefore: failuresBefore)
    }

    /// A step as it is shown: a blank line before a captioned one (but the first), its caption
    /// (dim at a terminal), and the line after the prompt it is typed at.
    private func stepHeading(_ step: ScriptStep, _ text: String, number: Int, of count: Int, file: String) -> Screen {
        var blocks: [ScreenBlock] = number > 1 && !step.caption.isEmpty ? [.blankLine] : []
        blocks += step.caption.map { .hint($0) }
        blocks.append(.line(prompt + text))
        let caption: JSONValue = step.caption.isEmpty ? .null : .string(step.caption.joined(separator: "\n"))
        return Screen(feature: nil, kind: "step",
                      facts: ["file": .string(file), "step": .int(number), "steps": .int(count), "line": .int(step.line),
                              "caption": caption, "command": .string(text)],
                      blocks: blocks)
    }

    private func stepNotice(_ text: String, facts: JSONObject) -> Screen {
        Screen(feature: nil, kind: "step", facts: facts, blocks: [.line(text)])
    }

    private func stopFacts(_ file: String, _ step: ScriptStep, _ reason: String) -> JSONObject {
        ["file": .string(file), "line": .int(step.line), "stopped": .string(reason)]
    }

    /// Waits for a key that means something to `step`, saying which on the transient status
    /// line (erased when the key comes). Reads in short slices so that Ctrl-C, which cancels
    /// the command, is noticed at once; between them the main actor is free for what runs
    /// beside the command (a prefetch). The terminal is raw only while a slice reads.
    private func waitForStepKey(_ read: (Double) -> [UInt8], number: Int, of count: Int) async throws -> StepKey {
        let hint = "step \(number) of \(count) · Enter runs it · s skips · q stops"
        output.progress(terminal.style.dim(hint.truncated(toWidth: terminal.currentWidth - 1)))
        defer { output.clearProgress() }
        while true {
            try Task.checkCancellation()
            if let key = StepKey(bytes: read(0.1)) { return key }
            await Task.yield()
        }
    }
}
