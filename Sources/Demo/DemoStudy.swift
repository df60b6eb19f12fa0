import CareModel
import StudyModel
import Feed
import Foundation

/// Simulated participants who follow a study's own schedules: consent signed
/// and permissions answered on enrollment or the day after, in the morning
/// and before any answer (nothing is stored before a participant has
/// joined), then answers with a plausible
/// recovery after knee surgery (pain falling, sleep recovering, range of
/// motion rising from about 60° toward 120° over six weeks), day-to-day
/// noise and some missed days; doses of a log task taken as needed, fewer as
/// the knee heals. Each has the study's own dates (surgery) a few days after
/// enrolling, or, for some, a few days before. The newest participant has
/// not onboarded yet.
/// With four or more participants, two show what a clinician's worklist is
/// for: the second stopped answering three days before today, and the third
/// reports a painful setback on the last two days. With more, what a real
/// study has: the fourth leaves a questionnaire with too few answers for its
/// score (each question "prefer not to answer"), every sixth declines to
/// share health data, from eight on the seventh has answered nothing for 16
/// days (lost to follow-up), and the fifth and, from nine on, the eighth
/// withdraw two thirds of the way to today, one saying why. No one re-consents: that
/// needs an earlier consent text, which the demo would have to invent.
///
/// Nothing is simulated after `until`, the moment the demo runs: a
/// participant never answers at a time still to come.
///
/// A pure function of the study, the seed, today and `until`: the same
/// inputs give the same records.
public struct DemoStudy: Sendable {
    public var participants: [Participant] = []
    public var consentRecords: [ConsentRecord] = []
    public var permissionGrants: [PermissionGrant] = []
    public var withdrawals: [Withdrawal] = []
    /// In the order they would have been written.
    public var outcomes: [(outcome: NewOutcome, createdAt: Date)] = []

    /// - Parameter until: the last moment anything is simulated at; nil for
    ///   the end of `today` in the study's zone.
    public init(plan: CarePlan, participants count: Int, days: Int, seed: UInt64, today: LocalDate, until: Date? = nil) {
        var random = RandomSource(seed: seed)
        let study = plan.study
        let first = today.adding(days: -(max(days, 1) - 1))
        for index in 0..<count {
            let isNewest = index == count - 1 && count > 1
            // Enrollments spread over the first half of the window; the newest joins today.
            let enrolledOn = isNewest ? today : first.adding(days: random.integer(0...max(0, days / 2)))
            let name = Self.names[index % Self.names.count] + (index >= Self.names.count ? " \(index / Self.names.count + 1)" : "")
            var participant = Participant(id: String(format: "r%03d", index + 1), name: name,
                                          timeZone: index % 5 == 4 ? TimeZone(identifier: "America/Chicago")! : study.timeZone,
                                          enrolledOn: enrolledOn)
            // Each of the study's own dates (surgery), given at enrolment: most a few days ahead of it, some
            // just behind (a late joiner); the newest gives it when joining.
            for date in study.dates where !isNewest {
                participant.dates[date.id] = enrolledOn.adding(days: random.chance(0.8) ? random.integer(3...8) : -random.integer(1...4))
            }
            participants.append(participant)
            guard !isNewest else { continue }
            let course: Course = switch index {
            case 1 where count >= 4: .stoppedAnswering
            case 2 where count >= 4: .setback
            case 3 where count >= 5: .tooFewAnswers
            case 4 where count >= 8: .withdraws(reason: "Too much to keep up with after the surgery")
            case 6 where count >= 8: .lostToFollowUp
            case 7 where count >= 9: .withdraws(reason: nil)
            default: .steady
            }
            simulate(participant, course: course, declinesSharing: index % 6 == 5, plan: plan, today: today,
                     random: &random)
        }
        // What would have happened after the moment the demo runs has not happened yet.
        let cutoff = until ?? study.timeZone.instant(of: today.adding(days: 1), at: LocalTime(hour: 0, minute: 0)!)
        withdrawals.removeAll { $0.withdrawnAt > cutoff }
        // Nothing is answered after a withdrawal.
        let withdrawnAt = Dictionary(withdrawals.map { ($0.participantID, $0.withdrawnAt) }, uniquingKeysWith: { first, _ in first })
        outcomes.removeAll { $0.createdAt > cutoff || $0.createdAt >= withdrawnAt[$0.outcome.participantID] ?? .distantFuture }
        consentRecords.removeAll { $0.signedAt > cutoff }
        permissionGrants.removeAll { $0.recordedAt > cutoff }
        outcomes.sort { $0.createdAt < $1.createdAt }
    }

