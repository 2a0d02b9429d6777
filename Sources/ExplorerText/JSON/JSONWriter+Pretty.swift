extension JSONWriter {
    /// `value` as indented JSON, one line a member or element (`indent` spaces a level), each
    /// string escaped as ``string(_:)`` escapes it: for reading an answer, not for a program.
    public static func prettyLines(_ value: JSONValue, indent: Int = 2) -> [String] {
        var lines: [String] = []
        write(value, prefix: "", depth: 0, indent: indent, suffix: "", into: &lines)
        return lines
    }

    private static func write(_ value: JSONValue, prefix: String, depth: Int, indent: Int, suffix: String, into lines: inout [String]) {
        let pad = String(repeating: " ", count: depth * indent)
        switch value {
        case .array(let values) where !values.isEmpty:
            lines.append(pad + prefix + "[")
            for (index, element) in values.enumerated() {
                write(element, prefix: "", depth: depth + 1, indent: indent, suffix: index < values.count - 1 ? "," : "", into: &lines)
            }
            lines.append(pad + "]" + suffix)
        case .object(let object) where !object.isEmpty:
            lines.append(pad + prefix + "{")
            for (index, member) in object.members.enumerated() {
                var key = ""
                quote(member.key, to: &key)
                write(member.value, prefix: key + ": ", depth: depth + 1, indent: indent,
                      suffix: index < object.count - 1 ? "," : "", into: &lines)
            }
            lines.append(pad + "}" + suffix)
        default:
            lines.append(pad + prefix + string(value) + suffix)
        }
    }
}
