import Reactive

/// Collects what a subscriber receives. A reference type, so escaping `@MainActor`
/// closures can append to it without capturing a mutable local.
@MainActor
final class Recorder<Value> {
    var values: [Value] = []

    func record(_ value: Value) {
        values.append(value)
    }
}

/// Holds a subscription token so a callback can reach it (to cancel itself or another
/// subscription) before `sink` has returned it.
@MainActor
final class TokenBox {
    var token: AnyCancellable?
}
