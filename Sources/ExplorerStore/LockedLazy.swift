import Synchronization

/// A value made on first successful use and kept; a failed attempt is retried next time.
final class LockedLazy<Value: Sendable>: Sendable {
    private let storage = Mutex<Value?>(nil)

    func value(_ make: () throws -> Value) throws -> Value {
        try storage.withLock { stored in
            if let stored { return stored }
            let made = try make()
            stored = made
            return made
        }
    }

    /// The value if it has been made.
    var existingValue: Value? {
        storage.withLock { $0 }
    }

    /// Puts `value` in place of the one made (or of none); returns what was there.
    func replace(with value: Value) -> Value? {
        storage.withLock { stored in
            defer { stored = value }
            return stored
        }
    }
}
