import ExplorerCore
import Foundation

/// Signals that end explorer end the program it is running too (a player, a pager): without
/// this, `kill` or a closed terminal would end explorer and leave the player running, an
/// orphan. The handler passes the signal on to the child (async-signal-safe: an atomic load and
/// `kill`), then ends explorer by the same signal, as if it had not been caught, so a calling
/// shell sees how it ended.
enum TerminationSignals {
    /// Installs the handler for `signals` (at a terminal, SIGTERM, SIGHUP and SIGQUIT (Ctrl-\,
    /// which a raw read leaves on): SIGINT belongs to ``InterruptSignal`` there; in a script,
    /// SIGINT too); those ignored from the start stay ignored.
    static func install(_ signals: [Int32]) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            let child = ExternalProgram.running
            if child > 0 { kill(child, SIGTERM) }
            // A key being read (`watch`, `step`) has the terminal raw: the shell gets it back as it was.
            TerminalKeys.restoreForSignal()
            // SA_RESETHAND has restored the default action; the signal is blocked until this
            // handler returns, and then ends explorer.
            raise(signal)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = Int32(bitPattern: UInt32(SA_RESETHAND))
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
