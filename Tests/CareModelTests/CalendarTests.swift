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

    /// Every digit in its place: before 1970, years of one to five digits, milliseconds below 100,
    /// offsets with half hours on either side of UTC, and the last second of a day.
    @Test func timestampsWriteEveryDigitInItsPlace() {
        let stJohns = TimeZone(identifier: "America/St_Johns")!, kolkata = TimeZone(identifier: "Asia/Kolkata")!
        let cases: [(Date, String, TimeZone, String)] = [
            (Date(timeIntervalSince1970: -1.993), "1969-12-31T23:59:58.007Z", stJohns, "1969-12-31T20:29:58-03:30"),
            (Date(timeIntervalSince1970: 0.05), "1970-01-01T00:00:00.050Z", kolkata, "1970-01-01T05:30:00+05:30"),
            (Fixtures.instant("2026-06-30T23:59:59Z"), "2026-06-30T23:59:59.000Z", .gmt, "2026-06-30T23:59:59+00:00"),
            (Date(timeIntervalSince1970: -62_135_596_800), "0001-01-01T00:00:00.000Z", .gmt, "0001-01-01T00:00:00+00:00"),
            (Date(timeIntervalSince1970: 327_403_382_400), "12345-01-01T00:00:00.000Z", kolkata, "12345-01-01T05:30:00+05:30"),
        ]
        for (instant, utc, zone, local) in cases {
            #expect(Timestamp.utc(instant) == utc)
            #expect(Timestamp.local(instant, in: zone) == local)
        }
    }

    @Test func localDayOfAnInstantFollowsTheZone() {
        let instant = Fixtures.instant("2026-03-09T03:30:00Z")
        #expect(Fixtures.newYork.localDate(of: instant) == Fixtures.date("2026-03-08"))
        #expect(TimeZone(identifier: "Asia/Tokyo")!.localDate(of: instant) == Fixtures.date("2026-03-09"))
    }
}
