import CareModel
import CareStore
import StudyModel
import Feed
import Foundation
import HTTP
import Markup
import Pages

/// A task's survey form, its answers saved as one outcome, the task's
/// completion step after saving, and their deletion once confirmed: today
/// only, once per occurrence.
struct TaskAnswers {
    let store: CareStore
    /// Whether an alert that notifies is stored with the answer, to be e-mailed (`host --smtp`).
    var mailsAlerts = false

    enum Action {
        /// GET shows the survey; POST saves the answers.
        case answer
        /// GET asks to confirm; POST deletes.
        case delete
        /// GET shows the completion step of answers already saved.
        case done
    }

    func handle(task taskID: String, occurrence: Int, _ action: Action, _ context: RequestContext) throws -> HTTPResponse {
        let respond = context.respond
        // A task without a survey is done with a tap on its card (`TaskTaps`), not with a form.
        guard let feedTask = context.plan.tasks.first(where: { $0.id == taskID }), !feedTask.isOnboarding, feedTask.kind == .survey,
              let event = Self.event(feedTask, occurrence: occurrence, feed: context.feed),
              let task = context.plan.task(feedTask.id, version: event.version) else {
            return respond.notFound()
        }
        let existing = context.feed.outcome(taskID: task.id, occurrence: occurrence)
        if case .done = action {
            // Not answered yet: the survey says what can be done, today or on its day.
            guard let existing else { return .seeOther(Route.task(id: task.id, occurrence: occurrence).path) }
            guard let completion = task.completion else { return .seeOther(context.todayRoute.path) }
            return respond.page(AnswerPages.completion(completion, context: pageContext(task, event, existing, context),
                                                       frame: respond.frame))
        }
        if let refusal = TaskGate.refusal(day: event.day, through: event.lastDay, title: task.title, context) { return refusal }
        if case .delete = action {
            guard context.method == .post else {
                guard let existing else { return .seeOther(context.todayRoute.path) }
                return respond.page(AnswerPages.confirmDelete(context: pageContext(task, event, existing, context),
                                                              action: Route.deleteAnswers(task: task.id, occurrence: occurrence).path,
                                                              csrfToken: context.csrfToken, frame: respond.frame))
            }
            do {
                if let existing { try store.deleteOutcome(id: existing.id, at: context.now) }
            } catch CareStoreError.notFound {
                // Deleted already, by the first of two clicks.
            }
            return .seeOther(context.todayRoute.path)
        }
        guard let form = context.form else {
            if existing != nil { return .seeOther(context.todayRoute.path) }
            return respond.page(survey(task, event: event, values: [:], errors: [:], context))
        }
        switch SurveyValidation.validate(task, form: form, language: context.language) {
        case .failure(let entry) where entry.errors.isEmpty:
            // Answers that made more questions relevant: those, on a page of their own, before saving.
            return respond.page(survey(task, event: event, values: entry.values, errors: [:], asked: entry.asked,
                                       newlyAsked: entry.newlyAsked, context))
        case .failure(let entry):
            return respond.page(survey(task, event: event, values: entry.values, errors: entry.errors, asked: entry.asked,
                                       context),
                                status: .unprocessableContent)
        case .success(let answers):
            let values = context.stored(answers, taskID: task.id, version: event.version)
            do {
                let new = NewOutcome(participantID: context.participant.id, taskID: task.id, event: event, values: values)
                let mailing = mailsAlerts ? Self.mailing(new, task: task, plan: context.ownPlan,
                                                         grants: context.snapshot.records.permissionGrants) : []
                try store.addOutcome(new, at: context.now, mailing: mailing)
            } catch CareStoreError.alreadyAnswered {
                // The same answers sent twice (a double click, the back
                // button) are answered as the first was; different ones would
                // be silently lost, so they are refused and said so.
                let stored = try store.outcomes(participantID: context.participant.id)
                    .first { $0.taskID == task.id && $0.occurrence == occurrence }
                guard stored?.values == values else {
                    return respond.message(.conflict, .alreadyAnswered,
                                           respond.words(.alreadyAnsweredText, ["task": task.title,
                                                                               "answers": stored.map { context.reader.format.answers($0, task: task, study: context.plan.study) } ?? ""]),
                                           link: (.goToToday, context.todayRoute))
                }
            }
            return .seeOther(task.completion == nil ? context.todayRoute.path
                             : Route.taskDone(task: task.id, occurrence: occurrence).path)
        }
    }

    /// The alerts of the answer that e-mail the study's contact, each with
    /// its number and its label in the study's own language; judged on what
    /// the participant shares with the study team, so a value they keep to
    /// themselves raises no e-mail.
    /// - Parameter plan: the study's plan in its own language, whose labels the e-mail says.
    static func mailing(_ new: NewOutcome, task: StudyTask, plan: CarePlan,
                        grants: [PermissionGrant]) -> [(alert: Int, label: String)] {
        guard let alerts = plan.study.task(task.id)?.alerts else { return [] }
        let outcome = Outcome(id: 0, participantID: new.participantID, taskID: new.taskID, taskVersion: new.event.version,
                              occurrence: new.event.occurrence, eventDay: new.event.day, eventStart: new.event.start,
                              eventEnd: new.event.end, values: new.values, createdAt: new.event.start)
        let sharing = Sharing(plan: plan, participantID: new.participantID, grants: grants)
        let shared = sharing.shared(outcome)
        return alerts.enumerated().filter { $0.element.notify && $0.element.isRaised(by: shared, of: task) }
            .map { (alert: $0.offset, label: $0.element.label) }
    }

    private func pageContext(_ task: StudyTask, _ event: ScheduledEvent, _ outcome: Outcome,
                             _ context: RequestContext) -> AnswerPages.Context {
        AnswerPages.Context(task: task, event: event, outcome: outcome, participant: context.participant,
                            study: context.plan.study, reader: context.reader, today: context.today)
    }

    private func survey(_ task: StudyTask, event: ScheduledEvent, values: [String: [String]], errors: [String: String],
                        asked: Set<String>? = nil, newlyAsked: [String]? = nil, _ context: RequestContext) -> HTML {
        SurveyPage.render(task: task, event: event, participant: context.participant, study: context.plan.study,
                          values: values, errors: errors, reader: context.reader,
                          action: Route.task(id: task.id, occurrence: event.occurrence).path,
                          csrfToken: context.csrfToken, today: context.today, asked: asked, newlyAsked: newlyAsked,
                          frame: context.respond.frame)
    }

    /// The task's event with this occurrence, where the feed places it: from
    /// a year before enrolment (a visit before surgery may open before
    /// joining) to a year past today.
    static func event(_ task: PlannedTask, occurrence: Int, feed: ParticipantFeed) -> ScheduledEvent? {
        let participant = feed.participant
        return feed.events(of: task, from: participant.enrolledOn.adding(days: -FeedBounds.yearAhead),
                           to: max(feed.today, participant.enrolledOn).adding(days: FeedBounds.yearAhead))
            .first { $0.occurrence == occurrence }
    }
}
