import ExplorerCore

/// The settings CharactersFeature takes in Plugins.json, checked at start-up and read through here.
extension CharactersFeature {
    public nonisolated static let maxConcurrentPagesSetting = SettingSpec("maxConcurrentPages", .integer(1...32), "pages asked for at once (default 8; 1 loads them one after another)")

    public nonisolated static let maxPagesSetting = SettingSpec("maxPages", .integer(1...10_000), "the most pages one load fetches, whatever count the server reports (default 100)")

    public nonisolated static let settings: [SettingSpec] = [maxConcurrentPagesSetting, maxPagesSetting]
}
