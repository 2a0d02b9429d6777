import ExplorerCore

/// The settings StarshipsFeature takes in Plugins.json, checked at start-up and read through here.
extension StarshipsFeature {
    public nonisolated static let maxConcurrentRequestsSetting = SettingSpec("maxConcurrentRequests", .integer(1...32), "pages asked for at once (default 8)")

    public nonisolated static let settings: [SettingSpec] = [maxConcurrentRequestsSetting]
}
