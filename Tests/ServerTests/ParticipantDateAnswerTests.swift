import CareModel
import Foundation
import HTTP
@testable import Server
import StudyModel
import Testing
import TestSupport
import Words

/// A day of surgery typed in onboarding: a slip of the keyboard (year 1,
/// year 9999, or years from enrolment) is asked again, in the participant's
/// words, and never moves their schedule; a day within a year is taken.
@Suite struct ParticipantDateAnswerTests {
    let item = FormItem(id: "surgeryDay", text: "What day is your knee surgery?", isRequired: false,
                        answer: .date(min: nil, max: nil), measure: nil, sets: "surgery")
    let participant = Fixtures.participant(enrolledOn: "2026-03-01")

    func check(_ typed: String) throws -> Result<[OutcomeValue], SurveyEntry> {
        let form = try FormData(Array("surgeryDay=\(typed)".utf8))
        return SurveyValidation.validate([item], form: form, language: .usEnglish).flatMap {
            SurveyValidation.participantDates($0, items: [item], participant: participant, form: form, language: .usEnglish)
        }
    }

    @Test func aDayYearsAwayIsAskedAgainAndADayWithinAYearIsTaken() throws {
        guard case .success(let values) = try check("2026-03-12") else { Issue.record("a day after enrolment is taken"); return }
        #expect(values == [OutcomeValue(kind: "surgeryDay", value: .date(Fixtures.date("2026-03-12")))])
        for typed in ["0001-03-12", "9999-03-12", "2028-03-12", "2024-03-12"] {
            guard case .failure(let entry) = try check(typed) else { Issue.record("\(typed) is refused"); continue }
            #expect(entry.errors["surgeryDay"]?.isEmpty == false, "\(typed)")
            #expect(entry.values["surgeryDay"] == [typed], "what was typed is shown again")
        }
        guard case .success(let none) = try check("") else { Issue.record("an optional day may be left empty"); return }
        #expect(none.isEmpty)
    }
}
