import ExplorerCore
import ExplorerHTTP

/// The answers compiled in: what `source embedded` serves with no network.
enum PlanetsEmbeddedData {
    static let planets = """
        {"results": [
          {"id": "1", "name": "Tatooine", "climate": "arid", "population": 200000},
          {"id": "2", "name": "Alderaan", "climate": "temperate", "population": 2000000000},
          {"id": "3", "name": "Yavin IV", "climate": "temperate, tropical", "population": 1000},
          {"id": "5", "name": "Dagobah", "climate": "murky", "population": null}]}
        """

    static let responder: EmbeddedResponder = { request in
        request.path == "/planets/" ? HTTPResponse.json(planets) : nil
    }
}
