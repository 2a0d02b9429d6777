import ExplorerText

/// Where a command came from, for its error: line 3 of a script read from stdin, line 3 of a
/// script file, or the second command given with `-c` (counted across them all). Text says it
/// `line 3`, `demo.txt:3`, `-c:2`; JSON as members of the error's object.
struct CommandLocation: Equatable, CustomStringConvertible {
    enum Place: Equatable {
        case line(Int)
        case file(String, line: Int)
        case argument(Int)
    }

    let place: Place

    static func line(_ number: Int) -> CommandLocation { CommandLocation(place: .line(number)) }
    static func file(_ name: String, line: Int) -> CommandLocation { CommandLocation(place: .file(name, line: line)) }
    static func argument(_ number: Int) -> CommandLocation { CommandLocation(place: .argument(number)) }

    var description: String {
        switch place {
        case .line(let number): "line \(number)"
        case .file(let name, let line): "\(name):\(line)"
        case .argument(let number): "-c:\(number)"
        }
    }

    /// `{"line": 3}`, `{"file": "demo.txt", "line": 3}`, `{"command": 2}` (the `-c` count).
    var json: JSONObject {
        switch place {
        case .line(let number): ["line": .int(number)]
        case .file(let name, let line): ["file": .string(name), "line": .int(line)]
        case .argument(let number): ["command": .int(number)]
        }
    }
}
