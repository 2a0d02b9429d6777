import ExplorerCore

/// The settings ITunesFeature takes in Plugins.json, checked at start-up and read through here.
extension ITunesFeature {
    public nonisolated static let countrySetting = SettingSpec("country", .string, "the store searched, a country code (default US)")
    public nonisolated static let limitSetting = SettingSpec("limit", .integer(1...200), "results asked for (default 50)")

    public nonisolated static let settings: [SettingSpec] = [countrySetting, limitSetting]
}
