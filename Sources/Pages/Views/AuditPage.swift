import CareModel
import StudyModel
import Feed
import Foundation
import Markup
import Words

/// A participant's audit trail: every consent, re-consent, permission
/// answer, answer saved or deleted, withdrawal, and publication of a version
/// of a document they signed, from the store's append-only log, each with
/// its time in the participant's zone and offset. Values they did not share
/// read "Not shared".
public enum AuditPage {
    /// - Parameters:
    ///   - entries: the log's entries about the participant, and the study's
    ///     consent publications; those of documents they never signed are left out.
    ///   - outcomes: the participant's outcomes, deleted ones too, whose
    ///     values an answer's entry shows as `sharing` allows.
    ///   - dates: every value the participant's own dates were given, which a date's entry shows.
    public static func render(participant: Participant, entries: [AuditEntry], outcomes: [Outcome],
                              records: [ConsentRecord], grants: [PermissionGrant], dates: [DateChange] = [],
                              today: LocalDate, plan: CarePlan, reader: Reader, kept: FeedPage.Kept? = nil) -> HTML {
        let study = plan.study
        let signed = Set(records.filter { $0.participantID == participant.id }.map(\.documentID))
        // In time order: imported entries keep their own times, so the log's
        // order of writing is not always the order things happened in.
        let shown = entries.filter { entry in
            if entry.participantID == participant.id { return true }
            guard entry.participantID == nil, entry.action == .consentPublish,
                  case .consent(let documentID, _) = entry.subject else { return false }
            return signed.contains(documentID)
        }.sorted { ($0.at, $0.id) < ($1.at, $1.id) }
        let words = reader.words
        let format = reader.format
        var main: HTML = "<h1>\(words(.navAuditTrail))</h1>\n"
        main += "<p class=\"day-meta\">\(Pseudonym.label(participant, reader: reader))</p>\n"
        main += "<p class=\"lead\">\(words(.auditLead, ["zone": participant.timeZone.identifier]))</p>\n"
        // The head of the participant's chain: what a monitor notes, and `carefeed verify` checks the store against.
        if let head = entries.filter({ $0.participantID == participant.id && $0.chainIndex != nil }).max(by: { $0.chainIndex! < $1.chainIndex! }),
           let index = head.chainIndex, let sha256 = head.sha256 {
            main += "<p class=\"day-meta chain-head\">\(words(.auditChainHead, count: index)) "
                + "<code class=\"hash\">\(sha256)</code></p>\n"
        }
        guard !shown.isEmpty else {
            main += "<p class=\"empty\">\(words(.auditEmpty))</p>\n"
            return page(main, participant: participant, today: today, study: study, reader: reader)
        }
        // The head names the columns, and each row's cells are labelled alike: the labels once, not for every row.
        let (timeLabel, subjectLabel, detailLabel) = (words(.columnTime), words(.columnSubject), words(.columnDetail))
        main += "<div class=\"table-scroll\" tabindex=\"0\" role=\"region\" aria-labelledby=\"audit-caption\">\n"
            + "<table class=\"audit stack-table\">\n<caption id=\"audit-caption\">\(words(.auditCaption, count: shown.count))</caption>\n"
            + "<thead><tr><th scope=\"col\">\(timeLabel)</th><th scope=\"col\">\(words(.columnEvent))</th>"
            + "<th scope=\"col\">\(subjectLabel)</th><th scope=\"col\">\(detailLabel)</th></tr></thead>\n<tbody>\n"
        var signedBefore: Set<String> = []
        var datesAt: [Date: Int] = [:]
        // An answer's entry finds its outcome by id: sought among all of them, each entry cost a pass over the participant's answers.
        let outcomesByID = Dictionary(outcomes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for entry in shown {
            // Nothing may be stored before consent: an answer that was is marked, never hidden.
            let beforeConsent = entry.action == .outcomeAdd && signedBefore.isEmpty
            let row: (event: String, subject: String, detail: String)
            if entry.action == .participantDate {
                // Dates given at one moment (invite --date surgery=… --date discharge=…) are logged in the order stored.
                row = date(entry, dates, nth: datesAt[entry.at, default: 0], reader: reader, study: study)
                datesAt[entry.at, default: 0] += 1
            } else {
                row = describe(entry, signedBefore: &signedBefore, outcomes: outcomesByID, records: records, grants: grants,
                               reader: reader, plan: plan, kept: kept)
            }
            let note: HTML = beforeConsent ? " <strong class=\"audit-note\">\(words(.storedBeforeConsent))</strong>" : ""
            let wall = participant.timeZone.wall(of: entry.at)
            let stamp = Timestamp.local(entry.at, offset: wall.offset)
            // Each part straight into the page: joined first, a row was copied once more.
            main += "<tr><td data-label=\"\(timeLabel)\"><time datetime=\"\(stamp)\">\(format.dateAndTime(wall.day, time: wall.time)) "
            main += "<span class=\"when\">(<bdi dir=\"ltr\">\(stamp)</bdi>)</span></time></td>"
            main += "<th scope=\"row\">\(row.event)</th><td data-label=\"\(subjectLabel)\">\(row.subject)</td>"
            main += "<td data-label=\"\(detailLabel)\">\(row.detail)\(note)</td></tr>\n"
        }
        main += "</tbody>\n</table>\n</div>\n"
        return page(main, participant: participant, today: today, study: study, reader: reader)
    }

    private static func page(_ main: HTML, participant: Participant, today: LocalDate, study: Study,
                             reader: Reader) -> HTML {
        Layout.page(title: reader.words(.navAuditTrail), study: study, reader: reader,
                    nav: .participant(id: participant.id, today: today, current: .audit), main: main)
    }

    /// An entry in words: what happened, to what, and its detail.
    /// - Parameter outcomes: the participant's outcomes, deleted ones too, by id.
    static func describe(_ entry: AuditEntry, signedBefore: inout Set<String>, outcomes: [Int64: Outcome], records: [ConsentRecord],
                         grants: [PermissionGrant], reader: Reader, plan: CarePlan,
                         kept: FeedPage.Kept? = nil) -> (event: String, subject: String, detail: String) {
        let study = plan.study
        let words = reader.words
        let detail = entry.detail ?? ""
        switch (entry.action, entry.subject) {
        case (.consentSign, .consent(let id, let version)):
            let title = study.consentDocument(id)?.title ?? id
            let isReconsent = !signedBefore.insert(id).inserted
            // The record the entry logged, in the reader's words; the log's own text where it is not at hand.
            let record = records.first { $0.documentID == id && $0.version == version && $0.signedAt == entry.at }
            let signed = record.map { record in
                words(.signedDetail, ["sha256": record.sha256, "signature": record.signature.kind == "drawn" ? words(.drawnSignature) : words(.typedSignatureKind),
                                      // A record without a language was signed in the study's own, whatever language this page is in.
                                      "language": record.language.flatMap(LanguageTag.init)?.nativeName ?? study.ownLanguage.tag.nativeName])
            }
            return (isReconsent ? words(.auditReconsentSigned) : words(.auditConsentSigned),
                    words(.documentTitleVersion, ["document": title, "version": version]), signed ?? detail)
        case (.consentPublish, .consent(let id, let version)):
            return (words(.auditConsentPublished), words(.documentTitleVersion, ["document": study.consentDocument(id)?.title ?? id, "version": version]), detail)
        case (.permissionRecord, .permission(let id)):
            let grant = grants.first { $0.permissionID == id && $0.recordedAt == entry.at }
            let answer = grant.map { grant in
                let choice = grant.granted ? words(.allowed) : words(.notAllowed)
                return grant.detail.map { words(.choiceWithBrowser, ["choice": choice, "browser": $0]) } ?? choice
            }
            return (words(.auditPermissionAnswered), permissionTitle(id, study: study) ?? id, answer ?? detail)
        case (.outcomeAdd, .outcome(let taskID, _, let outcomeID)):
            return answer(entry, taskID: taskID, outcome: outcomeID.flatMap { outcomes[$0] }.flatMap { $0.taskID == taskID ? $0 : nil },
                          reader: reader, plan: plan, kept: kept)
        case (.outcomeDelete, .outcome(let taskID, _, let outcomeID)):
            let title = plan.study.task(taskID)?.title ?? taskID
            guard let outcome = outcomeID.flatMap({ outcomes[$0] }), outcome.taskID == taskID, outcome.isDeleted else {
                return (words(.auditAnswerDeleted), title, "")
            }
            let answers = FeedPage.answers(outcome, taskVersion: outcome.taskVersion, plan: plan, reader: reader, kept: kept, keeping: false)
            return (words(.auditAnswerDeleted), words(.taskOnDay, ["task": title, "day": reader.format.shortDay(outcome.eventDay)]),
                    answers.isEmpty ? words(.deletedNoValues) : words(.deletedValues, ["values": answers]))
        case (.consentQuiz, .question(let id)):
            // The question as the onboarding task asks it, the answer in words, and whether it was the one expected.
            let item = study.tasks.first(where: \.isOnboarding)?.formItems.first { $0.id == id }
            let option: String? = if case .choice(let options, _)? = item?.answer { options.first { $0.value == detail }?.text } else { nil }
            let answer = option ?? (detail == "true" ? words(.yes) : detail == "false" ? words(.no)
                : detail.isEmpty ? words(.noAnswer) : Format.isolated(detail))
            let verdict = item?.expect == detail ? words(.quizRight) : words(.quizAskedAgain)
            return (words(.auditQuizAnswered), item?.text ?? id, words(.labelledAnswer, ["label": answer, "answer": verdict]))
        case (.participantInvite, _):
            return (words(.auditInvited), "", "")
        case (.deviceJoin, _):
            return (words(.auditDeviceJoined), "", "")
        case (.deviceSignOut, _):
            return (words(.auditSignedOut), "", "")
        case (.deviceRevoke, _):
            return (words(.auditDevicesRevoked), "", "")
        case (.participantWithdraw, _):
            let reason = reader.showsNames ? words(.reasonGiven, ["reason": Format.isolated(detail)]) : words(.reasonNotShown)
            return (words(.auditWithdrew), "", detail.isEmpty ? words(.noReasonGiven) : reason)
        default:
            return (entry.action.rawValue, entry.subject.text, detail)
        }
    }

    /// A participant's date given or moved: the `nth` value stored at the
    /// entry's moment, and the one before it.
    static func date(_ entry: AuditEntry, _ dates: [DateChange], nth: Int, reader: Reader,
                     study: Study) -> (event: String, subject: String, detail: String) {
        let atThatMoment = dates.indices.filter { dates[$0].setAt == entry.at }
        guard nth < atThatMoment.count else { return (reader.words(.auditDateGiven), "", entry.detail ?? "") }
        let index = atThatMoment[nth]
        let change = dates[index]
        let earlier = dates[..<index].last { $0.dateID == change.dateID }
        let day = reader.format.dayWithYear(change.day)
        let detail = earlier.map { reader.words(.dateWas, ["day": day, "earlier": reader.format.dayWithYear($0.day)]) } ?? day
        return (earlier == nil ? reader.words(.auditDateGiven) : reader.words(.auditDateChanged),
                study.date(change.dateID)?.label ?? change.dateID, detail)
    }

    /// An answer saved: the task and the day of its event, and its values as
    /// the participant shares them, from the stored outcome the entry names.
    static func answer(_ entry: AuditEntry, taskID: String, outcome: Outcome?, reader: Reader,
                       plan: CarePlan, kept: FeedPage.Kept? = nil) -> (event: String, subject: String, detail: String) {
        let title = plan.study.task(taskID)?.title ?? taskID
        let sharing = reader.sharing
        let words = reader.words
        guard let outcome else {
            // Without the outcome, the log's own text names values the
            // content may no longer describe: it is shown only when the
            // participant withholds nothing at all.
            let withheld = reader.format.withheld(sharing.hasDeclined ? .declined : .notChosen)
            return (words(.auditAnswerSaved), title, sharing.sharesEverything ? entry.detail ?? "" : withheld)
        }
        let answers = FeedPage.answers(outcome, taskVersion: outcome.taskVersion, plan: plan, reader: reader, kept: kept, keeping: false)
        return (words(.auditAnswerSaved), words(.taskOnDay, ["task": title, "day": reader.format.shortDay(outcome.eventDay)]),
                answers.isEmpty ? words(.noValues) : answers)
    }

    static func permissionTitle(_ id: String, study: Study) -> String? {
        for step in study.tasks.flatMap(\.survey) {
            if case .permissions(let permissions) = step, let item = permissions.items.first(where: { $0.id == id }) {
                return item.title
            }
        }
        return nil
    }
}
