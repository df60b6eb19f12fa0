import CareModel
import Foundation
import StudyModel

/// The columns an analysis reads beside each answer: the study day and
/// week it belongs to, counted as the site counts them (the day of
/// enrolment is day 1), the participant's own day it was answered on, and
/// how many days after its event's day that was.
extension DataPackage {
    static var analysisFields: [Field] {
        studyDayFields + [
            Field(name: "answered_day", type: "date", title: "Answered on",
                  description: "The participant's own calendar day, in their time zone, on which the answers were saved.",
                  constraints: ["required": true]),
            Field(name: "days_late", type: "integer", title: "Days late",
                  description: "Days from the event's own day to the day it was answered: 0 on its day, more later in "
                      + "its window.", constraints: ["required": true, "minimum": 0]),
        ]
    }

    /// The study day and week of an event, as the site and the overview count them.
    static var studyDayFields: [Field] {
        [
            Field(name: "study_day", type: "integer", title: "Study day",
                  description: "The event's day of the study for the participant: the day they enrolled is day 1, as "
                      + "the site counts (a visit before enrolment, such as one before surgery, has day 0 or less).",
                  constraints: ["required": true]),
            Field(name: "study_week", type: "integer", title: "Study week",
                  description: "The event's week of the study: days 1 to 7 are week 1, as the site and the overview "
                      + "count; days before enrolment are week 0 or less.", constraints: ["required": true]),
        ]
    }

    /// `day`'s cells for `studyDayFields`, for `participant`.
    static func studyDayCells(_ day: LocalDate, participant: Participant) -> [Cell] {
        let studyDay = participant.dayOfStudy(day)
        let week = studyDay >= 1 ? (studyDay - 1) / 7 + 1 : -((-studyDay) / 7)
        return [.plain(String(studyDay)), .plain(String(week))]
    }

    /// `outcome`'s cells for `analysisFields`, for its participant.
    static func analysisCells(_ outcome: Outcome, participant: Participant?) -> [Cell] {
        guard let participant else { return [.plain(""), .plain(""), .plain(""), .plain("")] }
        let answered = participant.timeZone.localDate(of: outcome.createdAt)
        return studyDayCells(outcome.eventDay, participant: participant)
            + [.plain(answered.description), .plain(String(max(0, outcome.eventDay.days(to: answered))))]
    }
}
