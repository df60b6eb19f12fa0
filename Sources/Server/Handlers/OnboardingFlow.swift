import CareModel
import CareStore
import StudyModel
import Feed
import Foundation
import HTTP
import Pages

/// What a session has entered during onboarding, kept while the participant
/// goes back and forward, until onboarding is stored.
struct OnboardingDraft: Sendable {
    /// What the steps' fields show again.
    var fields = OnboardingFields()
    /// Consent step number → the record signed there, stored with the rest.
    var signed: [Int: ConsentRecord] = [:]
    /// Permissions step number → the choices made there.
    var choices: [Int: [PermissionGrant]] = [:]
    /// Form step number → the checked answers, stored with the onboarding outcome.
    var answers: [Int: [OutcomeValue]] = [:]
    /// The consent step the signature in `fields` was given on: another
    /// consent step starts with an empty pad.
    var signatureStep: Int?
    /// Every answer to a question about the consent, right or not, in the order given.
    var quiz: [QuizAttempt] = []
    /// A session that keeps posting cannot grow its draft without bound.
    static let mostQuizAttempts = 200
}

/// The onboarding task's steps, one page each: instructions, consent with
/// its review and signature, permissions, forms and the completion step.
/// Nothing is stored until every step that records something has been
/// answered; then the consent records, the permission choices and the
/// onboarding outcome are stored in one transaction, so a participant who
/// closes the tab after the last of them has joined, and the completion
/// step only confirms.
final class OnboardingFlow: Sendable {
    let store: CareStore
    private let drafts: SessionDrafts<OnboardingDraft>

    /// - Parameter drafts: sessions whose drafts are kept at once; nil for the default, a browser or two.
    init(store: CareStore, now: @escaping @Sendable () -> Date, drafts capacity: Int? = nil) {
        self.store = store
        drafts = SessionDrafts(capacity: capacity ?? SessionDrafts<OnboardingDraft>.defaultCapacity, now: now)
    }

    /// Drops what a session entered and has not stored: at sign-out, nothing of it stays in memory.
    func forget(_ session: String) {
        drafts.remove(session)
    }

