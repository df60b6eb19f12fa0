import Export
import Foundation
import HTTP

/// The participant's schedule for the next eight weeks as an iCalendar file,
/// for their phone's calendar to remind them: the page itself never
/// notifies, so reminders come from the calendar they already use.
enum CalendarDownload {
    static let days = 8 * 7

    static func response(_ context: RequestContext) -> HTTPResponse {
        let calendar = ScheduleCalendar(participant: context.participant, plan: context.plan, from: context.today,
                                        days: days, stamp: context.now,
                                        isWithdrawn: context.feed.isWithdrawn(on: context.today), language: context.language)
        // The id is checked to be letters, digits, '-' and '_', so it needs no quoting in the header.
        return HTTPResponse(status: .ok, headers: [("Content-Type", "text/calendar; charset=utf-8"),
                                                   ("Content-Disposition",
                                                    "attachment; filename=\"reminders-\(context.participant.id).ics\""),
                                                   ("Cache-Control", "no-store")],
                            body: .bytes(Array(calendar.ics().utf8)))
    }

    /// On a hosted study, the pages' "Add reminders" subscribes: to this
    /// session's calendar, at the study's own address (its scheme and port
    /// as `--url` gives them), which a calendar app fetches on its own.
    static func subscription(_ request: HTTPRequest, _ context: RequestContext, hosting: Hosting) -> HTTPResponse {
        let token = HostTokens.calendar(ofSession: context.session)
        let base = hosting.url ?? ((request.isTLS ? "https://" : "http://") + (request.header("host") ?? "localhost"))
        return .seeOther("\(base)/calendar/\(token).ics")
    }

    /// The subscription itself: the coming eight weeks, without what is already answered, and no study ID in it.
    static func feed(_ context: RequestContext, uidSecret: String) -> HTTPResponse {
        var calendar = ScheduleCalendar(participant: context.participant, plan: context.plan, from: context.today,
                                        days: days, stamp: context.now,
                                        isWithdrawn: context.feed.isWithdrawn(on: context.today), language: context.language)
        calendar.answered = Set(context.outcomes.map { "\($0.taskID)#\($0.occurrence)" })
        calendar.uidSecret = uidSecret
        return HTTPResponse(status: .ok, headers: [("Content-Type", "text/calendar; charset=utf-8"), ("Cache-Control", "no-store")],
                            body: .bytes(Array(calendar.ics().utf8)))
    }
}
