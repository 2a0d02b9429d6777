import Foundation
import Testing
@testable import ExplorerClock

/// How long ago, as people say it (`offline — cached 2 h ago`).
@Suite("ElapsedTime")
struct ElapsedTimeTests {
    private static let now = Date(timeIntervalSince1970: 1_700_000_000)

    private static func ago(_ seconds: TimeInterval) -> String {
        ElapsedTime.ago(now.addingTimeInterval(-seconds), now: now)
    }

    @Test(arguments: [
        (0, "just now"),
        (1, "just now"),
        (59, "just now"),
        (59.9, "just now"),
        (60, "1 min ago"),
        (119, "1 min ago"),
        (120, "2 min ago"),
        (5 * 60, "5 min ago"),
        (3599, "59 min ago"),
        (3600, "1 h ago"),
        (2 * 3600, "2 h ago"),
        (2 * 3600 + 3599, "2 h ago"),
        (86_399, "23 h ago"),
        (86_400, "1 day ago"),
        (2 * 86_400 - 1, "1 day ago"),
        (2 * 86_400, "2 days ago"),
        (3 * 86_400 + 7200, "3 days ago"),
        (400 * 86_400, "400 days ago"),
    ] as [(TimeInterval, String)])
    func sayHowLongAgo(seconds: TimeInterval, expected: String) {
        #expect(Self.ago(seconds) == expected)
    }

    @Test(arguments: [-1, -60, -86_400 * 3] as [TimeInterval])
    func aTimeInTheFutureIsJustNow(seconds: TimeInterval) {
        #expect(Self.ago(seconds) == "just now")
    }

    @Test func aVirtualClockGivesTheAgeItWasMovedBy() {
        let clock = VirtualClock(Self.now)
        let fetched = clock.now
        #expect(ElapsedTime.ago(fetched, now: clock.now) == "just now")
        clock.advance(by: 5 * 60)
        #expect(ElapsedTime.ago(fetched, now: clock.now) == "5 min ago")
        clock.advance(by: 2 * 3600)
        #expect(ElapsedTime.ago(fetched, now: clock.now) == "2 h ago")
        clock.advance(by: 86_400)
        #expect(ElapsedTime.ago(fetched, now: clock.now) == "1 day ago")
    }
}
