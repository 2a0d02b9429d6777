import ExplorerHTTP
import Foundation

extension FeatureDescriptor {
    /// The descriptor of the feature Plugins.json describes as `entry`: its records are its
    /// own id's (`films`), which other features' links open here; offline it answers from the
    /// data set its description names among `datasets` (`swapi`), or from its recording.
    /// Throws when the description names a data set this binary does not have or a recording
    /// that cannot be read.
    public static func described(_ entry: PluginsConfig.Entry, description: FeatureDescription, path: String,
                                 datasets: [String: EmbeddedResponder], directory: String, file: String) throws(ConfigError) -> FeatureDescriptor {
        var embedded: EmbeddedResponder = { _ in nil }
        switch description.offline {
        case .embedded(let name)?:
            guard let responder = datasets[name] else {
                throw ConfigError(file: file, path: "\(path).offline.embedded",
                                  message: "no data set \(SettingSpec.shown(.string(name))) is compiled in (known: \(datasets.keys.sorted().joined(separator: ", ")))")
            }
            embedded = responder
        case .recording(let name)?:
            let location = name.hasPrefix("/") ? name : "\(directory)/\(name)"
            do {
                embedded = try TapeRecording(path: location, name: name).responder(feature: entry.id)
            } catch {
                throw ConfigError(file: file, path: "\(path).offline.recording", message: error.description)
            }
        case nil:
            break
        }
        let hasOfflineAnswers = description.offline != nil
        var signer: (@Sendable (RequestSigner.Sources) -> RequestSigner)?
        if let auth = description.auth {
            signer = { sources in DescribedSigner.signer(auth, sources: sources) }
        }
        let tour = ["open 1", "fav", "back"] + (description.sort.first.map { ["sort \($0) desc", "sort off"] } ?? [])
            + ["refresh", "favs"]
        let id = entry.id
        let baseURL = entry.baseURL
        return FeatureDescriptor(
            id: entry.id, title: description.title,
            summary: "described in Plugins.json: \(description.list.path) at \(baseURL.host ?? "its API"), paged by \(description.list.paging.kind)",
            embedded: embedded,
            signer: signer,
            endpoints: endpoints(of: description),
            screens: ["list", "detail", "favourite", "favourites"],
            settings: PagedListSettings.all,
            records: [entry.id],
            tour: tour,
            make: { context in
                // The definition is made on first use: starting makes only the descriptor.
                DescribedFeature(context: context, definition: DescribedList(featureID: id, description: description),
                                 baseURL: baseURL, hasOfflineAnswers: hasOfflineAnswers)
            })
    }

    /// The requests a described feature makes, as `arch` shows them and its test checks them.
    static func endpoints(of description: FeatureDescription) -> [String] {
        let list = description.list.path + "?{query…}"
        var endpoints = [description.list.path, list]
        switch description.detail?.source {
        case .path(let template)?: endpoints.append(template)
        default: break
        }
        // What `next` and `Link` lead to, and what links name: any path under the base URL.
        endpoints.append("/{path…}")
        return endpoints
    }
}
