/// The escapes a transcript's `--- stdin` section may use to say exactly which bytes explorer
/// reads (nowhere else in a transcript are they special):
///
/// - `\xHH`: the byte with hex value HH (two digits), e.g. `\xFF` for invalid UTF-8, `\x0D`
///   for a carriage return;
/// - `\\`: one backslash (so explorer's own `\` escape is written `\\`);
/// - `\{N*TEXT}`: TEXT repeated N times, e.g. `\{10240*a}` for a 10 kB line (TEXT is
///   literal and cannot contain `}`).
///
/// Any other backslash stands for itself.
enum StdinEscapes {
    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    static func decode(_ text: String) throws(Malformed) -> [UInt8] {
        let characters = Array(text.unicodeScalars)
        var bytes: [UInt8] = []
        var index = 0
        func fail(_ message: String) -> Malformed {
            let line = characters[..<index].filter { $0 == "\n" }.count + 1
            return Malformed(description: "stdin line \(line): \(message)")
        }
        while index < characters.count {
            let scalar = characters[index]
            guard scalar == "\\", index + 1 < characters.count else {
                bytes += Array(String(scalar).utf8)
                index += 1
                continue
            }
            switch characters[index + 1] {
            case "\\":
                bytes.append(UInt8(ascii: "\\"))
                index += 2
            case "x":
                guard index + 3 < characters.count,
                      let byte = UInt8(String(String.UnicodeScalarView(characters[(index + 2)...(index + 3)])), radix: 16) else {
                    throw fail("`\\x` needs two hex digits")
                }
                bytes.append(byte)
                index += 4
            case "{":
                guard let close = characters[(index + 2)...].firstIndex(of: "}") else {
                    throw fail("`\\{` is never closed with `}`")
                }
                let body = String(String.UnicodeScalarView(characters[(index + 2)..<close]))
                guard let star = body.firstIndex(of: "*"), let count = Int(body[..<star]), count >= 0 else {
                    throw fail("expected `\\{N*TEXT}`, not `\\{\(body)}`")
                }
                let unit = Array(body[body.index(after: star)...].utf8)
                for _ in 0..<count { bytes += unit }
                index = close + 1
            default:
                bytes.append(UInt8(ascii: "\\"))
                index += 1
            }
        }
        return bytes
    }
}
