import ExplorerCore
import ExplorerText
import SWAPI

/// Characters as a list: every person of the Star Wars API, loaded at once, its list's columns,
/// its detail's fields and what a person links to — their homeworld and starships, which
/// other features own, their species and vehicles, named.
public struct Characters: FixedListDefinition {
    public typealias SortKey = CharacterSortKey
    public typealias Refinement = CharactersRefinement

    public init() {}

    public static let featureID = "characters"
    public let title = "Characters"
    public static let loading = PagedListLoading.allAtOnce

    /// What text shows, then every other field of a character for data readers.
    public let columns: [ScreenTable.Column] = [
        .init("name", minimumWidth: 16),
        .init("eyes", title: "eye colour", minimumWidth: 6, dropOrder: 3),
        .init("gender", minimumWidth: 6, dropOrder: 1),
        .init("birth_year", title: "birth year", truncatable: false, dropOrder: 2),
    ] + ScreenTable.Column.data(["height_cm", "mass_kg", "hair", "skin", "homeworld", "films", "species", "vehicles", "starships",
               "created", "edited", "url"])

    public let links: [ItemLink<Person>] = [
        .one("homeworld", \.homeworld), .many("films", \.films), .many("species", \.species), .many("vehicles", \.vehicles),
        .many("starships", \.starships),
    ]

    /// As the detail shows them (what a person links to by name where known, else as
    /// `planets/1`; their starships numbered for `follow`) and as data.
    public func fields(_ person: Person, links: LinkedFields<Person>) -> [ScreenField] {
        [
            .data("name", .string(person.name)),
            ScreenField("height_cm", label: "height", text: ReadableNumber.format(person.height, unit: "cm"),
                        value: ReadableNumber.jsonValue(person.height)),
            ScreenField("mass_kg", label: "mass", text: ReadableNumber.format(person.mass, unit: "kg"),
                        value: ReadableNumber.jsonValue(person.mass)),
            .swapi("hair", person.hairColor),
            .swapi("skin", person.skinColor),
            .swapi("eyes", person.eyeColor),
            .swapi("birth_year", label: "birth year", person.birthYear),
            .swapi("gender", person.gender),
            links["homeworld"],
            links["films"],
            links["species"],
            links["vehicles"],
            links["starships"],
            .swapiTimestamp("created", person.created),
            .swapiTimestamp("edited", person.edited),
            .swapi("url", person.url),
        ]
    }

    public func sortedColumn(_ key: CharacterSortKey) -> (key: String, title: String)? {
        switch key {
        case .name: nil
        case .birth: ("birth_year", "birth year")
        case .height: ("height_cm", "height")
        case .mass: ("mass_kg", "mass")
        }
    }
}
