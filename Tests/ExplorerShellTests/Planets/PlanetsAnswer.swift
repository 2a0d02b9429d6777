/// `GET /planets/`: every planet on one page.
struct PlanetsAnswer: Decodable {
    var results: [Planet]
}
