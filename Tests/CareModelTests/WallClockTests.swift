import Foundation
import Testing
@testable import CareModel

@Suite struct WallClockTests {
    /// Every wall time a schedule may ask for, on every day of spans that
    /// cross changes of the clocks (spring forward, fall back, a half-hour
    /// change, a zone that moved its standard time, a zone that skipped a
    /// whole day), is the instant the zone's own rule gives, for spans of
    /// many lengths and starts.
    @Test func aWallClockGivesTheZonesOwnInstantForEveryTime() throws {
        let zones = ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "America/Caracas", "Pacific/Apia",
                     "Asia/Kolkata", "UTC"].map { TimeZone(identifier: $0)! } + [TimeZone(secondsFromGMT: 5 * 3_600)!]
        let times = ["00:00", "00:30", "01:30", "02:00", "02:30", "03:00", "12:00", "23:59"].map { LocalTime($0)! }
        let starts = ["2011-12-20", "2016-04-25", "2026-03-01", "2026-09-20", "2026-10-30"].map { LocalDate(iso: $0)! }
        var checked = 0
        for zone in zones {
            for start in starts {
                for length in [1, 3, 9, 40, 130] {
                    let end = start.adding(days: length)
                    var clock = WallClock(zone, from: start, to: end)
                    for ordinal in start.ordinal...end.ordinal {
                        for time in times {
                            let day = LocalDate(ordinal: ordinal)
                            #expect(clock.instant(of: day, at: time) == zone.instant(of: day, at: time),
                                    "\(zone.identifier) \(day) \(time)")
                            checked += 1
                        }
                    }
                    // Outside its span, the zone's own rule too.
                    #expect(clock.instant(of: start.adding(days: -40), at: times[4]) == zone.instant(of: start.adding(days: -40), at: times[4]))
                }
            }
        }
        #expect(checked > 50_000)
    }

    /// The wall clock of an instant reads the offset ICU gives for it, though
    /// offsets are kept from one instant to the next: through changes of the
    /// clocks, a half-hour change, a zone that moved its standard time and
    /// one that skipped a day, asked forward, backward, in no order, and at
    /// the instant of each change and the second before it.
    @Test func theOffsetOfAnInstantIsTheZonesWhateverOrderItIsAskedIn() {
        let zones = ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "America/Caracas", "Pacific/Apia",
                     "Asia/Kolkata", "America/Sao_Paulo", "UTC"].map { TimeZone(identifier: $0)! } + [TimeZone(secondsFromGMT: -9_000)!]
        for zone in zones {
            let start = Date(timeIntervalSince1970: 1_293_840_000) // 2011-01-01
            let hourly = (0..<(16 * 365 * 24 / 7)).map { start.addingTimeInterval(Double($0) * 7 * 3_600 + 1_234) }
            var changes: [Date] = []
            var at = start
            while let change = zone.nextDaylightSavingTimeTransition(after: at), change.timeIntervalSince1970 < 1_800_000_000 {
                changes += [change.addingTimeInterval(-1), change, change.addingTimeInterval(0.5)]
                at = change
            }
            // In no order, but the same one each run: every 7,919th, round and round.
            let scattered = hourly.indices.map { hourly[$0 * 7_919 % hourly.count] }
            for instants in [hourly, hourly.reversed(), scattered, changes, changes.reversed()] {
                for instant in instants {
                    let offset = zone.secondsFromGMT(for: instant)
                    let wall = zone.wall(of: instant)
                    #expect(wall.offset == offset, "\(zone.identifier) \(instant)")
                    #expect(Double(wall.day.ordinal * 86_400 + wall.time.secondsSinceMidnight)
                            == ((instant.timeIntervalSince1970 + Double(offset)) / 60).rounded(.down) * 60)
                }
            }
        }
        // Zones made from offsets are named to the minute: two of one name keep their own offsets.
        let alike = [TimeZone(secondsFromGMT: 3_600)!, TimeZone(secondsFromGMT: 3_601)!, TimeZone(secondsFromGMT: 20)!,
                     TimeZone(identifier: "GMT")!]
        for round in 0..<3 {
            for zone in alike {
                let instant = Date(timeIntervalSince1970: 1_800_000_000 + Double(round) * 3_600)
                #expect(zone.wall(of: instant).offset == zone.secondsFromGMT(for: instant), "\(zone.identifier) \(zone.secondsFromGMT())")
            }
        }
        #expect(alike[0].identifier == alike[1].identifier && alike[0].secondsFromGMT() != alike[1].secondsFromGMT(),
                "Foundation names the two alike, as this test needs")
    }

    /// A span's changes of clocks, from those known of earlier spans, are
    /// those ICU lists for it: for spans asked later, earlier, around and
    /// inside the ones known, in zones with and without changes.
    @Test func aSpansChangesOfClocksAreTheZonesFromWhateverSpansCameBefore() {
        let zones = ["America/New_York", "Europe/London", "Australia/Lord_Howe", "Pacific/Apia", "America/Sao_Paulo",
                     "Asia/Tokyo"].map { TimeZone(identifier: $0)! }
        let day = 86_400.0, start = 1_577_836_800.0 // 2020-01-01
        // In an order that grows the known span both ways and asks inside it.
        let spans: [(Double, Double)] = [(400, 430), (100, 120), (900, 1_300), (0, 2_000), (410, 411), (2_500, 2_600),
                                         (-3_000, -2_990), (700, 700), (1_999.5, 2_000.5),
                                         // Centuries away, as a mistyped year puts a schedule: asked alone.
                                         (365_250, 365_260), (1_500, 1_510)]
        for zone in zones {
            let known = KnownTransitions()
            for (from, through) in spans {
                let (first, last) = (start + from * day, start + through * day)
                var asked = [(start: first, offset: zone.secondsFromGMT(for: Date(timeIntervalSince1970: first)))]
                var at = Date(timeIntervalSince1970: first)
                while let change = zone.nextDaylightSavingTimeTransition(after: at), change.timeIntervalSince1970 <= last {
                    asked.append((change.timeIntervalSince1970, zone.secondsFromGMT(for: change)))
                    at = change
                }
                let parts = known.parts(of: zone, from: first, through: last)
                #expect(parts.map(\.start) == asked.map(\.start) && parts.map(\.offset) == asked.map(\.offset),
                        "\(zone.identifier) \(from)...\(through)")
            }
            // Grown both ways from the first span, without the span centuries away.
            let kept = known.kept(zone.identifier)
            #expect(kept?.from == start - 3_000 * day && kept?.through == start + 2_600 * day, "\(zone.identifier)")
        }
        // A first span of centuries is asked alone, not kept.
        let wide = KnownTransitions(), newYork = zones[0]
        #expect(wide.parts(of: newYork, from: start, through: start + 80_000 * day).count > 100)
        #expect(wide.kept(newYork.identifier) == nil)
        // Zones of one name and other offsets are never kept by it: each span has its own zone's offset.
        let alike = KnownTransitions()
        for zone in [TimeZone(secondsFromGMT: 3_600)!, TimeZone(secondsFromGMT: 3_601)!, TimeZone(secondsFromGMT: 3_600)!] {
            #expect(alike.parts(of: zone, from: start, through: start + day).map(\.offset) == [zone.secondsFromGMT()])
        }
        #expect(alike.kept("GMT+0100") == nil)
    }
}
