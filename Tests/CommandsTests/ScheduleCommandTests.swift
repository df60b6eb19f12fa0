import Foundation
import Testing
import TestSupport

@Suite struct ScheduleCommandTests {
    static let walk = """
        ---
        id: walk
        title: Walk
        schedule:
          - start: enrollment
            every: 2 weeks
            days: [monday, friday]
            at: ["20:00", "08:00"]
            duration: 30 minutes
            text: Walk
          - start: enrollment
            every: 1 month
            allDay: true
            text: Monthly review
        survey:
          - type: form
            items:
              - { id: steps, text: How many steps?, answer: numeric }
        ---
        """

    @Test func scheduleShowsWeekdaysTimesAndMonthsWithTheirOccurrences() throws {
        let study = try StudyFolder(files: ["content/tasks/walk.md": Self.walk])
        let run = Run("schedule", "--content", study.content, "--task", "walk", "--from", "2026-03-27", "--to",
                      "2026-04-27", "--enrolled", "2026-03-27")
        #expect(run.status == 0)
        #expect(run.error == "")
        #expect(run.out == """
            TASK  #   DAY              START         END           TEXT
            walk  0   Fri 27 Mar 2026  all day                     Monthly review
            walk  1   Fri 27 Mar 2026  08:00 +01:00  08:30 +01:00  Walk
            walk  2   Fri 27 Mar 2026  20:00 +01:00  20:30 +01:00  Walk
            walk  3   Mon 6 Apr 2026   08:00 +02:00  08:30 +02:00  Walk
            walk  4   Mon 6 Apr 2026   20:00 +02:00  20:30 +02:00  Walk
            walk  5   Fri 10 Apr 2026  08:00 +02:00  08:30 +02:00  Walk
            walk  6   Fri 10 Apr 2026  20:00 +02:00  20:30 +02:00  Walk
            walk  7   Mon 20 Apr 2026  08:00 +02:00  08:30 +02:00  Walk
            walk  8   Mon 20 Apr 2026  20:00 +02:00  20:30 +02:00  Walk
            walk  9   Fri 24 Apr 2026  08:00 +02:00  08:30 +02:00  Walk
            walk  10  Fri 24 Apr 2026  20:00 +02:00  20:30 +02:00  Walk
            walk  11  Mon 27 Apr 2026  all day                     Monthly review

            """)
    }

    @Test func scheduleJSONNumbersAWindowAsTheWholeRangeDoes() throws {
        let study = try StudyFolder(files: ["content/tasks/walk.md": Self.walk])
        let run = Run("schedule", "--content", study.content, "--task", "walk", "--from", "2026-04-10", "--to",
                      "2026-04-10", "--enrolled", "2026-03-27", "--format", "json")
        #expect(run.status == 0)
        let events = try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as! [[String: Any]]
        #expect(events.map { $0["occurrence"] as! Int } == [5, 6])
        #expect(events.map { $0["start"] as! String } == ["2026-04-10T08:00:00+02:00", "2026-04-10T20:00:00+02:00"])
        #expect(events.allSatisfy { $0["date"] as? String == "2026-04-10" && $0["allDay"] as? Bool == false })
    }
}
