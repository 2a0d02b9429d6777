import ExplorerCore

/// The settings FactsFeature takes in Plugins.json, checked at start-up and read through here.
extension FactsFeature {
    public nonisolated static let pathSetting = SettingSpec("path", .string, "the document under baseURL")
    public nonisolated static let maxConcurrentImagesPerHostSetting = SettingSpec("maxConcurrentImagesPerHost", .integer(1...32), "images loaded at once from one host (default 6)")
    public nonisolated static let imageTimeoutSetting = SettingSpec("imageTimeout", .number(0.1...120), "seconds an image may take (default 5)")
    public nonisolated static let pageSizeSetting = SettingSpec("pageSize", .integer(1...1000), "facts to a page (default: a screen's worth)")

    public nonisolated static let settings: [SettingSpec] = [pathSetting, maxConcurrentImagesPerHostSetting, imageTimeoutSetting, pageSizeSetting]
}
