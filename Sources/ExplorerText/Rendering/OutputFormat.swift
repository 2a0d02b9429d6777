/// How screens are printed: `text` for people (the default), `json` for programs (one object
/// per line), `csv` for spreadsheets (table screens only).
public enum OutputFormat: String, Sendable, CaseIterable {
    case text, json, csv
}
