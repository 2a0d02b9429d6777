/// A segmented control, as a line of choices with counts: `all (82)  [blue (20)]  brown (20) …`,
/// the chosen ones in brackets. In JSON, under `key`, each segment as
/// `{"label": "blue", "value": "blue", "count": 20, "selected": true}` (`value` is null for `all`).
public struct SegmentBar: Sendable, Equatable {
    public struct Segment: Sendable, Equatable {
        public var label: String
        /// What choosing it filters by; nil for "all".
        public var value: String?
        public var count: Int
        public var isSelected: Bool

        public init(label: String, value: String?, count: Int, isSelected: Bool) {
            self.label = label
            self.value = value
            self.count = count
            self.isSelected = isSelected
        }

        /// `blue (20)`, or `[blue (20)]` when chosen.
        public var text: String {
            let item = "\(label) (\(ReadableNumber.grouping(count)))"
            return isSelected ? "[\(item)]" : item
        }

        var json: JSONValue {
            ["label": .string(label), "value": .optional(value), "count": .int(count), "selected": .bool(isSelected)]
        }
    }

    public var key: String
    public var segments: [Segment]

    public init(key: String = "segments", segments: [Segment]) {
        self.key = key
        self.segments = segments
    }
}
