import GRDB

/// A favourites or cache operation that could not be done, in one line for the user.
public struct StoreError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case corrupt, unwritable, busy, other
    }

    public let kind: Kind
    public let path: String
    private let detail: String

    init(_ kind: Kind, path: String, detail: String) {
        self.kind = kind
        self.path = path
        self.detail = detail
    }

    init(_ error: Error, path: String) {
        if let error = error as? StoreError {
            self = error
            return
        }
        guard let error = error as? DatabaseError else {
            self.init(.other, path: path, detail: String(describing: error))
            return
        }
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            self.init(.corrupt, path: path, detail: "the file is not a usable database; it was left untouched")
        case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_IOERR:
            self.init(.unwritable, path: path, detail: "cannot open or write it")
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            self.init(.busy, path: path, detail: "another explorer kept it locked too long")
        default:
            self.init(.other, path: path, detail: error.message ?? "\(error.resultCode)")
        }
    }

    public var description: String {
        "favourites database \(path): \(detail)"
    }
}
