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
            TASK  #   DATE        START                      END                        TEXT
            walk  0   2026-03-27  all day                                               Monthly review
            walk  1   2026-03-27  2026-03-27T08:00:00+01:00  2026-03-27T08:30:00+01:00  Walk
            walk  2   2026-03-27  2026-03-27T20:00:00+01:00  2026-03-27T20:30:00+01:00  Walk
            walk  3   2026-04-06  2026-04-06T08:00:00+02:00  2026-04-06T08:30:00+02:00  Walk
            walk  4   2026-04-06  2026-04-06T20:00:00+02:00  2026-04-06T20:30:00+02:00  Walk
            walk  5   2026-04-10  2026-04-10T08:00:00+02:00  2026-04-10T08:30:00+02:00  Walk
            walk  6   2026-04-10  2026-04-10T20:00:00+02:00  2026-04-10T20:30:00+02:00  Walk
            walk  7   2026-04-20  2026-04-20T08:00:00+02:00  2026-04-20T08:30:00+02:00  Walk
            walk  8   2026-04-20  2026-04-20T20:00:00+02:00  2026-04-20T20:30:00+02:00  Walk
            walk  9   2026-04-24  2026-04-24T08:00:00+02:00  2026-04-24T08:30:00+02:00  Walk
            walk  10  2026-04-24  2026-04-24T20:00:00+02:00  2026-04-24T20:30:00+02:00  Walk
            walk  11  2026-04-27  all day                                               Monthly review

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
