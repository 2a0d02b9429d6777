import ExplorerCore

/// The settings RacesFeature takes in Plugins.json, checked at start-up and read through here.
extension RacesFeature {
    public nonisolated static let pollIntervalSetting = SettingSpec("pollInterval", .number(1...86400), "seconds between polls (default 300)")
    public nonisolated static let resortIntervalSetting = SettingSpec("resortInterval", .number(1...86400), "seconds between re-sorts (default 50)")
    public nonisolated static let visibleSetting = SettingSpec("visible", .integer(1...50), "rows shown (default 5)")
    public nonisolated static let countSetting = SettingSpec("count", .integer(1...100), "races asked for (default 10)")

    public nonisolated static let settings: [SettingSpec] = [pollIntervalSetting, resortIntervalSetting, visibleSetting, countSetting]
}
