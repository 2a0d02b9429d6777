import ExplorerClock
import ExplorerCore
import ExplorerText
import ExplorerTrace
import Foundation
import Reactive

/// Turns ``RacesState`` into a screen at a given time: the countdowns (`4m 05s`, `45s`, `-30s`)
/// and the age of the list are worked out from the clock when the screen is drawn, so a screen
/// drawn a minute later counts a minute further. While on screen it shows each state the view
/// model settles on, rendered (its countdowns worked out) when the screen is printed; `watch`
/// has it render the same state again as the clock moves.
@MainActor
public final class RacesView: ScreenView {
    /// The screen of a state at the clock's time now (what the renderer shows, and what
    /// `watch` draws again each second).
    public let render: @MainActor (RacesState) -> Screen
    private let renderer: StateRenderer<RacesState>

    public init(viewModel: RacesViewModel, outlet: ScreenOutlet, clock: any AppClock, timeZone: TimeZone = .current, tracer: Tracer? = nil) {
        render = { state in
            tracer?.rendered("RacesView")
            return Self.screen(state, now: clock.now, timeZone: timeZone)
        }
        renderer = StateRenderer(name: "RacesView", state: viewModel.state, isSettled: { !$0.isLoading }, outlet: outlet, tracer: nil,
                                 render: render)
    }

    public func appear() { renderer.appear() }
    public func disappear() { renderer.disappear() }

    static func screen(_ state: RacesState, now: Date, timeZone: TimeZone) -> Screen {
        var screen: Screen
        if let detail = state.detail {
            screen = Self.detail(detail, now: now, timeZone: timeZone)
        } else if state.screen == .favourites {
            screen = .favourites(state.favourites, feature: feature)
        } else {
            screen = list(state, now: now, timeZone: timeZone)
        }
        screen.warnFavouritesUnavailable(state.favouritesProblem)
        return screen
    }

    static let feature = RacesViewModel.featureID

    static func list(_ state: RacesState, now: Date, timeZone: TimeZone) -> Screen {
        var screen = Screen(feature: feature, kind: "list", facts: [
            "known": .int(state.knownCount), "matching": .int(state.matchingCount), "shown": .int(state.rows.count),
            "filter": state.filter.isEmpty ? .null : .array(RaceCategory.allCases.filter(state.filter.contains).map { .string($0.rawValue) }),
            "updated": .optional(state.updatedAt.map(UTCTimestamp.iso8601)),
            "failure": .optional(state.failure?.cause),
            "now": .string(UTCTimestamp.iso8601(now)),
        ])
        var heading = ["Next to go"]
        if !state.filter.isEmpty { heading.append(RacesViewModel.describe(state.filter)) }
        heading.append("\(state.rows.count) of \(state.matchingCount) race\(state.matchingCount == 1 ? "" : "s")")
        if let updated = state.updatedAt {
            if let failure = state.failure {
                // "Updated just now" would read as if the failed update were the one just now.
                heading.append("last good update \(ElapsedTime.ago(updated, now: now)); the latest update failed: \(failure.cause)")
            } else {
                heading.append("updated \(ElapsedTime.ago(updated, now: now))")
            }
        }
        screen.blocks = [.heading(heading.joined(separator: " · "))]
        if state.rows.isEmpty {
            screen.blocks.append(.line(state.filter.isEmpty ? "no race is coming up" : "no \(RacesViewModel.describe(state.filter)) race is coming up (`filter clear` shows all)"))
        }
        let table = ScreenTable(
            columns: ScreenTable.listColumns + [
                .init("category", truncatable: false, dropOrder: 1),
                .init("meeting", minimumWidth: 10),
                .init("race", title: "race", alignment: .right, truncatable: false),
                .init("venue", minimumWidth: 8, dropOrder: 2),
                .init("start", truncatable: false, dropOrder: 3),
                .init("countdown", title: "in", alignment: .right, truncatable: false),
                .data("name"), .data("seconds_to_start"),
            ],
            rows: state.rows.map { row in
                let race = row.item
                let seconds = Int(race.advertisedStart.timeIntervalSince(now).rounded(.down))
                return ScreenTable.listCells(row) + [
                    ScreenTable.Cell(race.category?.rawValue ?? "other", .optional(race.category?.rawValue)),
                    ScreenTable.Cell(race.meetingName),
                    ScreenTable.Cell(race.number.map { "R\($0)" } ?? "", .optional(race.number)),
                    ScreenTable.Cell(race.venue, .string(race.venue)),
                    ScreenTable.Cell(clockTime(race.advertisedStart, timeZone: timeZone), .string(UTCTimestamp.iso8601(race.advertisedStart))),
                    ScreenTable.Cell(countdown(seconds), .int(seconds)),
                    .data(.optional(race.name)), .data(.int(seconds)),
                ]
            })
        screen.blocks.append(.table(table))
        return screen
    }

