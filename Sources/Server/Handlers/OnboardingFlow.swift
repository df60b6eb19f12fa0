import CareModel
import CareStore
import Content
import Feed
import Foundation
import HTTP
import Pages
import Support

/// What a session has entered during onboarding, kept while the participant
/// goes back and forward, until onboarding is recorded.
struct OnboardingDraft: Sendable {
    /// What the steps' fields show again.
    var fields = OnboardingFields()
    /// Step number → the checked answers of a form step, stored with the onboarding outcome.
    var answers: [Int: [OutcomeValue]] = [:]
}

/// The onboarding task's steps, one page each: instructions, consent with
/// its review and signature, permissions, forms, and the completion step
/// that records the onboarding outcome.
final class OnboardingFlow: Sendable {
    let store: CareStore
    private let drafts = Locked<[String: OnboardingDraft]>([:])

    init(store: CareStore) {
        self.store = store
    }

    func handle(step number: Int, isReview: Bool, _ context: RequestContext) throws -> HTTPResponse {
        let respond = context.respond
        guard let feedTask = context.plan.tasks.first(where: \.isOnboarding),
              let today = feedTask.timeline.events(enrolledOn: context.participant.enrolledOn, in: context.participant.timeZone,
                                                   from: context.today, to: context.today.adding(days: 1)).first,
              let task = context.plan.task(feedTask.id, version: today.version) else {
            return .seeOther(context.todayRoute.path)
        }
        if context.feed.isOnboarded(on: context.today) {
            return .seeOther(context.todayRoute.path)
        }
        guard (1...task.survey.count).contains(number) else { return respond.notFound() }
        let pageContext = OnboardingPages.Context(task: task, study: context.plan.study, participant: context.participant,
                                                  links: context.links, csrfToken: context.csrfToken,
                                                  stepPath: { Route.onboarding(step: $0).path })
        let next = number < task.survey.count ? Route.onboarding(step: number + 1) : context.todayRoute
        let draft = drafts.value[context.session] ?? OnboardingDraft()
        let form = context.form
        let show = { (draft: OnboardingDraft) in
            respond.page(OnboardingPages.step(number, context: pageContext, fields: draft.fields, frame: respond.frame))
        }

        switch task.survey[number - 1] {
        case .consent(let consent):
            guard let document = context.plan.study.consentDocument(consent.document) else { return respond.notFound() }
            if isReview {
                return try review(number, document: document, draft: draft, next: next, pageContext: pageContext, context)
            }
            guard let form else { return show(draft) }
            var errors: [String: String] = [:]
            let updated = update(context.session) { draft in
                errors = Self.enterSignature(form, into: &draft.fields)
            }
            guard errors.isEmpty else {
                return respond.page(OnboardingPages.step(number, context: pageContext, fields: updated.fields, errors: errors,
                                                         frame: respond.frame), status: 422)
            }
            return .seeOther(Route.onboardingReview(step: number).path)
        case .permissions(let permissions) where !isReview:
            guard let form else { return show(draft) }
            let granted = Set(form.all("grant"))
            for item in permissions.items {
                let detail = form["detail-\(item.id)"].flatMap { ["granted", "denied", "unsupported", "default"].contains($0) ? $0 : nil }
                try store.addPermissionGrant(PermissionGrant(participantID: context.participant.id, permissionID: item.id,
                                                             kind: item.kind.rawValue, granted: granted.contains(item.id),
                                                             detail: detail, recordedAt: Date()))
                update(context.session) { $0.fields.permissions[item.id] = (granted.contains(item.id), detail) }
            }
            return .seeOther(next.path)
        case .form(let step) where !isReview:
            guard let form else { return show(draft) }
            switch SurveyValidation.validate(step.items, form: form) {
            case .failure(let entry):
                let updated = update(context.session) { $0.fields.entries.merge(entry.values) { $1 } }
                return respond.page(OnboardingPages.step(number, context: pageContext, fields: updated.fields,
                                                         errors: entry.errors, frame: respond.frame), status: 422)
            case .success(let values):
                update(context.session) { draft in
                    for item in step.items { draft.fields.entries[item.id] = form.all(item.id) }
                    draft.answers[number] = values
                }
                return .seeOther(next.path)
            }
        case .completion where !isReview:
            guard form != nil else { return show(draft) }
            return try complete(task, event: today, draft: draft, context)
        case _ where !isReview:
            guard form != nil else { return show(draft) }
            return .seeOther(next.path)
        default:
            return respond.notFound()
        }
    }

