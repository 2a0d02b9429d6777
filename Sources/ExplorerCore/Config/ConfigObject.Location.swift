extension ConfigObject {
    /// Where an object of a configuration file is: made into its JSON path
    /// (`$.features[2].describe.fields[3]`) only when a problem names it.
    indirect enum Location {
        /// A path given whole.
        case path(String)
        /// The member `key` of the object at a location.
        case member(Location, String)
        /// Element `index` of the array member `key` of the object at a location.
        case element(Location, String, Int)

        var path: String {
            switch self {
            case .path(let path): path
            case .member(let parent, let key): StrictJSON.member(key, of: parent.path)
            case .element(let parent, let key, let index): "\(StrictJSON.member(key, of: parent.path))[\(index)]"
            }
        }
    }
}