    /// How a simulated participant's last days go.
    private enum Course: Equatable {
        case steady
        case stoppedAnswering
        case setback
        /// Their first scored questionnaire is all "prefer not to answer".
        case tooFewAnswers
        /// Answers nothing in the last 16 days, without withdrawing.
        case lostToFollowUp
        case withdraws(reason: String?)
    }

    private mutating func simulate(_ participant: Participant, course: Course, declinesSharing: Bool, plan: CarePlan,
                                   today: LocalDate, random: inout RandomSource) {
        let zone = participant.timeZone
        let adherence = 0.72 + random.unit() * 0.25
        // Most onboard on the day they enroll; some a day later.
        let onboardingDay = participant.enrolledOn.adding(days: random.chance(0.8) ? 0 : 1)
        guard onboardingDay <= today else { return }
        let signedAt = zone.instant(of: onboardingDay, at: LocalTime(hour: 7 + random.integer(0...2), minute: random.integer(0...59))!)
        var lastDay = today
        if case .withdraws(let reason) = course, onboardingDay < today {
            // In the morning, two thirds of the way from joining to today: nothing is answered from then on.
            let withdrawnOn = onboardingDay.adding(days: max(1, onboardingDay.days(to: today) * 2 / 3))
            lastDay = withdrawnOn.adding(days: -1)
            withdrawals.append(Withdrawal(participantID: participant.id, withdrawnAt: zone.instant(of: withdrawnOn, at: LocalTime(hour: 9, minute: 30)!),
                                          reason: reason))
        }
        var leftWithTooFew = course != .tooFewAnswers
        // Consent, then the permissions, then the onboarding task's outcome: joined from then on.
        let joinedAt = signedAt.addingTimeInterval(240)
        for task in plan.tasks {
            // From as far before enrolment as a window reaches: a visit before surgery may open before joining.
            let events = task.timeline.events(participant.scheduleDates, in: zone,
                                              from: participant.enrolledOn.adding(days: 1 - task.timeline.longestWindow),
                                              to: today.adding(days: 1))
            for event in events {
                guard let definition = plan.task(task.id, version: event.version) else { continue }
                if task.isOnboarding {
                    guard event.day == onboardingDay else { continue }
                    onboard(participant, definition, plan: plan, at: signedAt, declinesSharing: declinesSharing, random: &random)
                    outcomes.append((NewOutcome(participantID: participant.id, taskID: task.id, event: event, values: []),
                                     joinedAt))
                    continue
                }
                // An event whose window reaches the joining day is still answered.
                guard event.lastDay >= onboardingDay, event.day >= onboardingDay || event.hasWindow else { continue }
                if course == .stoppedAnswering && event.day >= today.adding(days: -3)
                    || course == .lostToFollowUp && event.day >= today.adding(days: -16) || event.day > lastDay { continue }
                if task.kind == .log {
                    logDoses(participant, task: task, offered: event, setback: course == .setback, today: today,
                             joinedAt: joinedAt, random: &random)
                    continue
                }
                // Today's morning is half done; earlier days follow the participant's habit.
                let answers = event.day == today ? random.chance(0.5) : random.chance(adherence)
                // A setback is told: its last two days are answered.
                guard answers || course == .setback && event.day >= today.adding(days: -1) else { continue }
                let day = Double(participant.enrolledOn.days(to: event.day))
                let scored = Set((definition.scores ?? []).flatMap(\.items))
                let reversed = Set((definition.scores ?? []).flatMap(\.reverse))
                // The first scored questionnaire of one who leaves it with too few answers: every question declined.
                let declinesAll = !leftWithTooFew && !scored.isEmpty
                if declinesAll { leftWithTooFew = true }
                var values = definition.formItems.compactMap { item in
                    item.offersPreferNotToAnswer && (declinesAll || random.chance(0.03))
                        ? OutcomeValue(kind: item.id, value: .preferNotToAnswer)
                        : scored.contains(item.id) ? Self.recovering(item, day: day, reversed: reversed.contains(item.id), random: &random)
                        : Self.value(for: item, day: day, random: &random)
                }
                // A question whose condition the answers before it do not meet is never asked.
                let asked = Set(definition.askedItems(answers: Dictionary(grouping: values, by: \.kind).mapValues { $0.map(\.value) })
                    .map(\.id))
                values.removeAll { !asked.contains($0.kind) }
                if values.isEmpty, let tap = task.kind.tapValue {
                    values = [tap]
                }
                if course == .setback && event.day >= today.adding(days: -1) {
                    values = values.map { value in
                        value.kind == "pain" ? OutcomeValue(kind: value.kind, value: .integer(8 + random.integer(0...1))) : value
                    }
                }
                // Demo stores only what a participant's form could have: what the value model refuses is not answered.
                guard definition.problems(values).isEmpty else { continue }
                var delay = event.isAllDay ? 3600 * Double(17 + random.integer(0...4)) + Double(random.integer(0...3599))
                                           : Double(300 + random.integer(0...2700))
                // An event open for days is answered on one of its first few, never after today.
                if event.hasWindow {
                    let latest = min(event.day.days(to: event.lastDay), event.day.days(to: today), 2)
                    delay += 86_400 * Double(random.integer(0...max(0, latest)))
                }
                // An event of the joining day that opened before the participant joined is answered after.
                let answeredAt = max(event.start.addingTimeInterval(delay), joinedAt.addingTimeInterval(60 + delay / 60))
                outcomes.append((NewOutcome(participantID: participant.id, taskID: task.id, event: event, values: values),
                                 answeredAt))
            }
        }
    }

