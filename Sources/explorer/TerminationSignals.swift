import ExplorerCore
import Foundation

/// Signals that end explorer end the program it is running too (a player, a pager): without
/// this, `kill` or a closed terminal would end explorer and leave the player running, an
/// orphan. The handler ends the program (SIGTERM), then explorer by the same signal, as if it
/// had not been caught, so a calling shell sees how it ended; when the signal comes while the
/// program is being started, before its process id is known, the start does both as soon as it
/// is (``RunningProgram``). All async-signal-safe: atomics, `sigaction`, `getpid`, `kill`,
/// `tcsetattr`.
enum TerminationSignals {
    /// Installs the handler for `signals` (at a terminal, SIGTERM, SIGHUP and SIGQUIT (Ctrl-\,
    /// which a raw read leaves on): SIGINT belongs to ``InterruptSignal`` there; in a script,
    /// SIGINT too); those ignored from the start stay ignored.
    static func install(_ signals: [Int32]) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            let action = RunningProgram.shared.signalArrived(signal)
            // A key being read (`watch`, `step`) has the terminal raw: the shell gets it back as it was.
            TerminalKeys.restoreForSignal()
            // Then the signal's default action is put back and the signal sent to explorer, which
            // it ends once this handler returns (here it is blocked until then). While a program
            // is being started the handler stays, so another signal in the start comes here too.
            RunningProgram.perform(action)
        }
        // Made now, not first in the handler (where making it could wait on a lock).
        _ = RunningProgram.shared
        sigemptyset(&action.sa_mask)
        for signal in signals {
            // A signal ignored when explorer started (`nohup`, a background job of a script)
            // stays ignored, as in any well-behaved program.
            var current = sigaction()
            sigaction(signal, nil, &current)
            if let handler = current.__sigaction_handler.sa_handler,
               unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
            sigaction(signal, &action, nil)
        }
    }
}
