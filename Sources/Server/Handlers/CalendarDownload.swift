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
}
