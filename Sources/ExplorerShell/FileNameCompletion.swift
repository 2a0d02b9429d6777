import ExplorerCore
import Foundation

/// Completes a file name being typed (`run dem` → `demo.txt`, `run scripts/` → the entries of
/// `scripts/`): the entries of the directory the partial name is in (the working directory
/// when it names none) whose names start with the rest of it, sorted, directories ending in
/// `/` so that completing can go on inside them. Hidden entries only when the name typed
/// starts with `.`.
public enum FileNameCompletion {
    public static func candidates(for partial: String, in workingDirectory: String = FileManager.default.currentDirectoryPath) -> [String] {
        let directoryPart: String
        let namePrefix: String
        if let slash = partial.lastIndex(of: "/") {
            directoryPart = String(partial[...slash])
            namePrefix = String(partial[partial.index(after: slash)...])
        } else {
            directoryPart = ""
            namePrefix = partial
        }
        let directory: String
        if directoryPart.hasPrefix("/") {
            directory = directoryPart
        } else {
            directory = (workingDirectory as NSString).appendingPathComponent(directoryPart.isEmpty ? "." : directoryPart)
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return names
            .filter { $0.hasPrefix(namePrefix) && (namePrefix.hasPrefix(".") || !$0.hasPrefix(".")) }
            .sorted()
            .map { name in
                var isDirectory: ObjCBool = false
                let path = (directory as NSString).appendingPathComponent(name)
                let isFolder = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
                return directoryPart + name + (isFolder ? "/" : "")
            }
    }
}
