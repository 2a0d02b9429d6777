import ExplorerCore
import ExplorerText

extension ScreenField {
    /// A SWAPI text field: shown as SWAPI writes it (`unknown` included); as data `null` where
    /// SWAPI says `unknown` or sends nothing, as JSON and CSV give every unknown or missing value.
    public static func swapi(_ key: String, label: String? = nil, _ text: String) -> ScreenField {
        ScreenField(key, label: label, text: text, value: SWAPIResource.value(text))
    }

    /// A SWAPI timestamp (`created`, `edited`): its day as text, the whole timestamp as data
    /// (`null` when unknown or missing).
    public static func swapiTimestamp(_ key: String, _ timestamp: String) -> ScreenField {
        ScreenField(key, text: SWAPIResource.day(timestamp), value: SWAPIResource.value(timestamp))
    }

    /// A SWAPI number: readable as text (`1,000,000 credits`), a number (or range, or null) as data.
    public static func swapiNumber(_ key: String, _ label: String, _ text: String, unit: String? = nil) -> ScreenField {
        ScreenField(key, label: label, text: ReadableNumber.format(text, unit: unit), value: ReadableNumber.jsonValue(text))
    }
}