    func handle(step number: Int, isReview: Bool, _ context: RequestContext) throws -> HTTPResponse {
        let respond = context.respond
        guard let feedTask = context.plan.tasks.first(where: \.isOnboarding),
              let event = feedTask.timeline.events(context.participant.scheduleDates, in: context.participant.timeZone,
                                                   from: context.today, to: context.today.adding(days: 1)).first,
              let task = context.plan.task(feedTask.id, version: event.version)?.asking(withDates: context.participant.datesFromTheTeam) else {
            return .seeOther(context.todayRoute.path)
        }
        guard (1...max(task.survey.count, 1)).contains(number), number <= task.survey.count else { return respond.notFound() }
        let step = task.survey[number - 1]
        if context.feed.isOnboarded(on: context.today) {
            // Joined: the completion step still says so once; every other step is behind them.
            guard case .completion = step, !isReview, context.method != .post else { return .seeOther(context.todayRoute.path) }
        }
        let flow = Flow(task: task, event: event, number: number, context: context,
                        draft: drafts[context.session] ?? OnboardingDraft(),
                        stored: context.snapshot.records.consentRecords)
        // The first step offers the study's languages: the choice holds from the next page on.
        if context.method == .post, number == 1, context.form?["language"] != nil {
            _ = try LanguageChoiceHandler.store(context.form?["language"], for: context, in: store)
        }
        if context.method == .post, let unsigned = flow.unsignedConsentStep(before: number) {
            return respond.message(.conflict, .signConsentFirst, respond.words(.signConsentFirstText),
                                   link: (.goToConsentForm, .onboarding(step: unsigned)))
        }
        switch step {
        case .consent(let consent):
            guard let document = context.plan.study.consentDocument(consent.document) else { return respond.notFound() }
            // The consent opens once every question about it is answered right.
            if let quiz = flow.unpassedQuizStep(before: number) {
                return .seeOther(Route.onboarding(step: quiz).path)
            }
            return isReview ? try review(flow, document: document) : sign(flow)
        case .permissions(let permissions) where !isReview:
            guard let form = context.form else { return flow.show() }
            let granted = Set(form.all("grant"))
            let choices = permissions.items.map { item in
                PermissionGrant(participantID: context.participant.id, permissionID: item.id, kind: item.kind.rawValue,
                                granted: granted.contains(item.id),
                                detail: form["detail-\(item.id)"].flatMap { PermissionGrant.browserAnswers.contains($0) ? $0 : nil },
                                recordedAt: context.now)
            }
            let draft = update(context.session) { draft in
                draft.choices[number] = choices
                for choice in choices { draft.fields.permissions[choice.permissionID] = (choice.granted, choice.detail) }
            }
            return try advance(flow, with: draft)
        case .form(let formStep) where !isReview:
            guard let form = context.form else { return flow.show() }
            switch SurveyValidation.validate(formStep.items, form: form, language: context.language)
                .flatMap({ SurveyValidation.participantDates($0, items: formStep.items, participant: context.participant,
                                                             form: form, language: context.language) }) {
            case .failure(let entry):
                let draft = update(context.session) { $0.fields.entries.merge(entry.values) { $1 } }
                return flow.show(draft.fields, errors: entry.errors, status: .unprocessableContent)
            case .success(let values):
                // A question about the consent answered wrong says why, and asks again.
                let quiz = formStep.items.filter { $0.expect != nil }
                let wrong = quiz.filter { item in !item.isExpected(values.filter { $0.kind == item.id }) }
                let draft = update(context.session) { draft in
                    for item in formStep.items { draft.fields.entries[item.id] = form.all(item.id) }
                    // Every attempt is kept, up to as many as any participant could make by hand; the right answers always.
                    for item in quiz where draft.quiz.count < OnboardingDraft.mostQuizAttempts || wrong.isEmpty {
                        let answer = values.first { $0.kind == item.id }?.value.text ?? ""
                        draft.quiz.append(QuizAttempt(itemID: item.id, answer: answer, at: context.now))
                    }
                    // A wrong answer after a right one is asked again too: the step is answered only while every one is right.
                    draft.answers[number] = wrong.isEmpty ? context.stored(values, taskID: task.id, version: event.version) : nil
                }
                guard wrong.isEmpty else {
                    let errors = Dictionary(wrong.map { item in (item.id, item.explain ?? respond.words(.quizNotRight)) },
                                            uniquingKeysWith: { first, _ in first })
                    return flow.show(draft.fields, errors: errors, status: .unprocessableContent)
                }
                return try advance(flow, with: draft)
            }
        case .completion where !isReview:
            guard context.method == .post else { return flow.show() }
            if !context.feed.isOnboarded(on: context.today) {
                if let missing = flow.firstUnansweredStep(flow.draft) {
                    return respond.message(.conflict, .stepNotAnswered, respond.words(.stepNotAnsweredText),
                                           link: (.goToThatStep, .onboarding(step: missing)))
                }
                try store(flow, flow.draft)
            }
            return .seeOther(context.todayRoute.path)
        case _ where !isReview:
            guard context.method == .post else { return flow.show() }
            return .seeOther(flow.next.path)
        default:
            return respond.notFound()
        }
    }

    /// The consent step's form: the printed name and signature, then the review.
    private func sign(_ flow: Flow) -> HTTPResponse {
        guard let form = flow.context.form else {
            var fields = flow.draft.fields
            if flow.draft.signatureStep != flow.number { fields.signature = nil }
            return flow.show(fields)
        }
        var errors: [String: String] = [:]
        let draft = update(flow.context.session) { draft in
            errors = SignatureEntry.enter(form, into: &draft.fields, words: flow.context.respond.words)
            draft.signatureStep = flow.number
            draft.signed[flow.number] = nil
        }
        guard errors.isEmpty else { return flow.show(draft.fields, errors: errors, status: .unprocessableContent) }
        return .seeOther(Route.onboardingReview(step: flow.number).path)
    }

    /// The review of what will be signed; a POST of it signs. The record is
    /// stored with the rest of onboarding.
    private func review(_ flow: Flow, document: ConsentDocument) throws -> HTTPResponse {
        let context = flow.context
        guard let signature = flow.draft.fields.signature, flow.draft.signatureStep == flow.number,
              !flow.draft.fields.printedName.isEmpty else {
            return .seeOther(Route.onboarding(step: flow.number).path)
        }
        guard let form = context.form else {
            return context.respond.page(OnboardingPages.review(flow.number, document: document, context: flow.pageContext,
                                                               fields: flow.draft.fields, frame: context.respond.frame))
        }
        guard form["sha256"] == document.sha256 else {
            return context.respond.message(.conflict, .consentChanged, context.respond.words(.consentChangedText),
                                           link: (.readTheConsentForm, .onboarding(step: flow.number)))
        }
        let record = ConsentRecord(participantID: context.participant.id, documentID: document.id, version: document.version,
                                   sha256: document.sha256, html: document.html, printedName: flow.draft.fields.printedName,
                                   signature: signature, signedAt: context.now, timeZone: context.participant.timeZone,
                                   language: context.plan.study.language(of: document).identifier)
        let draft = update(context.session) { $0.signed[flow.number] = record }
        return try advance(flow, with: draft)
    }

