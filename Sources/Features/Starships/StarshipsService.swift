import ExplorerCore
import ExplorerHTTP
import SWAPI

/// The starships API as the view model needs it: SWAPI's `/starships/` list.
public typealias StarshipsService = SWAPIService<Starship>
public typealias StarshipPage = SWAPIPage<Starship>

extension SWAPIService where Item == Starship {
    /// `GET {baseURL}/starships/?page=N` through `http`.
    public static func http(_ http: any HTTPClient) -> StarshipsService {
        .http(http, resource: "starships")
    }
}
