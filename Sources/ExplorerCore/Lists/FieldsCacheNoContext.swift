/// The context of fields that depend on their item alone (see ``FieldsCache``).
public struct FieldsCacheNoContext: Equatable, Sendable {
    public init() {}
}
