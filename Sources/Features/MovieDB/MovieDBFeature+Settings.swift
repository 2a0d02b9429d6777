import ExplorerCore

/// The settings MovieDBFeature takes in Plugins.json, checked at start-up and read through here.
extension MovieDBFeature {
    public nonisolated static let imageBaseURLSetting = SettingSpec("imageBaseURL", .url, "where posters are (default https://image.tmdb.org/t/p/w500)")
    public nonisolated static let apiKeyFileSetting = SettingSpec("apiKeyFile", .path, "a file holding TMDB's key (default $XDG_CONFIG_HOME/explorer/tmdb-key)")

    public nonisolated static let settings: [SettingSpec] = [imageBaseURLSetting, apiKeyFileSetting]
}
