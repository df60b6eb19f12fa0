import CareModel
import StudyModel

/// What one participant adds to the study's overview: where they stand,
/// their adherence and their mean of each charted value and score in each
/// study week, with only the values they share. Kept in the site's build
/// manifest, so the overview is written again from it without reading
/// everyone's records.
public struct ParticipantOverview: Codable, Equatable, Sendable {
    /// A study week's adherence: week 0 is the participant's first seven days.
    public struct Week: Codable, Equatable, Sendable {
        public var week: Int
        public var completed: Int
        public var total: Int
    }

    public var enrolledOn: LocalDate
    public var standing: Standing
    public var signed: Bool
    public var joined: Bool
    /// For a participant who withdrew: whether they said why.
    public var gaveReason: Bool?
    /// By the study week of each event's day, the events due by today
    /// (`EventStatus.isDue`) of tasks that count toward adherence, and how
    /// many were done: as the data package's events.csv counts them.
    public var adherence: [Week]
    /// By `OverviewSeries.key`: the week's mean, by study week.
    public var means: [String: [Int: Double]]
    /// The series keys whose values the participant does not share, or has not chosen to.
    public var withheld: [String]
    /// Each visit of the study's tasks, and what became of it.
    public var visits: [VisitStatus] = []
    /// Taking part, and no answer to any task for `StudyOverview.lostAfterDays` days or more by today.
    public var lostToFollowUp = false
    /// By `OverviewQuestion.key`: how many answers to the question they
    /// share, and how many of those are "prefer not to answer".
    public var preferNot: [String: PreferNotCount] = [:]
    /// By `OverviewSeries.key`, for a task with visits: the value at each visit, by its name.
    public var atVisits: [String: [String: Double]] = [:]

    public struct PreferNotCount: Codable, Equatable, Sendable {
        public var answers: Int
        public var preferNot: Int
    }

    /// - Parameter outcomes: the participant's live outcomes, scored, with only what they share.
    public init(feed: ParticipantFeed, outcomes: [Outcome], standing: Standing, signed: Bool, withdrawal: Withdrawal?,
                sharing: Sharing, series: [OverviewSeries], questions: [OverviewQuestion]) {
        let participant = feed.participant
        let today = feed.today
        enrolledOn = participant.enrolledOn
        self.standing = standing
        self.signed = signed
        joined = feed.isOnboarded(on: today)
        gaveReason = withdrawal.map { $0.givenReason != nil }
        let from = max(enrolledOn, FeedBounds.enrolment(today: today).lowerBound)
        var weeks: [(week: Int, from: LocalDate, through: LocalDate)] = []
        var week = enrolledOn.days(to: from) / 7
        while case let start = enrolledOn.adding(days: 7 * week), start <= today {
            weeks.append((week, max(start, from), min(start.adding(days: 6), today)))
            week += 1
        }
        adherence = zip(weeks, feed.adherence(ofRanges: weeks.map { ($0.from, $0.through) })).compactMap { week, ring in
            ring.map { Week(week: week.week, completed: $0.completed, total: $0.total) }
        }
        var means: [String: [Int: Double]] = [:]
        var withheld: [String] = []
        for line in series {
            if sharing.withholding(taskID: line.task, kind: line.value) != nil {
                // Before joining nobody has been asked to share, so only those who joined withhold.
                if joined || signed { withheld.append(line.key) }
                continue
            }
            var sums: [Int: (total: Double, count: Int)] = [:]
            for outcome in outcomes where outcome.taskID == line.task && outcome.eventDay >= enrolledOn && outcome.eventDay <= today {
                guard let number = outcome.value(line.value)?.value.number else { continue }
                let week = (outcome.eventDay.ordinal - enrolledOn.ordinal) / 7
                sums[week, default: (0, 0)].total += number
                sums[week, default: (0, 0)].count += 1
            }
            if !sums.isEmpty {
                means[line.key] = sums.mapValues { $0.total / Double($0.count) }
            }
        }
        self.means = means
        self.withheld = withheld
        visits = VisitStatus.of(feed)
        let counted = outcomes.filter { $0.eventDay <= today }
        switch standing {
        case .active, .reconsentPending:
            lostToFollowUp = joined && Self.isLost(participant: participant, outcomes: counted, today: today)
        case .enrolled, .consented, .finished, .withdrawn:
            break
        }
        for question in questions where sharing.withholding(taskID: question.task, kind: question.item) == nil {
            let answers = counted.filter { $0.taskID == question.task }.compactMap { $0.value(question.item)?.value }
            if !answers.isEmpty {
                preferNot[question.key] = PreferNotCount(answers: answers.count,
                                                         preferNot: answers.filter { $0 == .preferNotToAnswer }.count)
            }
        }
        atVisits = Self.atVisits(feed: feed, outcomes: counted, series: series.filter { !withheld.contains($0.key) })
    }

