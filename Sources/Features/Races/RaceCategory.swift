/// The three kinds of racing Neds lists, known by their category ids.
public enum RaceCategory: String, Sendable, CaseIterable, Codable {
    case horse, harness, greyhound

    public var id: String {
        switch self {
        case .horse: "4a2788f8-e825-4d36-9894-efd4baf1cfae"
        case .harness: "161d9be2-e909-4326-8c2c-35ed71fb460b"
        case .greyhound: "9daef0d7-bf3c-4f50-921d-8e818c60fe61"
        }
    }

    public init?(id: String) {
        guard let category = Self.allCases.first(where: { $0.id == id.lowercased() }) else { return nil }
        self = category
    }
}
