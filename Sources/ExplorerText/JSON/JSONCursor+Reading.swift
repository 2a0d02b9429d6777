import Foundation

extension JSONCursor {
    /// What `reading` reads of `bytes` with a cursor over them where they are; nil where it
    /// gives up (or throws anything else): the caller then leaves the bytes to `JSONDecoder`.
    @inlinable
    public static func read<Value>(_ bytes: Data, _ reading: (inout JSONCursor) throws -> Value) -> Value? {
        bytes.withUnsafeBytes { raw in
            var cursor = JSONCursor(raw.bindMemory(to: UInt8.self))
            return try? reading(&cursor)
        }
    }

    /// Reads the object that comes next member by member, as a lenient `init(from:)` reads its
    /// keys: each member `known` names is given to `read` (with the cursor at its value, which
    /// `read` must read), and a known member given twice gives up, `JSONDecoder` not being sure
    /// to read it alike; every other member is passed over. A member is named by a number
    /// below 64 (its raw value).
    @inlinable
    public mutating func readObject<Member: RawRepresentable>(
        members known: (UnsafeBufferPointer<UInt8>) -> Member?,
        _ read: (Member, inout JSONCursor) throws -> Void
    ) throws where Member.RawValue == Int {
        guard try nextKind() == .object else { throw GiveUp() }
        try enterObject()
        var seen: UInt64 = 0
        var first = true
        while let key = try nextKey(first: &first) {
            guard let member = known(key) else {
                try skipValue()
                continue
            }
            assert((0..<64).contains(member.rawValue), "a member is named by a number below 64")
            let bit: UInt64 = 1 << UInt64(member.rawValue)
            guard seen & bit == 0 else { throw GiveUp() }
            seen |= bit
            try read(member, &self)
        }
    }

    /// The elements of the array that comes next, each read by `element`; nil when any of them
    /// is not what `element` reads (it gives nil, having passed over the value), as a lenient
    /// `init(from:)` takes an array of one type or nothing.
    @inlinable
    public mutating func readArray<Element>(_ element: (inout JSONCursor) throws -> Element?) throws -> [Element]? {
        try enterArray()
        var elements: [Element] = []
        var allRead = true
        var first = true
        while try nextElement(first: &first) {
            if let value = try element(&self) { elements.append(value) } else { allRead = false }
        }
        return allRead ? elements : nil
    }
}
