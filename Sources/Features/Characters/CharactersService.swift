import ExplorerCore
import ExplorerHTTP
import SWAPI

/// The people API as the view model needs it: SWAPI's `/people/` list.
public typealias CharactersService = SWAPIService<Person>
public typealias PeoplePage = SWAPIPage<Person>

extension SWAPIService where Item == Person {
    /// `GET {baseURL}/people/?page=N` through `http`.
    public static func http(_ http: any HTTPClient) -> CharactersService {
        .http(http, resource: "people")
    }
}
