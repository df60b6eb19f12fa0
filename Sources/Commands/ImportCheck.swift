import CareModel
import CareStore
import Feed
import Foundation
import StudyModel

/// What a participant's store file must hold for `import` to take it:
/// only what the study could have produced, judged by the study's own
/// definition of each task version (the one whose definition the file's
/// version repeats exactly), never by the definition the file carries.
/// Each problem names the record and the rule, so the file is refused whole
/// and nothing is merged.
struct ImportCheck {
    var study: Study
    /// The study's plan, with every version its store recorded.
    var plan: CarePlan
    var now: Date

    /// Each record of `file` the study could not have produced, in words.
    func problems(_ file: StoreFileRecords) -> [String] {
        var problems: [String] = []
        let bounds = FeedBounds.enrolment(today: study.timeZone.localDate(of: now))
        for participant in file.participants where !bounds.contains(participant.enrolledOn) {
            problems.append("participant \(participant.id) is enrolled on \(participant.enrolledOn), more than "
                            + (participant.enrolledOn < bounds.lowerBound ? "ten years ago" : "a year ahead")
                            + "; the study could not have enrolled them then")
        }
        // Each value a participant's date was given is one the study declares, within a year of their
        // enrolment, given by now (a later one would stay the date for ever).
        let enrolled = Dictionary(file.participants.map { ($0.id, $0.enrolledOn) }, uniquingKeysWith: { first, _ in first })
        var reported: Set<String> = []
        for change in file.dateChanges {
            guard let enrolledOn = enrolled[change.participantID] else { continue }
            let problem = if study.date(change.dateID) == nil {
                "participant \(change.participantID) has a date '\(change.dateID)', which the study does not declare"
            } else if !FeedBounds.participantDate(enrolledOn: enrolledOn).contains(change.day) {
                "participant \(change.participantID)'s \(change.dateID) is \(change.day), more than a year from their "
                    + "enrolment on \(enrolledOn)"
            } else if change.setAt > now.addingTimeInterval(24 * 3600) {
                "participant \(change.participantID)'s \(change.dateID) was given at \(Timestamp.utc(change.setAt)), which has "
                    + "not come yet"
            } else {
                String?.none
            }
            if let problem, reported.insert(problem).inserted { problems.append(problem) }
        }
        // The file's version numbers → the study's, for versions the study published; each task's timeline
        // as the file's store switched versions (its own day), with the study's definition of each.
        var versions: [String: Int] = [:]
        var spans: [String: [ScheduleTimeline.Span]] = [:]
        for version in file.taskVersions {
            if let match = version.match(in: plan.versions), let task = plan.task(version.taskID, version: match.version) {
                versions["\(version.taskID) \(version.version)"] = match.version
                spans[version.taskID, default: []].append(.init(version: match.version, effectiveFrom: version.effectiveFrom,
                                                                schedule: task.schedule))
            } else {
                problems.append("task \(version.taskID) version \(version.version) is not a version the study published: "
                                + "its definition is none the study's store recorded")
            }
        }
        let timelines = spans.mapValues(ScheduleTimeline.init)
        let participants = Dictionary(file.participants.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let held = Dictionary(file.participants.map { ($0.id, datesHeld($0, file.dateChanges)) }, uniquingKeysWith: { first, _ in first })
        for outcome in file.outcomes {
            let subject = "participant \(outcome.participantID)'s answer to \(outcome.taskID)#\(outcome.occurrence)"
            guard study.task(outcome.taskID) != nil else {
                problems.append("\(subject): the study has no task '\(outcome.taskID)'")
                continue
            }
            guard let version = versions["\(outcome.taskID) \(outcome.taskVersion)"],
                  let task = plan.task(outcome.taskID, version: version) else {
                // A version the file holds and the study never published is named above.
                if !file.taskVersions.contains(where: { $0.taskID == outcome.taskID && $0.version == outcome.taskVersion }) {
                    problems.append("\(subject): it names version \(outcome.taskVersion) of \(outcome.taskID), which the file "
                                    + "does not hold")
                }
                continue
            }
            if let participant = participants[outcome.participantID], bounds.contains(participant.enrolledOn),
               let timeline = timelines[outcome.taskID] {
                // An answer given before a date moved is judged by the dates it was given under.
                let judged = (held[participant.id] ?? [participant.dates]).map { dates in
                    var participant = participant
                    participant.dates = dates
                    return eventProblem(outcome, version: version, task: task, of: participant, timeline: timeline)
                }
                if !judged.contains(where: { $0 == nil }), let problem = judged.last ?? nil {
                    problems.append("\(subject): \(problem)")
                }
            }
            problems += task.problems(outcome.values).map { "\(subject): \($0.description)" }
        }
        problems += permissionProblems(file)
        return problems
    }

    /// Each set of dates the participant has held, their present one last:
    /// after each value the file gave one of their dates.
    func datesHeld(_ participant: Participant, _ changes: [DateChange]) -> [[String: LocalDate]] {
        var held: [[String: LocalDate]] = []
        var dates: [String: LocalDate] = [:]
        for change in changes where change.participantID == participant.id {
            dates[change.dateID] = change.day
            held.append(dates)
        }
        return held.isEmpty ? [participant.dates] : held
    }

    /// Why the outcome is not an answer to an event the task's schedule gave
    /// the participant by the end of their today, under the version it names
    /// (`version`, the study's number for it), on the event's day and at its
    /// times (a log's entry at its own moment), as one answer or, for a log,
    /// one of a day's entries; nil when it is. Only the events of the
    /// outcome's own day are worked out, so each answer of a file of any
    /// size costs the same time and no memory kept.
    func eventProblem(_ outcome: Outcome, version: Int, task: StudyTask, of participant: Participant,
                      timeline: ScheduleTimeline) -> String? {
        let today = participant.today(at: now)
        let earliest = participant.enrolledOn.adding(days: -FeedBounds.yearAhead)
        guard outcome.eventDay >= earliest, outcome.eventDay <= today else {
            return "its event day, \(outcome.eventDay), is not one from a year before their enrolment on "
                + "\(participant.enrolledOn) to their today, \(today)"
        }
        let event = timeline.events(participant.scheduleDates, in: participant.timeZone, from: outcome.eventDay,
                                    to: outcome.eventDay.adding(days: 1)).first { $0.occurrence == outcome.occurrence }
        guard let event else {
            return "the task's schedule gives this participant no occurrence \(outcome.occurrence) on \(outcome.eventDay)"
        }
        guard event.version == version else {
            return "occurrence \(outcome.occurrence) falls under the study's version \(event.version) of \(task.id), not the "
                + "version \(version) the answer names"
        }
        guard task.kind == .log || (outcome.eventStart == event.start && outcome.eventEnd == event.end) else {
            return "occurrence \(outcome.occurrence) runs from \(Timestamp.utc(event.start)) to \(Timestamp.utc(event.end)), "
                + "not from \(Timestamp.utc(outcome.eventStart)) to \(Timestamp.utc(outcome.eventEnd)) as the answer says"
        }
        switch (task.kind == .log, outcome.entry) {
        case (true, let entry?) where (0..<LogEntries.perDay).contains(entry):
            return nil
        case (false, nil):
            return nil
        case (true, _):
            return "a log's entry is numbered from 0 to \(LogEntries.perDay - 1), not \(outcome.entry.map(String.init) ?? "none")"
        case (false, _?):
            return "it is numbered as a log's entry, and \(task.id) is not a log"
        }
    }

    /// Permission answers to no permission the study's tasks ask for, in
    /// any version they had, or with what no browser says.
    func permissionProblems(_ file: StoreFileRecords) -> [String] {
        var asked: Set<String> = []
        for task in plan.allDefinitions {
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
                return "\(subject): '\(ValueProblem.shortened(grant.detail ?? ""))' is not what a browser answers"
            }
            return nil
        }
    }

}
