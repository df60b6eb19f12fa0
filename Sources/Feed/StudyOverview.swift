import CareModel
import StudyModel

/// The study as its lead sees it, from every participant's overview: the
/// participants as a flow, enrolment over time, and adherence and each
/// followed value by study week, as the median and the middle half across
/// the participants who have one that week.
public struct StudyOverview: Sendable {
    /// How many are at each stage; each stage counts those who reached it.
    public struct Flow: Equatable, Sendable {
        public var enrolled = 0
        public var consented = 0
        public var joined = 0
        /// Enrolled, not through joining yet: whether or not they have signed.
        public var notJoined = 0
        public var active = 0
        /// Of those taking part, how many have answered nothing for `lostAfterDays` days or more.
        public var lostToFollowUp = 0
        public var finished = 0
        public var withdrawn = 0
        /// Of those who withdrew, how many said why; the reasons are their own words and are never shown.
        public var withdrawnWithReason = 0
    }

    /// A week's figures across participants; nil figures when no one has a value.
    public struct WeekFigure: Equatable, Sendable {
        public var week: Int
        public var count: Int
        public var median: Double?
        public var lowerQuartile: Double?
        public var upperQuartile: Double?
    }

    /// A followed value of a task with visits at one visit: its figures
    /// across participants, and its change from the task's first visit
    /// across those who have both (nil at the first visit itself).
    public struct AtVisit: Equatable, Sendable {
        public var visit: String
        public var values: WeekFigure
        public var change: WeekFigure?
    }

    public struct ByVisit: Sendable {
        public var series: OverviewSeries
        /// The visit each change is counted from.
        public var baseline: String
        public var visits: [AtVisit]
    }

    /// How often a question got "prefer not to answer", over every shared answer to it.
    public struct PreferNot: Equatable, Sendable {
        public var question: OverviewQuestion
        public var answers: Int
        public var preferNot: Int
    }

    public struct Followed: Sendable {
        public var series: OverviewSeries
        public var weeks: [WeekFigure]
        /// Participants whose values of it are withheld, who count nowhere.
        public var withheld: Int
    }

    public var flow = Flow()
    /// Each day someone enrolled, with how many did that day and in all by then.
    public var enrolment: [(day: LocalDate, count: Int, total: Int)] = []
    /// The share of due tasks answered, from 0 to 1, by study week.
    public var adherence: [WeekFigure] = []
    public var followed: [Followed] = []
    /// Each visit, in the order participants have them, with how many are at each status.
    public var visits: [VisitFigure] = []
    /// Each followed value of a task with visits, visit by visit.
    public var byVisit: [ByVisit] = []
    public var preferNot: [PreferNot] = []

    /// Days without an answer after which one taking part counts as lost to follow-up.
    public static let lostAfterDays = 14

    /// - Parameter visitOrder: by task, its visits in the schedule's order (`visitOrder(of:)`).
    public init(_ participants: [ParticipantOverview], series: [OverviewSeries], questions: [OverviewQuestion],
                visitOrder: [String: [String]]) {
        for participant in participants {
            flow.enrolled += 1
            if participant.signed { flow.consented += 1 }
            if participant.joined { flow.joined += 1 }
            switch participant.standing {
            case .active, .reconsentPending:
                flow.active += 1
                if participant.lostToFollowUp { flow.lostToFollowUp += 1 }
            case .finished: flow.finished += 1
            case .withdrawn:
                flow.withdrawn += 1
                if participant.gaveReason == true { flow.withdrawnWithReason += 1 }
            case .enrolled, .consented: flow.notJoined += 1
            }
        }
        var total = 0
        for (day, group) in Dictionary(grouping: participants, by: \.enrolledOn).sorted(by: { $0.key < $1.key }) {
            total += group.count
            enrolment.append((day, group.count, total))
        }
        var fractions: [Int: [Double]] = [:]
        for participant in participants {
            for week in participant.adherence where week.total > 0 && week.week >= 0 {
                fractions[week.week, default: []].append(Double(week.completed) / Double(week.total))
            }
        }
        adherence = Self.weeks(fractions)
        for participant in participants {
            for entry in participant.visits {
                if let index = visits.firstIndex(where: { $0.task == entry.task && $0.visit == entry.visit }) {
                    visits[index].counts[entry.status, default: 0] += 1
                } else {
                    visits.append(VisitFigure(task: entry.task, visit: entry.visit, counts: [entry.status: 1]))
                }
            }
        }
        followed = series.map { line in
            var values: [Int: [Double]] = [:]
            for participant in participants {
                // A mean that is not a number (from a hand-edited manifest) counts nowhere.
                for (week, mean) in participant.means[line.key] ?? [:] where week >= 0 && mean.isFinite {
                    values[week, default: []].append(mean)
                }
            }
            return Followed(series: line, weeks: Self.weeks(values),
                            withheld: participants.filter { $0.withheld.contains(line.key) }.count)
        }
        byVisit = series.compactMap { line in visitOrder[line.task].flatMap { Self.byVisit(participants, series: line, order: $0) } }
        preferNot = questions.compactMap { question in
            let counts = participants.compactMap { $0.preferNot[question.key] }
            guard !counts.isEmpty else { return nil }
            return PreferNot(question: question, answers: counts.reduce(0) { $0 + $1.answers },
                             preferNot: counts.reduce(0) { $0 + $1.preferNot })
        }
    }

    /// Each task's visits in its schedule's order.
    public static func visitOrder(of study: Study) -> [String: [String]] {
        Dictionary(study.tasks.map { ($0.id, $0.schedule.elements.compactMap(\.visit)) }, uniquingKeysWith: { first, _ in first })
    }

    /// A series' values at each visit someone has one for, in the visit order, and their change from the first
    /// of those visits, paired by participant.
    static func byVisit(_ participants: [ParticipantOverview], series: OverviewSeries, order: [String]) -> ByVisit? {
        let values = participants.compactMap { $0.atVisits[series.key] }
        let visits = order.filter { visit in values.contains { $0[visit] != nil } }
        guard let baseline = visits.first else { return nil }
        return ByVisit(series: series, baseline: baseline, visits: visits.map { visit in
            let atVisit = values.compactMap { $0[visit] }.sorted()
            let changes = visit == baseline ? nil
                : values.compactMap { value in value[visit].flatMap { after in value[baseline].map { after - $0 } } }.sorted()
            return AtVisit(visit: visit, values: figure(atVisit, week: 0), change: changes.map { figure($0, week: 0) })
        })
    }

    /// The count, median and quartiles of sorted values.
    static func figure(_ sorted: [Double], week: Int) -> WeekFigure {
        WeekFigure(week: week, count: sorted.count, median: quantile(sorted, 0.5),
                   lowerQuartile: quantile(sorted, 0.25), upperQuartile: quantile(sorted, 0.75))
    }

    /// Every week from week 0 to the last with a value, gaps included.
    static func weeks(_ values: [Int: [Double]]) -> [WeekFigure] {
        guard let last = values.keys.max(), last >= 0 else { return [] }
        return (0...last).map { week in
            figure((values[week] ?? []).sorted(), week: week)
        }
    }

    /// The `p` quantile of sorted values, interpolated between the two
    /// nearest (the method R and NumPy use by default); nil for none.
    public static func quantile(_ sorted: [Double], _ p: Double) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let position = p * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
    }
}
