import CareModel
import Content
@testable import Export
import Feed
import Foundation
import Testing
import Words
import TestSupport
import StudyModel

/// The participant's schedule as iCalendar (RFC 5545): lines, time zones,
/// events and their reminders.
@Suite struct ScheduleCalendarTests {
    let stamp = Fixtures.instant("2026-02-20T15:04:05Z")

    func plan(_ tasks: [(id: String, title: String, schedule: Schedule)]) throws -> CarePlan {
        let study = try #require(ContentLoader.load(directory: TestStudy.content, publicDirectory: nil).study)
        var edited = study
        edited.tasks = try tasks.map { task in
            var definition = try #require(study.task("checkIn"))
            definition.id = task.id
            definition.title = task.title
            definition.schedule = task.schedule
            return definition
        } + study.tasks.filter(\.isOnboarding)
        return CarePlan(study: edited)
    }

    func calendar(zone: String = "America/New_York", from: String = "2026-02-20", days: Int = 56, withdrawn: Bool = false,
                  tasks: [(id: String, title: String, schedule: Schedule)]? = nil) throws -> String {
        let participant = Fixtures.participant(id: "r001", enrolledOn: "2026-02-18", zone: TimeZone(identifier: zone)!)
        let tasks = tasks ?? [("checkIn", "Check in", Fixtures.dailyAtEight), ("range", "Range of motion", Fixtures.dailyAllDay)]
        return ScheduleCalendar(participant: participant, plan: try plan(tasks), from: Fixtures.date(from), days: days,
                                stamp: stamp, isWithdrawn: withdrawn, language: .usEnglish).ics()
    }

    @Test func textIsEscapedAndLongLinesFoldedAt75OctetsNeverInsideACharacter() {
        #expect(ICalendar.escape("Pain, sleep; knee\\hip\nnext") == "Pain\\, sleep\\; knee\\\\hip\\nnext")
        let long = "DESCRIPTION:" + String(repeating: "é", count: 60)
        let folded = ICalendar.fold(long)
        let lines = folded.components(separatedBy: "\r\n").dropLast()
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(lines.enumerated().map { $0.offset == 0 ? $0.element : String($0.element.dropFirst()) }.joined() == long)
        #expect(ICalendar.fold("VERSION:2.0") == "VERSION:2.0\r\n")
    }

    @Test func theZoneIsDescribedWithTheChangesOfItsOffsetInTheRange() throws {
        let text = try calendar()
        // In force on February 20: standard time since November 2, 2025; then daylight time from March 8.
        #expect(text.contains("BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n"
                              + "BEGIN:STANDARD\r\nDTSTART:20251102T020000\r\nTZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500\r\nEND:STANDARD\r\n"
                              + "BEGIN:DAYLIGHT\r\nDTSTART:20260308T020000\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400\r\nEND:DAYLIGHT\r\n"
                              + "END:VTIMEZONE\r\n"))
        // 08:00 stays 08:00 on the wall clock across the change.
        #expect(text.contains("DTSTART;TZID=America/New_York:20260307T080000\r\n"))
        #expect(text.contains("DTSTART;TZID=America/New_York:20260309T080000\r\n"))
    }

    @Test func zonesWithoutChangesHaveOneStandardObservance() throws {
        for (name, offset) in [("UTC", "+0000"), ("Asia/Tokyo", "+0900"), ("Asia/Kolkata", "+0530")] {
            let text = try calendar(zone: name)
            // Foundation may call UTC by another name, such as GMT.
            let zone = TimeZone(identifier: name)!.identifier
            #expect(text.contains("TZID:\(zone)\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\n"
                                  + "TZOFFSETFROM:\(offset)\r\nTZOFFSETTO:\(offset)\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"), "\(zone)")
            #expect(text.contains("DTSTART;TZID=\(zone):20260220T080000\r\n"))
        }
    }

    @Test func eachEventHasAStableUIDItsTimesAndAnAlarm() throws {
        let text = try calendar(days: 2)
        let events = text.components(separatedBy: "BEGIN:VEVENT\r\n").dropFirst()
        #expect(events.count == 4)
        let allDay = ["UID:r001-range-2@carefeed", "DTSTAMP:20260220T150405Z", "DTSTART;VALUE=DATE:20260220",
                      "DTEND;VALUE=DATE:20260221", "SUMMARY;LANGUAGE=en-US:Range of motion", "DESCRIPTION;LANGUAGE=en-US:Open in Recover any time of the day.",
                      "TRANSP:TRANSPARENT", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Range of motion: Recover",
                      "TRIGGER:PT9H", "END:VALARM", "END:VEVENT", ""].joined(separator: "\r\n")
        #expect(events.first == allDay)
        #expect(text.contains("UID:r001-checkIn-2@carefeed\r\nDTSTAMP:20260220T150405Z\r\n"
                              + "DTSTART;TZID=America/New_York:20260220T080000\r\nDTEND;TZID=America/New_York:20260220T090000\r\n"
                              + "SUMMARY;LANGUAGE=en-US:Check in\r\n"))
        #expect(text.contains("TRIGGER:PT0M\r\n"))
        #expect(try calendar(days: 2) == text, "the same day gives the same file")
    }

    @Test func titlesAreEscapedAndEveryLineFits() throws {
        let text = try calendar(days: 1, tasks: [("walk", "Walk, stretch; rest \\ repeat — a long title that runs past the width of one line",
                                                  Fixtures.dailyAtEight)])
        #expect(text.replacingOccurrences(of: "\r\n ", with: "")
                .contains("SUMMARY;LANGUAGE=en-US:Walk\\, stretch\\; rest \\\\ repeat — a long title that runs past the width of one line\r\n"))
        #expect(text.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 })
    }

    @Test func awithdrawnParticipantAndTheOnboardingTaskHaveNoEvents() throws {
        #expect(!(try calendar(withdrawn: true)).contains("BEGIN:VEVENT"))
        #expect(!(try calendar()).contains("onboarding"))
    }

    @Test func anEventWithAWindowSpansItAndSaysUntilWhenItIsOpen() throws {
        let visits = Schedule([ScheduleElement(start: .enrollment(plusDays: 2), interval: nil, time: .allDay, window: 7)])
        let ics = try calendar(tasks: [("visit", "Knee function", visits)])
        #expect(ics.contains("DTSTART;VALUE=DATE:20260220\r\nDTEND;VALUE=DATE:20260227\r\n"))
        #expect(ics.replacingOccurrences(of: "\r\n ", with: "").contains("Open in Recover from this day until Thu\\, Feb 26."))
    }
}
