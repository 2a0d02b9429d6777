/// A described feature's required secret is not set: says where it is looked for, never what.
struct DescribedAuthError: Error, CustomStringConvertible {
    let auth: FeatureDescription.Auth

    var description: String {
        let file = auth.file.map { " (or put it in \($0))" } ?? ""
        return "this API needs a secret: set \(auth.env)\(file)"
    }
}
