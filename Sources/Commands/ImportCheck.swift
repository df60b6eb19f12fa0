import CareModel
import CareStore
import Foundation
import StudyModel

/// What a participant's store file must hold for `import` to take it:
/// only what the study could have produced. Each problem names the record
/// and the rule, so the file is refused whole and nothing is merged.
struct ImportCheck {
    var study: Study
    var now: Date

    /// Each record of `file` the study could not have produced, in words.
    func problems(_ file: StoreFileRecords) -> [String] {
        var problems: [String] = []
        // As the site bounds a feed: ten years back at most, and a year ahead for a participant enrolled in advance.
        let today = study.timeZone.localDate(of: now)
        let earliest = today.adding(days: -3653), latest = today.adding(days: 366)
        for participant in file.participants where participant.enrolledOn < earliest || participant.enrolledOn > latest {
            problems.append("participant \(participant.id) is enrolled on \(participant.enrolledOn), more than "
                            + (participant.enrolledOn < earliest ? "ten years ago" : "a year ahead")
                            + "; the study could not have enrolled them then")
        }
        var definitions: [String: StudyTask] = [:]
        for version in file.taskVersions {
            definitions["\(version.taskID) \(version.version)"] = try? StudyTask(definition: version.definition)
        }
        // Numbered as the file's own versions number them; a version the study never had is refused when merging.
        let plan = try? CarePlan(study: study, versions: file.taskVersions)
        var occurrences: [String: [Int: Int]] = [:]
        let participants = Dictionary(file.participants.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for outcome in file.outcomes {
            let subject = "participant \(outcome.participantID)'s answer to \(outcome.taskID)#\(outcome.occurrence)"
            guard study.task(outcome.taskID) != nil else {
                problems.append("\(subject): the study has no task '\(outcome.taskID)'")
                continue
            }
            if let plan, let participant = participants[outcome.participantID],
               let problem = occurrenceProblem(outcome, of: participant, in: plan, known: &occurrences) {
                problems.append("\(subject): \(problem)")
            }
            guard let task = definitions["\(outcome.taskID) \(outcome.taskVersion)"] else { continue }
            for value in outcome.values {
                if let problem = problem(value, in: task) {
                    problems.append("\(subject): \(problem)")
                }
            }
        }
        problems += permissionProblems(file, definitions: Array(definitions.values.compactMap { $0 }))
        return problems
    }

    /// Why the outcome's occurrence is none the task's schedule has given the
    /// participant by the end of their today, or falls under another version;
    /// nil when it is one. `known` keeps each participant's task's events.
    func occurrenceProblem(_ outcome: Outcome, of participant: Participant, in plan: CarePlan,
                           known: inout [String: [Int: Int]]) -> String? {
        guard let task = plan.tasks.first(where: { $0.id == outcome.taskID }) else { return nil }
        let today = participant.today(at: now)
        let key = "\(participant.id) \(task.id)"
        let versions = known[key] ?? Dictionary(
            task.timeline.events(enrolledOn: participant.enrolledOn, in: participant.timeZone,
                                 from: participant.enrolledOn, to: today.adding(days: 1))
                .map { ($0.occurrence, $0.version) }, uniquingKeysWith: { first, _ in first })
        known[key] = versions
        guard let version = versions[outcome.occurrence] else {
            return "the task's schedule gives this participant no occurrence \(outcome.occurrence) from their enrolment "
                + "on \(participant.enrolledOn) to \(today)"
                + (versions.keys.min().map { " (it gives #\($0) to #\(versions.keys.max() ?? $0))" } ?? ", none at all")
        }
        return version == outcome.taskVersion ? nil
            : "occurrence \(outcome.occurrence) falls under version \(version) of \(task.id), not the version \(outcome.taskVersion) "
                + "the answer names"
    }

    /// Permission answers to no permission the study or the file's task
    /// versions ask for, or with what no browser says.
    func permissionProblems(_ file: StoreFileRecords, definitions: [StudyTask]) -> [String] {
        var asked: Set<String> = []
        for task in study.tasks + definitions {
            for case .permissions(let step) in task.survey {
                step.items.forEach { asked.insert("\($0.id) \($0.kind.rawValue)") }
            }
        }
        return file.permissionGrants.compactMap { grant in
            let subject = "participant \(grant.participantID)'s permission answer '\(grant.permissionID)'"
            guard asked.contains("\(grant.permissionID) \(grant.kind)") else {
                return "\(subject) (\(grant.kind)): the study asks for no such permission"
            }
            guard grant.detail.map(PermissionGrant.browserAnswers.contains) ?? true else {
                return "\(subject): '\(Self.shortened(grant.detail ?? ""))' is not what a browser answers"
            }
            return nil
        }
    }

    /// Why `value` is not an answer the task's version could have stored; nil when it is.
    func problem(_ value: OutcomeValue, in task: StudyTask) -> String? {
        if case .text(let text) = value.value, text.contains("\0") {
            return "\(value.kind) holds a NUL character, which no answer holds"
        }
        guard let item = task.formItems.first(where: { $0.id == value.kind }) else {
            // A task without a survey stores one value of its own kind: a tap, a box, a log entry.
            if task.formItems.isEmpty, let kind = task.kind.valueKind, value.kind == kind { return nil }
            return "'\(value.kind)' is no question of the task's version \(task.id)"
        }
        if value.value == .preferNotToAnswer {
            return item.offersPreferNotToAnswer ? nil : "\(item.id) was declined, and the question offers no \"prefer not to answer\""
        }
        switch (item.answer, value.value) {
        case (.scale(let low, let high, _, _, _), _), (.numeric(let low?, let high?, _, _), _):
            guard let number = value.value.number, !Self.isBoolean(value.value) else {
                return "\(item.id) is \(Self.describe(value.value)), not a number"
            }
            return (low...high).contains(number) ? nil : "\(item.id) is \(value.value.text), outside its range \(Self.plain(low)) to \(Self.plain(high))"
        case (.numeric(let low, let high, _, _), _):
            guard let number = value.value.number, !Self.isBoolean(value.value) else {
                return "\(item.id) is \(Self.describe(value.value)), not a number"
            }
            if let low, number < low { return "\(item.id) is \(value.value.text), below its lowest, \(Self.plain(low))" }
            if let high, number > high { return "\(item.id) is \(value.value.text), above its highest, \(Self.plain(high))" }
            return nil
        case (.boolean, .boolean):
            return nil
        case (.choice(let options, _), .text(let chosen)):
            return options.contains { $0.value == chosen } ? nil : "\(item.id) is '\(Self.shortened(chosen))', none of its options"
        case (.text(let maxLength), .text(let text)):
            let most = maxLength ?? 10_000
            return text.count <= most ? nil : "\(item.id) is \(text.count) characters long, more than its \(most)"
        case (.date(let low, let high), .date(let day)):
            if let low, day < low { return "\(item.id) is \(day), before its earliest, \(low)" }
            if let high, day > high { return "\(item.id) is \(day), after its latest, \(high)" }
            return nil
        case (.timeOfDay, .time):
            return nil
        default:
            return "\(item.id) is \(Self.describe(value.value)), not an answer its question takes"
        }
    }

    static func isBoolean(_ value: OutcomeValue.Value) -> Bool {
        if case .boolean = value { true } else { false }
    }

    static func describe(_ value: OutcomeValue.Value) -> String {
        switch value {
        case .text(let text): "the text '\(shortened(text))'"
        case .boolean(let yes): yes ? "yes" : "no"
        default: value.text
        }
    }

    static func shortened(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(40)) + "…" : text
    }

    static func plain(_ number: Double) -> String {
        OutcomeValue.Value.decimal(number).text
    }
}