    /// Whether a participant taking part has answered nothing for `StudyOverview.lostAfterDays` days by today,
    /// as a silence flag counts: from the event day of their last answer.
    private static func isLost(participant: Participant, outcomes: [Outcome], today: LocalDate) -> Bool {
        let last = outcomes.filter { !$0.isDeleted }.map(\.eventDay).max()
        return ParticipantFlag.silentDays(lastAnswer: last, participant: participant, today: today) >= StudyOverview.lostAfterDays
    }

    /// Each followed value of a task with visits at each visit answered by today, as the data package's
    /// `visit` column names them: by the occurrence of the visit's event.
    private static func atVisits(feed: ParticipantFeed, outcomes: [Outcome], series: [OverviewSeries]) -> [String: [String: Double]] {
        let participant = feed.participant
        var values: [String: [String: Double]] = [:]
        for task in feed.tasks where task.timeline.hasVisits {
            let lines = series.filter { $0.task == task.id }
            guard !lines.isEmpty else { continue }
            let visits = task.timeline.visits(participant.scheduleDates, in: participant.timeZone)
            for outcome in outcomes where outcome.taskID == task.id {
                guard let visit = visits[outcome.occurrence] else { continue }
                for line in lines {
                    if let number = outcome.value(line.value)?.value.number, number.isFinite {
                        values[line.key, default: [:]][visit] = number
                    }
                }
            }
        }
        return values
    }

    // The build manifest keeps one of these for every participant and is read
    // on every build: weeks are written as flat arrays, which decode far
    // faster than an object or a dictionary for each week.
    private enum CodingKeys: String, CodingKey {
        case enrolledOn, standing, signed, joined, gaveReason, adherence, means, withheld, visits, lostToFollowUp, preferNot, atVisits
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        enrolledOn = try container.decode(LocalDate.self, forKey: .enrolledOn)
        standing = try container.decode(Standing.self, forKey: .standing)
        signed = try container.decode(Bool.self, forKey: .signed)
        joined = try container.decode(Bool.self, forKey: .joined)
        gaveReason = try container.decodeIfPresent(Bool.self, forKey: .gaveReason)
        // [week, completed, total, week, completed, total, …]
        let flat = try container.decode([Int].self, forKey: .adherence)
        guard flat.count % 3 == 0 else {
            throw DecodingError.dataCorruptedError(forKey: .adherence, in: container, debugDescription: "not triples")
        }
        adherence = stride(from: 0, to: flat.count, by: 3).map { Week(week: flat[$0], completed: flat[$0 + 1], total: flat[$0 + 2]) }
        // A hand-edited manifest's weeks lie within a participant's pages and its counts add up, or the overview
        // would be asked for every week up to a number no study reaches; the build then starts afresh.
        let weeks = FeedBounds.mostFeedDays / 7 + 1
        guard adherence.allSatisfy({ (0...weeks).contains($0.week) && 0 <= $0.completed && $0.completed <= $0.total && $0.total <= 1 << 20 })
        else {
            throw DecodingError.dataCorruptedError(forKey: .adherence, in: container, debugDescription: "a week out of range")
        }
        // By series, the mean of each week from week 0, null for a week without one.
        let byWeek = try container.decode([String: [Double?]].self, forKey: .means)
        guard byWeek.values.allSatisfy({ $0.count <= weeks + 1 }) else {
            throw DecodingError.dataCorruptedError(forKey: .means, in: container, debugDescription: "a week out of range")
        }
        means = byWeek.mapValues { weeks in
            Dictionary(uniqueKeysWithValues: weeks.enumerated().compactMap { week, mean in mean.map { (week, $0) } })
        }
        withheld = try container.decode([String].self, forKey: .withheld)
        // [task, visit, status, task, visit, status, …]; absent from a manifest of before visits.
        let flatVisits = try container.decodeIfPresent([String].self, forKey: .visits) ?? []
        guard flatVisits.count % 3 == 0 else {
            throw DecodingError.dataCorruptedError(forKey: .visits, in: container, debugDescription: "not triples")
        }
        visits = stride(from: 0, to: flatVisits.count, by: 3).map {
            VisitStatus(task: flatVisits[$0], visit: flatVisits[$0 + 1], status: flatVisits[$0 + 2])
        }
        lostToFollowUp = try container.decodeIfPresent(Bool.self, forKey: .lostToFollowUp) ?? false
        preferNot = try container.decodeIfPresent([String: PreferNotCount].self, forKey: .preferNot) ?? [:]
        // A hand-edited manifest's counts stay counts, which add up without overflowing; the build then starts afresh.
        guard preferNot.values.allSatisfy({ 0 <= $0.preferNot && $0.preferNot <= $0.answers && $0.answers <= 1 << 32 }) else {
            throw DecodingError.dataCorruptedError(forKey: .preferNot, in: container, debugDescription: "not counts")
        }
        atVisits = try container.decodeIfPresent([String: [String: Double]].self, forKey: .atVisits) ?? [:]
        guard atVisits.values.allSatisfy({ $0.values.allSatisfy(\.isFinite) }) else {
            throw DecodingError.dataCorruptedError(forKey: .atVisits, in: container, debugDescription: "not numbers")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(enrolledOn, forKey: .enrolledOn)
        try container.encode(standing, forKey: .standing)
        try container.encode(signed, forKey: .signed)
        try container.encode(joined, forKey: .joined)
        try container.encodeIfPresent(gaveReason, forKey: .gaveReason)
        try container.encode(adherence.flatMap { [$0.week, $0.completed, $0.total] }, forKey: .adherence)
        try container.encode(means.mapValues { weeks -> [Double?] in
            guard let last = weeks.keys.max(), last >= 0 else { return [] }
            return (0...last).map { weeks[$0] }
        }, forKey: .means)
        try container.encode(withheld, forKey: .withheld)
        try container.encode(visits.flatMap { [$0.task, $0.visit, $0.status] }, forKey: .visits)
        if lostToFollowUp { try container.encode(lostToFollowUp, forKey: .lostToFollowUp) }
        if !preferNot.isEmpty { try container.encode(preferNot, forKey: .preferNot) }
        if !atVisits.isEmpty { try container.encode(atVisits, forKey: .atVisits) }
    }
}

/// A value the overview follows across participants: a chart series of
/// `study.yaml`, or a score of a task.
public struct OverviewSeries: Hashable, Sendable {
    public var task: String
    /// The form item or the score.
    public var value: String
    public var label: String
    /// The scale it is drawn on, when the study gives one: a scale's, a
    /// score's, or a number's `min` to `max`.
    public var range: ClosedRange<Double>?
    /// The band the study hopes values reach, drawn on the chart.
    public var target: ChartTarget?