    private mutating func onboard(_ participant: Participant, _ task: StudyTask, plan: CarePlan, at signedAt: Date,
                                  declinesSharing: Bool, random: inout RandomSource) {
        for step in task.survey {
            switch step {
            case .consent(let consent):
                guard let document = plan.study.consentDocument(consent.document) else { continue }
                consentRecords.append(ConsentRecord(
                    participantID: participant.id, documentID: document.id, version: document.version,
                    sha256: document.sha256, html: document.html, printedName: participant.name,
                    signature: .drawn(pathData: Self.signature(for: participant.name, random: &random)),
                    signedAt: signedAt, timeZone: participant.timeZone))
            case .permissions(let permissions):
                for item in permissions.items {
                    let (granted, detail): (Bool, String?) = switch item.kind {
                    case .health: (!declinesSharing, nil)
                    case .notifications: random.chance(0.7) ? (true, "granted") : (false, "denied")
                    case .motion: random.chance(0.6) ? (true, "granted") : (false, "unsupported")
                    }
                    permissionGrants.append(PermissionGrant(
                        participantID: participant.id, permissionID: item.id, kind: item.kind.rawValue,
                        granted: granted, detail: detail, recordedAt: signedAt.addingTimeInterval(120)))
                }
            default:
                break
            }
        }
    }

