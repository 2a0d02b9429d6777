import ExplorerClock
@testable import ExplorerCore
@testable import ExplorerStore
import Foundation
import GRDB
import TestSupport
import Testing

/// Written by arithmetic, the timestamps must read exactly as Foundation's formatters and
/// GRDB write them, since files and JSON written before hold those.
@Suite("UTCTimestamp")
struct UTCTimestampTests {
    static let dates: [Date] = {
        // The same dates every run: a failure here is never a fluke.
        var generator = SplitMix64(seed: 20_261_123)
        var dates = [0, 1, -1, 0.0005, 0.9999, 59.9995, 86_399.999, -86_400, -0.0005,
                     951_782_400, 951_868_800, 4_107_542_400, 4_102_444_800, 253_402_300_799,
                     1_710_478_800, 1_710_478_800.25, 1_700_000_000.1234, 946_684_799.999_999]
            .map(Date.init(timeIntervalSince1970:))
        for _ in 0..<20_000 {
            dates.append(Date(timeIntervalSince1970: Double.random(in: -2_208_988_800...4_102_444_800, using: &generator)))
        }
        return dates
    }()

    @Test func iso8601ReadsAsISO8601DateFormatterWrites() {
        let formatter = ISO8601DateFormatter()
        for date in Self.dates {
            #expect(UTCTimestamp.iso8601(date) == formatter.string(from: date), "\(date.timeIntervalSince1970)")
        }
    }

    @Test func databaseTextReadsAsGRDBWritesIt() {
        for date in Self.dates {
            #expect(UTCTimestamp.database(date).databaseValue == date.databaseValue, "\(date.timeIntervalSince1970)")
        }
    }

    @Test func aFavouriteIsStoredAsGRDBStoresItsDate() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.create(table: "favourite") { table in
                table.column("feature", .text); table.column("itemID", .text)
                table.column("title", .text); table.column("createdAt", .datetime)
            }
            let date = Date(timeIntervalSince1970: 1_710_478_800.2505)
            try Favourite(feature: "starships", itemID: "10", title: "Millennium Falcon", createdAt: date).insert(db)
            #expect(try String.fetchOne(db, sql: "SELECT createdAt FROM favourite") == "2024-03-15 05:00:00.251")
            let row = try #require(try Row.fetchOne(db, sql: "SELECT * FROM favourite"))
            let read = try #require(Favourite(row: row).createdAt).timeIntervalSince1970
            #expect(abs(read - 1_710_478_800.251) < 0.000_5)
        }
    }
}
