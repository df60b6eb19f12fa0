import Foundation

/// The schedules a task has had, each in force from a local day on.
///
/// A changed task definition takes effect from the next local day, so past
/// events keep the schedule they had. Occurrence numbers continue across
/// versions: the first event of a new version is numbered after the last
/// event of the old one, so an outcome's occurrence never points elsewhere.
public struct ScheduleTimeline: Hashable, Sendable {
    public struct Span: Hashable, Sendable {
        public var version: Int
        /// First day this version's schedule governs; nil for the first version.
        public var effectiveFrom: LocalDate?
        public var schedule: Schedule

        public init(version: Int, effectiveFrom: LocalDate?, schedule: Schedule) {
            self.version = version
            self.effectiveFrom = effectiveFrom
            self.schedule = schedule
        }
    }

    /// In effective order; a later span with the same effective day replaces
    /// an earlier one.
    public let spans: [Span]
    /// The longest window any of its schedules gives an event, in days:
    /// worked out once, since a participant's every day page asks it of each task.
    public let longestWindow: Int

    public init(_ spans: [Span]) {
        var ordered: [Span] = []
        for span in spans.sorted(by: { ($0.effectiveFrom?.ordinal ?? .min, $0.version) < ($1.effectiveFrom?.ordinal ?? .min, $1.version) }) {
            if let last = ordered.last, last.effectiveFrom == span.effectiveFrom {
                ordered.removeLast()
            }
            ordered.append(span)
        }
        self.spans = ordered
        longestWindow = ordered.map(\.schedule.longestWindow).max() ?? 1
    }

    /// A timeline with one version for all time.
    public init(_ schedule: Schedule) {
        self.init([Span(version: 1, effectiveFrom: nil, schedule: schedule)])
    }

    /// How far `hasEvents` looks in the last schedule, in days past the day asked (or past the day that
    /// schedule takes effect, if later): a thousand years.
    static let horizon = 365_250

    /// Whether any event starts on `day` or later: false once every schedule
    /// the task has had is over.
    public func hasEvents(enrolledOn enrollment: LocalDate, onOrAfter day: LocalDate) -> Bool {
        hasEvents(ScheduleDates(enrollment: enrollment), onOrAfter: day)
    }

    public func hasEvents(_ dates: ScheduleDates, onOrAfter day: LocalDate) -> Bool {
        for (index, span) in spans.enumerated() {
            let lower = max(span.effectiveFrom ?? day, day)
            // The last schedule is looked at to its horizon: one without an end has an event within a thousand years or none at all.
            let upper = index + 1 < spans.count ? spans[index + 1].effectiveFrom ?? lower : lower.adding(days: Self.horizon)
            if lower < upper, span.schedule.count(dates, before: upper) > span.schedule.count(dates, before: lower) {
                return true
            }
        }
        return false
    }

    /// Whether the last schedule has an event past the horizon from `day` but within it from `later`:
    /// the only thing that can turn `hasEvents` from false back to true between the two days. Without
    /// one, `hasEvents` turns from true to false at most once from `day` to `later`.
    public func passesHorizon(_ dates: ScheduleDates, from day: LocalDate, to later: LocalDate) -> Bool {
        guard let last = spans.last else { return false }
        let lower = max(last.effectiveFrom ?? day, day).adding(days: Self.horizon)
        let upper = max(last.effectiveFrom ?? later, later).adding(days: Self.horizon)
        return lower < upper && last.schedule.count(dates, before: upper) > last.schedule.count(dates, before: lower)
    }

    /// Events starting on the local days `from ..< to`, in start order.
    public func events(enrolledOn enrollment: LocalDate, in zone: TimeZone,
                       from: LocalDate, to: LocalDate) -> [ScheduledEvent] {
        events(ScheduleDates(enrollment: enrollment), in: zone, from: from, to: to)
    }

    /// Events starting on the local days `from ..< to` for a participant's
    /// dates, in start order.
    public func events(_ dates: ScheduleDates, in zone: TimeZone, from: LocalDate, to: LocalDate) -> [ScheduledEvent] {
        var events: [ScheduledEvent] = []
        var numbered = 0
        for (index, span) in spans.enumerated() {
            let spanStart = span.effectiveFrom
            let spanEnd = index + 1 < spans.count ? spans[index + 1].effectiveFrom : nil
            let before = spanStart.map { span.schedule.count(dates, before: $0) } ?? 0
            let lower = spanStart.map { max($0, from) } ?? from
            let upper = spanEnd.map { min($0, to) } ?? to
            if lower < upper {
                let offset = numbered - before
                events += span.schedule.events(dates, in: zone, from: lower, to: upper,
                                               version: span.version)
                    .map { event in
                        var event = event
                        event.occurrence += offset
                        return event
                    }
            }
            if let spanEnd {
                numbered += max(0, span.schedule.count(dates, before: spanEnd) - before)
            }
        }
        return events
    }
}

extension ScheduleTimeline {
    /// The participant's dates its present schedule counts from that they do
    /// not have yet (given `dates`): until they do, those events wait.
    public func awaitedDates(_ dates: [String: LocalDate]) -> [String] {
        spans.last?.schedule.participantDates.filter { dates[$0] == nil } ?? []
    }

    /// Whether any of its schedules names a visit.
    public var hasVisits: Bool {
        spans.contains { $0.schedule.elements.contains { $0.visit != nil } }
    }

    /// The visit each of its named events is, by occurrence, for a
    /// participant's dates, from a year before enrolment to ten years after:
    /// a visit's number never changes, so an answer's visit is found
    /// whatever day a moved date put its event on. Empty without visits.
    public func visits(_ dates: ScheduleDates, in zone: TimeZone) -> [Int: String] {
        guard hasVisits else { return [:] }
        var visits: [Int: String] = [:]
        for event in events(dates, in: zone, from: dates.enrollment.adding(days: -FeedBounds.yearAhead),
                            to: dates.enrollment.adding(days: FeedBounds.tenYears)) {
            if let visit = event.visit { visits[event.occurrence] = visit }
        }
        return visits
    }
}
