/// A JSON array from an API whose elements that cannot be read as `Element` are skipped rather
/// than failing the whole array (one odd result must not cost the others).
public struct LenientArray<Element: Decodable>: Decodable {
    public var elements: [Element]

    /// Any value at all, read and thrown away.
    private struct Skipped: Decodable {
        init(from decoder: any Decoder) {}
    }

    public init(from decoder: any Decoder) throws {
        var list = try decoder.unkeyedContainer()
        var elements: [Element] = []
        while !list.isAtEnd {
            if let element = try? list.decode(Element.self) {
                elements.append(element)
            } else if (try? list.decode(Skipped.self)) == nil {
                break
            }
        }
        self.elements = elements
    }
}
