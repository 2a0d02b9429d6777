/// The store's answer to a term typed into the search field (`type`): what the search-as-you-
/// type binding delivers to the view model, the results or why there are none.
struct ITunesTypedAnswer: Sendable {
    var term: String
    var result: Result<[ITunesResult], any Error>
}
