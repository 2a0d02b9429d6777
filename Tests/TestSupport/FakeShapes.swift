import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Support/fake_shapes.py running on a loopback port for one test: an API shaped like PokeAPI,
/// GitHub's issues or Open Library's search (see the top of the script for what each serves,
/// and its faults and hostile answers), stopped when the test is done (``stop()``, or at the
/// latest when this object goes away; the script also exits by itself if the test runner dies).
public final class FakeShapes: Sendable {
    /// The three shapes, each described for explorer by `Tests/TestSupport/described/SHAPE.json`.
    public enum Shape: String, Sendable, CaseIterable, CustomStringConvertible {
        case pokeapi, github, openlibrary

        public var description: String { rawValue }

        /// The feature its description makes (the first, for PokeAPI's pokemon and types).
        public var feature: String {
            switch self {
            case .pokeapi: "pokemon"
            case .github: "issues"
            case .openlibrary: "works"
            }
        }
    }

    /// One request the server received, as `GET /requests` lists it: header names, never values.
    public struct Request: Sendable, Equatable, Decodable, CustomStringConvertible {
        public let method: String
        public let target: String
        public let headers: [String]

        public var description: String { "\(method) \(target)" }
    }

    public let shape: Shape
    private let server: LoopbackScript
    public var port: Int { server.port }

    /// Starts the server shaped as `shape` with extra `arguments` (`--token T`, `--loop-next`,
    /// `--garbage PATTERN`, …) and waits until it announces its port.
    public init(_ shape: Shape, _ arguments: [String] = [], sandbox: Sandbox) async throws {
        server = try await LoopbackScript(TestPaths.fakeShapes, ["--shape", shape.rawValue, "--max-seconds", "600"] + arguments,
                                          name: "fake_shapes.py --shape \(shape)", sandbox: sandbox)
        self.shape = shape
    }

    /// `http://127.0.0.1:PORT`.
    public var origin: String { "http://127.0.0.1:\(port)" }

    /// The shape's Plugins.json (`described/SHAPE.json`) with this server's port in its URLs.
    public func pluginsJSON() throws -> String {
        let file = TestPaths.describedShapes.appendingPathComponent("\(shape.rawValue).json")
        return try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "127.0.0.1:PORT", with: "127.0.0.1:\(port)")
    }

    /// The requests received so far, oldest first (`GET /requests`, which is not itself listed).
    public func requests() async throws -> [Request] {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.connectionProxyDictionary = [:]
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(from: URL(string: "\(origin)/requests")!)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw SetupError("fake_shapes.py: GET /requests answered \(String(describing: response))")
        }
        return try JSONDecoder().decode([Request].self, from: data)
    }

    /// The request targets received so far, oldest first (`/search.json?page=1&limit=10`).
    public func targets() async throws -> [String] {
        try await requests().map(\.target)
    }

    /// Ends the server; its port then refuses connections for as long as this object lives
    /// (``LoopbackScript/stop()``).
    public func stop() {
        server.stop()
    }
}