    /// A plausible answer on study day `day` (0 = enrollment).
    static func value(for item: FormItem, day: Double, random: inout RandomSource) -> OutcomeValue? {
        let number: Double
        switch (item.id, item.answer) {
        case ("pain", .scale(let low, let high, let step, _, _)):
            number = snap(1.5 + 5.2 * exp(-day / 12) + random.noise(0.8), low, high, step)
        case ("sleep", .numeric(let low, let high, let decimals, _)):
            number = snap(5.2 + 2.4 * (1 - exp(-day / 10)) + random.noise(0.6), low ?? 0, high ?? 24,
                          decimals == 0 ? 1 : 0.5)
        case ("range", .numeric(let low, let high, _, _)):
            number = snap(60 + 62 * (1 - exp(-day / 14)) + random.noise(4), low ?? 0, high ?? 160, 1)
        case (_, .scale(let low, let high, let step, _, _)):
            number = snap(low + (high - low) * random.unit(), low, high, step)
        case (_, .numeric(let low, let high, let decimals, _)):
            let low = low ?? 0
            number = snap(low + ((high ?? low + 10) - low) * random.unit(), low, high ?? low + 10,
                          pow(10, -Double(decimals)))
        case (_, .boolean):
            number = random.chance(0.5) ? 1 : 0
        case (_, .choice(let options, _)):
            return OutcomeValue(kind: item.id, value: .text(options[random.integer(0...(options.count - 1))].value))
        case (_, .timeOfDay):
            let time = LocalTime(hour: random.integer(20...23), minute: 15 * random.integer(0...3))
            return time.map { OutcomeValue(kind: item.id, value: .time($0)) }
        case (_, .text), (_, .date):
            return nil
        }
        return item.answer.value(number).map { OutcomeValue(kind: item.id, value: $0, unit: item.answer.unit) }
    }

    /// A scored item's answer as a knee recovers: high (worse) at first,
    /// lower over the weeks; a reversed item the other way round.
    static func recovering(_ item: FormItem, day: Double, reversed: Bool, random: inout RandomSource) -> OutcomeValue? {
        guard let range = Score.range(of: item) else { return value(for: item, day: day, random: &random) }
        let share = min(max(0.78 * exp(-day / 16) + 0.1 + random.noise(0.12), 0), 1)
        let number = (range.lowerBound + (range.upperBound - range.lowerBound) * (reversed ? 1 - share : share)).rounded()
        if case .choice(let options, _) = item.answer {
            let closest = options.min { abs((Double(plain: $0.value) ?? 0) - number) < abs((Double(plain: $1.value) ?? 0) - number) }
            return closest.map { OutcomeValue(kind: item.id, value: .text($0.value)) }
        }
        return item.answer.value(number).map { OutcomeValue(kind: item.id, value: $0, unit: item.answer.unit) }
    }

    /// The step nearest `value` within the range, written as exactly as its decimals are (0.7, never 0.7000000000000001).
    private static func snap(_ value: Double, _ low: Double, _ high: Double, _ step: Double) -> Double {
        let clamped = min(max(value, low), high)
        let places = pow(10, Double(max(AnswerFormat.decimalPlaces(of: step), AnswerFormat.decimalPlaces(of: low))))
        return ((((clamped - low) / step).rounded() * step + low) * places).rounded() / places
    }

    /// SVG path data of a handwritten-looking line, as a signature pad
    /// would send: one stroke per word, in a 300 × 100 box.
    static func signature(for name: String, random: inout RandomSource) -> String {
        var path: [String] = []
        var x = 12.0
        for word in name.split(separator: " ") {
            var y = 60 + random.noise(6)
            path.append("M\(format(x)) \(format(y))")
            for _ in 0..<(word.count * 2) {
                let dx = 4 + random.unit() * 6
                let peak = y - 14 - random.unit() * 20
                x += dx
                path.append("Q\(format(x - dx / 2)) \(format(peak)) \(format(x)) \(format(y))")
                y = 60 + random.noise(6)
            }
            x += 14
        }
        return path.joined(separator: " ")
    }

    private static func format(_ value: Double) -> String {
        String(format: "%.1f", value)
    }

    /// Fictional names.
    static let names = [
        "Maya Alvarez", "Jonah Brooks", "Priya Nair", "Samuel Okafor", "Lena Fischer", "Tomás Ruiz",
        "Grace Whitfield", "Hiro Tanaka", "Amara Mensah", "Owen Gallagher", "Sofia Rossi", "Daniel Cho",
        "Ruth Abernathy", "Kwame Boateng", "Elena Petrova", "Noah Lindqvist", "Fatima Haddad", "Ivy Chen",
        "Marcus Bell", "Zoe Laurent",
    ]
}
