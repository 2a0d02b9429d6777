/// Writes a ``JSONValue`` as compact JSON text on one line: members in their order, `/` as is,
/// integers without a fraction, and every character that could act on a terminal (C0 and C1
/// controls, DEL, line and paragraph separators, bidirectional overrides) escaped as `\uXXXX`,
/// so the exact text survives and a line of JSON Lines can never be split or turned into an
/// escape sequence. Numbers that are not finite are written as `null`.
public enum JSONWriter {
    public static func string(_ value: JSONValue) -> String {
        var output = ""
        write(value, to: &output)
        return output
    }

    public static func write(_ value: JSONValue, to output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .double(let value): output += number(value)
        case .string(let value): quote(value, to: &output)
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                write(value, to: &output)
            }
            output += "]"
        case .object(let object):
            output += "{"
            for (index, member) in object.members.enumerated() {
                if index > 0 { output += "," }
                quote(member.key, to: &output)
                output += ":"
                write(member.value, to: &output)
            }
            output += "}"
        }
    }

    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 9e15 { return String(Int(value)) }
        return "\(value)"
    }

    static func quote(_ text: String, to output: inout String) {
        output += "\""
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) {
            output += text
        } else {
            for scalar in text.unicodeScalars {
                switch scalar.value {
                case 0x22: output += "\\\""
                case 0x5C: output += "\\\\"
                case 0x0A: output += "\\n"
                case 0x0D: output += "\\r"
                case 0x09: output += "\\t"
                case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
                    output += "\\u" + hex4(scalar.value)
                default:
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
