/// The settings every paged list feature takes in Plugins.json.
public enum PagedListSettings {
    public static let maxConcurrentRequests = SettingSpec("maxConcurrentRequests", .integer(1...32), "pages (on refresh) or linked names asked for at once (default 8)")

    public static let all: [SettingSpec] = [maxConcurrentRequests]
}
