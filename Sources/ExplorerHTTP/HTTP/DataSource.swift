/// Where features get their data: compiled into the binary (the default), or the real APIs.
public enum DataSource: String, Sendable, CaseIterable {
    case embedded, live
}
