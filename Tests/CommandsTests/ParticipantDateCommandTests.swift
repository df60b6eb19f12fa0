import CareModel
import CareStore
import Foundation
import Testing
import TestSupport

/// `--date surgery=…` on `schedule` and `invite`: Recover's knee
/// questionnaire before and after surgery, nothing without the date, a
/// date moved by a second invitation kept with what it was, and every
/// mistake in the option named.
@Suite struct ParticipantDateCommandTests {
    @Test func scheduleCountsRecoversVisitsFromTheDayOfSurgery() {
        let arguments = ["schedule", "--content", Repository.content, "--task", "kneeFunction", "--from", "2026-12-01",
                         "--to", "2027-02-01", "--enrolled", "2026-12-01"]
        let run = Run(arguments + ["--date", "surgery=2026-12-10", "--format", "json"])
        #expect(run.status == 0)
        #expect(run.out.contains("\"date\": \"2026-12-03\", \"lastDay\": \"2026-12-09\", \"visit\": \"Before surgery\""))
        #expect(run.out.contains("\"date\": \"2026-12-24\", \"lastDay\": \"2026-12-30\", \"visit\": \"Week 2\""))
        #expect(run.out.contains("\"date\": \"2027-01-21\", \"lastDay\": \"2027-01-27\", \"visit\": \"Week 6\""))
        #expect(Run(arguments + ["--format", "json"]).out == "[]\n", "without the day of surgery, no visit is scheduled")
        let unknown = Run(arguments + ["--date", "discharge=2026-12-10"])
        #expect(unknown.status == 2)
        #expect(unknown.error.hasPrefix("error: --date names 'discharge', which is no participant's date: study.yaml declares surgery"))
        let malformed = Run(arguments + ["--date", "surgery=10.12.2026"])
        #expect(malformed.error.hasPrefix("error: --date needs NAME=YYYY-MM-DD, such as surgery=2026-12-10, not 'surgery=10.12.2026'"))
        #expect(Run(arguments + ["--date", "surgery=2026-12-10", "--date", "surgery=2026-12-11"]).error
            .hasPrefix("error: --date gives surgery twice"))
    }

    @Test func aSecondInvitationMovesTheDateAndKeepsWhatItWas() throws {
        let folder = try TemporaryDirectory()
        let store = folder.path + "/care.sqlite"
        let invite = ["invite", "--content", Repository.content, "--store", store, "--participant", "p1",
                      "--enrolled", "2026-12-01", "--out", folder.path + "/letters"]
        let first = Run(invite + ["--date", "surgery=2026-12-10"])
        #expect(first.status == 0, "\(first.error)")
        #expect(first.out.contains("Day of surgery: 2026-12-10.\n"))
        let moved = Run(invite + ["--date", "surgery=2026-12-24"])
        #expect(moved.out.contains("Day of surgery: 2026-12-24 (was 2026-12-10; the events not yet answered move with it).\n"))
        let far = Run(invite + ["--date", "surgery=9999-12-31"])
        #expect(far.status == 2)
        #expect(far.error.contains("error: --date surgery=9999-12-31 is more than a year from the participant's enrolment "
                                    + "on 2026-12-01; give a day from 2025-11-30 to 2027-12-02"))
        let opened = try CareStore(path: store)
        defer { opened.close() }
        let participant = try #require(try opened.participant(id: "p1"))
        #expect(participant.dates == ["surgery": Fixtures.date("2026-12-24")])
        #expect(participant.earlierDates == ["surgery": Fixtures.date("2026-12-10")])
        #expect(try opened.dateHistory(participantID: "p1").map { "\($0.day) \($0.source.rawValue)" }
            == ["2026-12-10 invite", "2026-12-24 invite"])
        #expect(try opened.auditLog(participantID: "p1").filter { $0.action == .participantDate }.map(\.detail)
            == ["surgery 2026-12-10", "surgery 2026-12-24 (was 2026-12-10)"])
    }
}
