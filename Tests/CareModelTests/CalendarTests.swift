import CareModel
import Foundation
import Testing
import TestSupport

@Suite struct CalendarTests {
    @Test func localDatesRoundTripThroughISOText() {
        for text in ["1970-01-01", "2000-02-29", "2026-03-08", "1969-12-31", "2400-12-31", "0999-01-09", "0001-10-20", "9999-12-31"] {
            #expect(LocalDate(iso: text)?.description == text)
        }
        // Beyond four digits, the year is written whole.
        #expect(LocalDate(iso: "9999-12-31")!.adding(days: 1).description == "10000-01-01")
        #expect(LocalDate(iso: "1970-01-01")?.ordinal == 0)
        #expect(LocalDate(iso: "2026-02-29") == nil)
        #expect(LocalDate(iso: "2026-13-01") == nil)
        #expect(LocalDate(iso: "2026-3-1") == nil)
        #expect(LocalDate(iso: "2026-03-01x") == nil)
    }

    @Test func weekdaysAndWeeksStartOnSunday() {
        #expect(Fixtures.date("2026-11-29").weekday == 1)
        #expect(Fixtures.date("2026-11-30").weekday == 2)
        #expect(Fixtures.date("2026-12-05").weekday == 7)
        #expect(Fixtures.date("2026-12-02").startOfWeek == Fixtures.date("2026-11-29"))
        #expect(Fixtures.date("2026-11-29").startOfWeek == Fixtures.date("2026-11-29"))
    }

    @Test func timestampsRoundTripWithTheirOffsets() {
        let instant = Fixtures.instant("2026-03-08T08:00:00-04:00")
        #expect(Timestamp.utc(instant) == "2026-03-08T12:00:00.000Z")
        #expect(Timestamp.local(instant, in: Fixtures.newYork) == "2026-03-08T08:00:00-04:00")
        #expect(Timestamp.parse("2026-03-08T12:00:00.250Z")?.timeIntervalSince(instant) == 0.25)
        #expect(Timestamp.parse("2026-03-08 12:00:00Z") == nil)
        #expect(Timestamp.parse("2026-03-08T12:00:00+0100") == nil)
    }

    @Test func localDayOfAnInstantFollowsTheZone() {
        let instant = Fixtures.instant("2026-03-09T03:30:00Z")
        #expect(Fixtures.newYork.localDate(of: instant) == Fixtures.date("2026-03-08"))
        #expect(TimeZone(identifier: "Asia/Tokyo")!.localDate(of: instant) == Fixtures.date("2026-03-09"))
    }
}