    public var key: String { task + "/" + value }

    /// The study's chart series that plot answers or scores, then every
    /// score not charted, each once.
    public static func of(_ study: Study) -> [OverviewSeries] {
        var series: [OverviewSeries] = []
        var seen: Set<String> = []
        for line in study.insights.flatMap(\.series) where line.measure != .entries {
            guard let task = study.task(line.task), seen.insert(line.task + "/" + line.value).inserted else { continue }
            // A scale has its range, and so has a number with both bounds; any other number is drawn on a scale its values give.
            let item = task.formItems.first { $0.id == line.value }
            let range: ClosedRange<Double>? = line.measure == .score ? task.score(line.value)?.range(task: task)
                : item.flatMap { item in
                    switch item.answer {
                    case .scale: Score.range(of: item)
                    case .numeric(let low?, let high?, _, _) where low < high: low...high
                    case .numeric, .boolean, .choice, .text, .date, .timeOfDay: nil
                    }
                }
            series.append(OverviewSeries(task: line.task, value: line.value, label: line.legend, range: range, target: line.target))
        }
        for task in study.tasks {
            for score in task.scores ?? [] where seen.insert(task.id + "/" + score.id).inserted {
                series.append(OverviewSeries(task: task.id, value: score.id, label: score.label, range: score.range(task: task)))
            }
        }
        return series
    }
}

/// A question that offers "prefer not to answer": the overview says how
/// often it was chosen.
public struct OverviewQuestion: Hashable, Sendable {
    public var task: String
    public var item: String
    /// The question as the study asks it.
    public var text: String
    /// The title of its task, which tells apart two tasks asking the same question.
    public var taskTitle: String

    public var key: String { task + "/" + item }

    /// Every form item of the study's tasks that offers "prefer not to answer", in task order.
    public static func of(_ study: Study) -> [OverviewQuestion] {
        study.tasks.filter { !$0.isOnboarding }.flatMap { task in
            task.formItems.filter(\.offersPreferNotToAnswer).map {
                OverviewQuestion(task: task.id, item: $0.id, text: $0.text, taskTitle: task.title)
            }
        }
    }
}
