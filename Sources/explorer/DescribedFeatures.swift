import ExplorerCore
import ExplorerHTTP
import ExplorerShell
import SWAPI

/// The features Plugins.json describes rather than this binary's Swift: each enabled `describe`
/// entry becomes the kit's paged list configured by its description, with the data sets
/// compiled in that a description may name for its offline answers.
enum DescribedFeatures {
    /// Data compiled in that a described feature may answer from offline, by the name its
    /// `offline.embedded` gives.
    static let datasets: [String: EmbeddedResponder] = ["swapi": SWAPIEmbeddedData.responder]

    /// The features the compiled-in Plugins.json describes: with ``BuiltinFeatures/all``, every
    /// feature explorer shows when given no `--config` (the suites that tour every feature's
    /// screens tour these too).
    static var builtIn: [FeatureDescriptor] {
        (try? descriptors(in: DefaultPlugins.config, file: "Plugins.json (built in)")) ?? []
    }

    /// A descriptor for each enabled described entry of `config`, read from `file` (a recording
    /// an entry names is found beside it).
    static func descriptors(in config: PluginsConfig, file: String) throws(ConfigError) -> [FeatureDescriptor] {
        var descriptors: [FeatureDescriptor] = []
        let directory = OutputFile.directory(of: file)
        for (index, entry) in config.features.enumerated() where entry.isEnabled {
            guard let description = entry.description else { continue }
            descriptors.append(try .described(entry, description: description, path: "$.features[\(index)].describe",
                                              datasets: datasets, directory: directory, file: file))
        }
        return descriptors
    }
}
