/// The layer a trace line comes from, which its colour says at a colour terminal (see
/// ``Tracer/coloursLines``): requests and what the client stack says of them, a view model's
/// emissions, a view's renders, a state's diff, a timer; any other note is left plain.
public enum TraceLayer: Sendable, CaseIterable {
    /// A request and its answer, and what the client stack's layers say of it (`net:`, `cache:`,
    /// `record:`, `replay:`, a retry).
    case network
    /// An observable's emission: `StarshipsViewModel.state ← …`.
    case emission
    /// A view turned state into a screen: `StarshipsView rendered`.
    case render
    /// `trace state`: a view model's state changed (the heading of its diff).
    case state
    /// A timer ran on the clock: `timer races poll ran at 08:05:00`.
    case timer
    /// Anything else a layer notes (`follow:`, `races: poll failed`).
    case note

    /// Its colour, as an SGR code (ECMA-48): cyan, magenta, green, yellow, blue; none for a note.
    public var colour: String? {
        switch self {
        case .network: "36"
        case .emission: "35"
        case .render: "32"
        case .state: "33"
        case .timer: "34"
        case .note: nil
        }
    }
}