    static func detail(_ row: RacesState.Row, now: Date, timeZone: TimeZone) -> Screen {
        let race = row.item
        let seconds = Int(race.advertisedStart.timeIntervalSince(now).rounded(.down))
        var fields: [ScreenField] = [
            .data("meeting", .string(race.meetingName)),
            ScreenField("name", label: "race", text: race.name ?? "unnamed", value: .optional(race.name)),
            ScreenField("category", text: race.category?.rawValue ?? "other", value: .optional(race.category?.rawValue)),
            ScreenField("venue", race.venue),
            ScreenField("start", text: "\(clockTime(race.advertisedStart, timeZone: timeZone)) (\(countdown(seconds)))",
                        value: .string(UTCTimestamp.iso8601(race.advertisedStart))),
            .data("seconds_to_start", .int(seconds)),
        ]
        if let form = race.form {
            if let distance = form.distance {
                fields.append(ScreenField("distance", text: "\(ReadableNumber.grouping(distance)) \(form.distanceUnit ?? "m")", value: .int(distance)))
            }
            if let condition = form.trackCondition { fields.append(ScreenField("track_condition", label: "track", condition)) }
            if let surface = form.trackSurface { fields.append(ScreenField("track_surface", label: "surface", surface)) }
            if let direction = form.trackDirection { fields.append(ScreenField("track_direction", label: "direction", direction)) }
            if let weather = form.weather { fields.append(ScreenField("weather", text: weatherText(weather), value: .string(weather))) }
            if let raceClass = form.raceClass { fields.append(ScreenField("class", raceClass)) }
            if let prize = form.prizeMoney {
                fields.append(ScreenField("prize_money", label: "prize money", text: "$\(ReadableNumber.grouping(prize))", value: .int(prize)))
            }
        }
        fields.append(.data("race_id", .string(race.id)))
        let title = "\(race.meetingName) R\(race.number.map(String.init) ?? "?")"
        var screen = Screen.detail(row, feature: feature, title: title, fields: fields)
        if seconds < -60 { screen.blocks.append(.note("this race started \(countdown(-seconds)) ago and has left the list")) }
        return screen
    }

    /// The weather as words: the form names it in the codes of the tote's feed (`SHWRY`,
    /// `OCAST`) or in plain words (`Clear`, `FINE`); a code it does not know is shown as sent,
    /// capitalized.
    static func weatherText(_ weather: String) -> String {
        let words = [
            "SHWRY": "Showery", "OCAST": "Overcast", "HVYRAIN": "Heavy rain", "LTRAIN": "Light rain",
            "PTCLDY": "Partly cloudy", "MSTCLDY": "Mostly cloudy",
        ]
        let code = weather.trimmingCharacters(in: .whitespaces)
        return words[code.uppercased()] ?? code.capitalized
    }

    /// `1h 04m`, `4m 05s`, `45s`, `-30s` (started 30 seconds ago), `-2m 10s`.
    public static func countdown(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : ""
        let value = abs(seconds)
        if value >= 3600 { return "\(sign)\(value / 3600)h \(twoDigits(value % 3600 / 60))m" }
        if value >= 60 { return "\(sign)\(value / 60)m \(twoDigits(value % 60))s" }
        return "\(sign)\(value)s"
    }

    /// `18:05`: the local time of day.
    static func clockTime(_ date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return "\(twoDigits(parts.hour ?? 0)):\(twoDigits(parts.minute ?? 0))"
    }

    /// `%02d`: `5` as `05`, without a format string's parsing (a countdown is drawn for every row).
    static func twoDigits(_ value: Int) -> String {
        (0..<10).contains(value) ? "0\(value)" : "\(value)"
    }
}