    /// The review of what will be signed; a POST of it signs, once per version.
    private func review(_ number: Int, document: ConsentDocument, draft: OnboardingDraft, next: Route,
                        pageContext: OnboardingPages.Context, _ context: RequestContext) throws -> HTTPResponse {
        let respond = context.respond
        guard let signature = draft.fields.signature, !draft.fields.printedName.isEmpty else {
            return .seeOther(Route.onboarding(step: number).path)
        }
        guard let form = context.form else {
            return respond.page(OnboardingPages.review(number, document: document, context: pageContext, fields: draft.fields,
                                                       frame: respond.frame))
        }
        guard form["sha256"] == document.sha256 else {
            return respond.message(409, "The consent form has changed",
                                   "The study team changed the consent form after you reviewed it, so nothing was signed. "
                                   + "Please read it again.", link: ("Read the consent form", .onboarding(step: number)))
        }
        let signed = try store.consentRecords(participantID: context.participant.id)
            .contains { $0.documentID == document.id && $0.version == document.version }
        if !signed {
            try store.addConsentRecord(ConsentRecord(
                participantID: context.participant.id, documentID: document.id, version: document.version,
                sha256: document.sha256, html: document.html, printedName: draft.fields.printedName,
                signature: signature, signedAt: Date(), timeZone: context.participant.timeZone))
        }
        return .seeOther(next.path)
    }

    /// Records the onboarding outcome once every consent step is signed.
    private func complete(_ task: StudyTask, event: ScheduledEvent, draft: OnboardingDraft,
                          _ context: RequestContext) throws -> HTTPResponse {
        let records = try store.consentRecords(participantID: context.participant.id)
        for (index, step) in task.survey.enumerated() {
            guard case .consent(let consent) = step, let document = context.plan.study.consentDocument(consent.document),
                  !records.contains(where: { $0.documentID == document.id && $0.version == document.version }) else {
                continue
            }
            return context.respond.message(409, "Consent is not signed yet", "Sign the consent form before you finish joining.",
                                           link: ("Go to the consent form", .onboarding(step: index + 1)))
        }
        let values = draft.answers.keys.sorted().flatMap { draft.answers[$0] ?? [] }
        do {
            try store.addOutcome(NewOutcome(participantID: context.participant.id, taskID: task.id, event: event,
                                            values: values), at: Date())
        } catch CareStoreError.alreadyAnswered {
            // Joined already, from another tab: nothing more to record.
        }
        drafts.update { _ = $0.removeValue(forKey: context.session) }
        return .seeOther(context.todayRoute.path)
    }

    /// The printed name and signature of a consent step's form; the errors by field.
    private static func enterSignature(_ form: FormData, into fields: inout OnboardingFields) -> [String: String] {
        var errors: [String: String] = [:]
        fields.printedName = (form["printedName"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if fields.printedName.isEmpty { errors["printedName"] = "Type your full name." }
        if fields.printedName.count > 200 { errors["printedName"] = "Keep your name to 200 characters." }
        let path = (form["signature"] ?? "").trimmingCharacters(in: .whitespaces)
        if form["typedSignature"] == "yes" {
            fields.signature = fields.printedName.isEmpty ? nil : .typed(name: fields.printedName)
        } else if path.isEmpty {
            fields.signature = nil
            errors["signature"] = "Draw your signature, or tick the box to sign with your typed name."
        } else if SignaturePath.isValid(path) {
            fields.signature = .drawn(pathData: path)
        } else {
            fields.signature = nil
            errors["signature"] = "The signature could not be read. Clear it and draw it again."
        }
        return errors
    }

    /// Changes a session's draft in one locked step and returns it as changed.
    @discardableResult
    private func update(_ session: String, _ change: (inout OnboardingDraft) -> Void) -> OnboardingDraft {
        drafts.update { drafts in
            var draft = drafts[session] ?? OnboardingDraft()
            change(&draft)
            drafts[session] = draft
            return draft
        }
    }
}
