import ExplorerCore
import Characters
import Facts
import ITunes
import MovieDB
import Planets
import Races
import Starships

/// Every feature this binary is built with; Plugins.json chooses which are enabled and in
/// what order. Adding a feature module means adding its descriptor here.
enum BuiltinFeatures {
    static let all: [FeatureDescriptor] = [
        StarshipsFeature.descriptor,
        CharactersFeature.descriptor,
        PlanetsFeature.descriptor,
        ITunesFeature.descriptor,
        MovieDBFeature.descriptor,
        FactsFeature.descriptor,
        RacesFeature.descriptor,
    ]
}