    /// After a step that records something: stores onboarding once every
    /// such step is answered, and goes to the next step.
    private func advance(_ flow: Flow, with draft: OnboardingDraft) throws -> HTTPResponse {
        if flow.isComplete(draft) {
            try store(flow, draft)
        }
        return .seeOther(flow.next.path)
    }

    private func store(_ flow: Flow, _ draft: OnboardingDraft) throws {
        let values = draft.answers.keys.sorted().flatMap { draft.answers[$0] ?? [] }
        // A date answer that `sets` a participant's date gives it, with the rest.
        var dates: [String: LocalDate] = [:]
        for item in flow.task.formItems {
            if let id = item.sets, case .date(let day)? = values.first(where: { $0.kind == item.id })?.value { dates[id] = day }
        }
        try store.completeOnboarding(dates: dates, quiz: draft.quiz, consents: draft.signed.keys.sorted().compactMap { draft.signed[$0] },
                                     grants: draft.choices.keys.sorted().flatMap { draft.choices[$0] ?? [] },
                                     outcome: NewOutcome(participantID: flow.context.participant.id, taskID: flow.task.id,
                                                         event: flow.event, values: values),
                                     at: flow.context.now)
        drafts.remove(flow.context.session)
    }

    /// Changes a session's draft in one locked step and returns it as changed.
    @discardableResult
    private func update(_ session: String, _ change: (inout OnboardingDraft) -> Void) -> OnboardingDraft {
        drafts.update(session, empty: OnboardingDraft(), change)
    }
}

/// One onboarding request: the task, today's event of it, the step and the session's draft.
private struct Flow {
    var task: StudyTask
    var event: ScheduledEvent
    var number: Int
    var context: RequestContext
    var draft: OnboardingDraft
    /// The participant's consent records already in the store.
    var stored: [ConsentRecord]

    var next: Route {
        number < task.survey.count ? .onboarding(step: number + 1) : context.todayRoute
    }

    var pageContext: OnboardingPages.Context {
        var page = OnboardingPages.Context(task: task, study: context.plan.study, participant: context.participant,
                                           reader: context.reader, csrfToken: context.csrfToken,
                                           stepPath: { Route.onboarding(step: $0).path })
        // Keep a copy: the record just signed, when its text is the study's.
        if let signed = stored.last, ConsentPages.hasSignedCopy(signed, study: context.plan.study, reader: context.reader) {
            page.signedCopy = context.reader.links.signedCopy(context.participant.id, index: stored.count - 1, of: stored.count)
        }
        return page
    }

    func show(_ fields: OnboardingFields? = nil, errors: [String: String] = [:], status: HTTPStatus = .ok) -> HTTPResponse {
        context.respond.page(OnboardingPages.step(number, context: pageContext, fields: fields ?? draft.fields, errors: errors,
                                                  frame: context.respond.frame), status: status)
    }

    /// The first consent step before `step` whose document this version is
    /// neither signed in the draft nor in the store.
    func unsignedConsentStep(before step: Int) -> Int? {
        for (index, item) in task.survey.enumerated() where index + 1 < step {
            guard case .consent(let consent) = item,
                  let document = context.plan.study.consentDocument(consent.document) else { continue }
            let signedHere = draft.signed[index + 1].map {
                $0.documentID == document.id && $0.version == document.version && $0.sha256 == document.sha256
            } ?? false
            guard !signedHere, !stored.contains(where: { $0.documentID == document.id && $0.version == document.version })
            else { continue }
            return index + 1
        }
        return nil
    }

    /// The first form step before `step` with a question about the consent
    /// not yet answered right: its answers are kept only once all are.
    func unpassedQuizStep(before step: Int) -> Int? {
        for (index, item) in task.survey.enumerated() where index + 1 < step {
            guard case .form(let form) = item, form.items.contains(where: { $0.expect != nil }), draft.answers[index + 1] == nil
            else { continue }
            return index + 1
        }
        return nil
    }

    /// Whether every step that records something has its answer in `draft`.
    func isComplete(_ draft: OnboardingDraft) -> Bool {
        firstUnansweredStep(draft) == nil
    }

    /// The first step that records something and has no answer in `draft`.
    func firstUnansweredStep(_ draft: OnboardingDraft) -> Int? {
        var flow = self
        flow.draft = draft
        if let unsigned = flow.unsignedConsentStep(before: task.survey.count + 1) { return unsigned }
        for (index, item) in task.survey.enumerated() {
            switch item {
            case .permissions where draft.choices[index + 1] == nil: return index + 1
            case .form where draft.answers[index + 1] == nil: return index + 1
            default: continue
            }
        }
        return nil
    }
}
