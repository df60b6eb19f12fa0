import CareModel
import CareStore
import StudyModel
import Feed
import Foundation
import HTTP
import Pages

/// Re-consent and withdrawal: a participant who signed an older version of
/// the consent reads and signs the new one (the old record is kept beside
/// it), or leaves the study, which is final and stops every task.
final class ConsentLifecycle: Sendable {
    let store: CareStore
    /// What each session has entered on the re-consent form.
    private let drafts: SessionDrafts<OnboardingFields>

    /// - Parameter drafts: sessions whose drafts are kept at once; nil for the default, a browser or two.
    init(store: CareStore, now: @escaping @Sendable () -> Date, drafts capacity: Int? = nil) {
        self.store = store
        drafts = SessionDrafts(capacity: capacity ?? SessionDrafts<OnboardingFields>.defaultCapacity, now: now)
    }

    /// Drops what a session entered and has not stored: at sign-out, nothing of it stays in memory.
    func forget(_ session: String) {
        drafts.remove(session)
    }

    /// The re-consent form, or its review when `isReview`.
    func reconsent(isReview: Bool, _ context: RequestContext) throws -> HTTPResponse {
        let respond = context.respond
        guard case .reconsentPending(let documentID, let signedVersion, _) = context.standing,
              let document = context.plan.study.consentDocument(documentID) else {
            return .seeOther(context.todayRoute.path)
        }
        let fields = drafts[context.session] ?? OnboardingFields()
        let page = { (fields: OnboardingFields, errors: [String: String], status: HTTPStatus) in
            respond.page(ConsentLifecyclePages.reconsent(
                document: document, signedVersion: signedVersion, participant: context.participant, today: context.today,
                study: context.plan.study, reader: context.reader, fields: fields, errors: errors,
                csrfToken: context.csrfToken, frame: respond.frame), status: status)
        }
        guard isReview else {
            guard let form = context.form else { return page(fields, [:], 200) }
            var errors: [String: String] = [:]
            let entered = drafts.update(context.session, empty: OnboardingFields()) { fields in
                errors = SignatureEntry.enter(form, into: &fields, words: respond.words)
            }
            guard errors.isEmpty else { return page(entered, errors, 422) }
            return .seeOther(Route.reconsentReview.path)
        }
        guard let signature = fields.signature, !fields.printedName.isEmpty else { return .seeOther(Route.reconsent.path) }
        guard let form = context.form else {
            return respond.page(ConsentLifecyclePages.reconsentReview(
                document: document, participant: context.participant, today: context.today, study: context.plan.study,
                reader: context.reader, fields: fields, csrfToken: context.csrfToken, frame: respond.frame))
        }
        guard form["sha256"] == document.sha256 else {
            return respond.message(.conflict, .consentChanged, respond.words(.consentChangedText), link: (.readTheConsentForm, .reconsent))
        }
        try store.addConsentRecord(ConsentRecord(
            participantID: context.participant.id, documentID: document.id, version: document.version, sha256: document.sha256,
            html: document.html, printedName: fields.printedName, signature: signature, signedAt: context.now,
            timeZone: context.participant.timeZone, language: context.plan.study.language(of: document).identifier))
        drafts.remove(context.session)
        // To the record, whose first button keeps a copy of what was just signed; the menu leads back to the tasks.
        return .seeOther(Route.consentRecord.path)
    }

    /// What leaving means; a confirmed POST records the withdrawal.
    func withdraw(_ context: RequestContext) throws -> HTTPResponse {
        let respond = context.respond
        if case .withdrawn = context.standing {
            return .seeOther(context.todayRoute.path)
        }
        guard context.feed.isOnboarded(on: context.today) else {
            return respond.message(.conflict, .notJoinedYet, respond.words(.nothingToLeave), link: (.goToToday, context.todayRoute))
        }
        let reason = (context.form?["reason"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let page = { (errors: [String: String], status: HTTPStatus) in
            respond.page(ConsentLifecyclePages.withdraw(participant: context.participant, today: context.today,
                                                        study: context.plan.study, reader: context.reader, reason: reason,
                                                        errors: errors, csrfToken: context.csrfToken, frame: respond.frame),
                         status: status)
        }
        guard let form = context.form else { return page([:], 200) }
        guard form["confirm"] == "yes" else {
            return page(["confirm": respond.words(.tickToConfirmLeave)], 422)
        }
        guard reason.count <= 500 else {
            return page(["reason": respond.words(.reasonTooLong)], 422)
        }
        do {
            try store.withdraw(Withdrawal(participantID: context.participant.id, withdrawnAt: context.now,
                                          reason: reason.isEmpty ? nil : reason))
        } catch CareStoreError.alreadyWithdrawn {
            // Sent twice: the first one counted.
        }
        return .seeOther(context.todayRoute.path)
    }
}
