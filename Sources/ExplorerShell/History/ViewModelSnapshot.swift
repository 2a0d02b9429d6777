/// One view model's state as it was right after a command.
struct ViewModelSnapshot {
    let model: LiveViewModel
    /// The state, a value: holding it copies nothing (its storage is shared until written).
    let state: Any
    /// How many states the view model had published when it was read.
    let published: Int
}
