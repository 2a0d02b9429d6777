/// A part of what `arch` draws, by itself: `arch state` is the view model's state alone, `arch
/// stack` the client stack, so one part fits a slide. The program's map and a feature's each
/// fold into their own sections (the client stack is in both); plain `arch` is every section
/// of the map, in this order.
///
/// A section word comes where `arch <command…>` takes a command, so none is the name of a
/// command (a test holds every feature's and the shell's commands to that): `arch state` is
/// always the section.
enum ArchSection: String, CaseIterable, Sendable {
    /// The program's modules, each built only on those before it.
    case modules
    /// The features Plugins.json lists (not `features`: that is a command, and `arch features`
    /// draws its path).
    case plugins
    /// A feature's pieces: its stored properties and their types.
    case pieces
    /// A feature's commands and the intents they send.
    case commands
    /// The view model's state fields, with their values now.
    case state
    /// What its service asks for, the screens its view makes, its timers and what it links to.
    case endpoints
    /// Its tables in the store.
    case tables
    /// The client stack every request goes through, outermost first.
    case stack

    /// Whether the program's map (at the top level) has it.
    var inProgram: Bool { [.modules, .plugins, .stack].contains(self) }

    /// Whether a feature's map has it.
    var inFeature: Bool { self != .modules && self != .plugins }

    /// The sections of the program's map, in order.
    static var program: [ArchSection] { allCases.filter(\.inProgram) }

    /// The sections of a feature's map, in order.
    static var feature: [ArchSection] { allCases.filter(\.inFeature) }

    /// The section a word names (`state`, `STATE`); nil for any other word.
    init?(word: String) {
        self.init(rawValue: word.lowercased())
    }
}
