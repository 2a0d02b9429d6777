import ExplorerCore
import ExplorerHTTP
import Foundation

/// Races' embedded data: Neds' answer of 15 March 2024 (10 races in three categories), race
/// comments left out. The interactor moves its times so that the soonest race starts 90 seconds
/// after the data is loaded, unless the clock is virtual (`--clock`): then they stay as recorded.
public enum RacesEmbeddedData {
    public static let responder: EmbeddedResponder = { request in
        guard request.absoluteURL == nil, request.queryValue("method") == "nextraces" else { return nil }
        return .json(EmbeddedRacesAnswer.text)
    }
}
