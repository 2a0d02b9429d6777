import Foundation

extension JSONValue {
    /// The value JSONSerialization read as `object`, converted as it is rather than written out
    /// and decoded again; nil for anything JSONSerialization does not give. NSNumber stands for
    /// booleans and numbers alike: only a real boolean becomes `.bool`, a whole number that fits
    /// (`8`, and `8.0` or `8e0` too, as decoding the number's text would) becomes `.int`, any
    /// other number `.double`.
    public init?(serialized object: Any) {
        switch object {
        case let text as String:
            self = .string(text)
        case let number as NSNumber:
            switch String(cString: number.objCType) {
            case "c": self = .bool(number.boolValue)
            case "d", "f", "Q":
                let value = number.doubleValue
                self = Int(exactly: value).map(JSONValue.int) ?? .double(value)
            default: self = .int(number.intValue)
            }
        case let list as [Any]:
            var values: [JSONValue] = []
            values.reserveCapacity(list.count)
            for item in list {
                guard let value = JSONValue(serialized: item) else { return nil }
                values.append(value)
            }
            self = .array(values)
        case let members as [String: Any]:
            var result = JSONObject()
            for key in members.keys.sorted() {
                guard let value = members[key].flatMap(JSONValue.init(serialized:)) else { return nil }
                result[key] = value
            }
            self = .object(result)
        case is NSNull:
            self = .null
        default:
            return nil
        }
    }
}
