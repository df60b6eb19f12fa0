import CareModel
import StudyModel

/// One visit of one participant (an element of a task's schedule with
/// `visit:`), and what became of it by their today: as `EventStatus` has
/// it, or "no date yet" while the date it counts from is not known.
public struct VisitStatus: Codable, Equatable, Sendable {
    public var task: String
    public var visit: String
    /// An `EventStatus` raw value, or `VisitStatus.noDateYet`.
    public var status: String

    public static let noDateYet = "no date yet"
    /// The statuses the overview counts, in the order it shows them.
    public static let columns = [EventStatus.done.rawValue, EventStatus.doneLate.rawValue, EventStatus.open.rawValue,
                                 EventStatus.missed.rawValue, EventStatus.notYetDue.rawValue, noDateYet,
                                 EventStatus.beforeJoining.rawValue, EventStatus.afterWithdrawal.rawValue]

    /// Every visit of the feed's tasks for its participant, in task order and then in the schedule's.
    static func of(_ feed: ParticipantFeed) -> [VisitStatus] {
        let participant = feed.participant
        var visits: [VisitStatus] = []
        for task in feed.tasks {
            guard let schedule = task.timeline.spans.last?.schedule,
                  schedule.elements.contains(where: { $0.visit != nil }) else { continue }
            let dates = participant.scheduleDates
            // From a year before enrolment to a year past today: where the feed places events.
            let events = feed.events(of: task, from: participant.enrolledOn.adding(days: -FeedBounds.yearAhead),
                                     to: max(feed.today, participant.enrolledOn).adding(days: FeedBounds.yearAhead))
            var named: Set<String> = []
            for event in events {
                guard let visit = event.visit else { continue }
                named.insert(visit)
                visits.append(VisitStatus(task: task.id, visit: visit, status: feed.status(of: event, task: task).rawValue))
            }
            for element in schedule.elements {
                guard let visit = element.visit, !named.contains(visit), element.start.day(dates) == nil else { continue }
                visits.append(VisitStatus(task: task.id, visit: visit, status: noDateYet))
            }
        }
        return visits
    }
}

/// A visit across participants: how many are at each status.
public struct VisitFigure: Equatable, Sendable {
    public var task: String
    public var visit: String
    /// By `VisitStatus.columns`' statuses.
    public var counts: [String: Int]
}
