import CareModel
import StudyModel
import Feed
import Foundation
import Markup

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
    public static func render(participant: Participant, entries: [AuditEntry], outcomes: [Outcome],
                              records: [ConsentRecord], today: LocalDate, plan: CarePlan,
                              reader: Reader) -> HTML {
        let study = plan.study
        let signed = Set(records.filter { $0.participantID == participant.id }.map(\.documentID))
        // In time order: imported entries keep their own times, so the log's
        // order of writing is not always the order things happened in.
        let shown = entries.filter { entry in
            entry.participantID == participant.id
                || (entry.participantID == nil && entry.action == "consent.publish" && signed.contains(document(entry.subject).id))
        }.sorted { ($0.at, $0.id) < ($1.at, $1.id) }
        var main: HTML = "<h1>Audit trail</h1>\n"
        main += "<p class=\"day-meta\">\(Pseudonym.label(participant, names: reader.showsNames))</p>\n"
        main += "<p class=\"lead\">Every consent, permission choice, answer, deletion and withdrawal, as the care store "
            + "recorded it, oldest first. Times are in the participant's zone, \(participant.timeZone.identifier), "
            + "with its offset from UTC.</p>\n"
        guard !shown.isEmpty else {
            main += "<p class=\"empty\">Nothing has been recorded for this participant yet.</p>\n"
            return page(main, participant: participant, today: today, study: study, reader: reader)
        }
        main += "<div class=\"table-scroll\" tabindex=\"0\" role=\"region\" aria-labelledby=\"audit-caption\">\n"
            + "<table class=\"audit stack-table\">\n<caption id=\"audit-caption\">\(shown.count) entr\(shown.count == 1 ? "y" : "ies") "
            + "of the audit log</caption>\n<thead><tr><th scope=\"col\">Time</th><th scope=\"col\">Event</th>"
            + "<th scope=\"col\">Subject</th><th scope=\"col\">Detail</th></tr></thead>\n<tbody>\n"
        var signedBefore: Set<String> = []
        for entry in shown {
            // Nothing may be stored before consent: an answer that was is marked, never hidden.
            let beforeConsent = entry.action == "outcome.add" && signedBefore.isEmpty
            let row = describe(entry, signedBefore: &signedBefore, outcomes: outcomes, sharing: reader.sharing, plan: plan)
            let note: HTML = beforeConsent ? " <strong class=\"audit-note\">Stored before the consent was signed</strong>" : ""
            let stamp = Timestamp.local(entry.at, in: participant.timeZone)
            let day = participant.timeZone.localDate(of: entry.at)
            main += "<tr><td data-label=\"Time\"><time datetime=\"\(stamp)\">\(Format.shortDay(day)), \(day.components.year), "
                + "\(Format.time(entry.at, in: participant.timeZone)) <span class=\"when\">(\(stamp))</span></time></td>"
                + "<th scope=\"row\">\(row.event)</th><td data-label=\"Subject\">\(row.subject)</td>"
                + "<td data-label=\"Detail\">\(row.detail)\(note)</td></tr>\n"
        }
        main += "</tbody>\n</table>\n</div>\n"
        return page(main, participant: participant, today: today, study: study, reader: reader)
    }

    private static func page(_ main: HTML, participant: Participant, today: LocalDate, study: Study,
                             reader: Reader) -> HTML {
        Layout.page(title: "Audit trail", study: study, reader: reader,
                    nav: .participant(id: participant.id, today: today, current: .audit), main: main)
    }

    /// An entry in words: what happened, to what, and its detail.
    static func describe(_ entry: AuditEntry, signedBefore: inout Set<String>, outcomes: [Outcome], sharing: Sharing,
                         plan: CarePlan) -> (event: String, subject: String, detail: String) {
        let study = plan.study
        let detail = entry.detail ?? ""
        switch entry.action {
        case "consent.sign":
            let (id, version) = document(entry.subject)
            let title = study.consentDocument(id)?.title ?? id
            let isReconsent = !signedBefore.insert(id).inserted
            return (isReconsent ? "Re-consent signed" : "Consent signed", "\(title), version \(version)", detail)
        case "consent.publish":
            let (id, version) = document(entry.subject)
            return ("Consent version published", "\(study.consentDocument(id)?.title ?? id), version \(version)", detail)
        case "permission.record":
            return ("Permission answered", permissionTitle(entry.subject, study: study) ?? entry.subject, detail)
        case "outcome.add":
            return answer(entry, outcomes: outcomes, sharing: sharing, plan: plan)
        case "outcome.delete":
            return deletion(entry, outcomes: outcomes, sharing: sharing, plan: plan)
        case "participant.withdraw":
            return ("Withdrew from the study", "", detail.isEmpty ? "No reason given" : "Reason given: \u{201C}\(detail)\u{201D}")
        default:
            return (entry.action, entry.subject, detail)
        }
    }

    /// An answer saved: the task and the day of its event, and its values as
    /// the participant shares them, taken from the stored outcome the entry
    /// was written with.
    static func answer(_ entry: AuditEntry, outcomes: [Outcome], sharing: Sharing,
                       plan: CarePlan) -> (event: String, subject: String, detail: String) {
        let (taskID, number) = occurrence(entry.subject)
        let title = plan.study.task(taskID)?.title ?? taskID
        guard let outcome = outcomes.first(where: { $0.taskID == taskID && $0.occurrence == number && $0.createdAt == entry.at })
        else {
            // Without the outcome, the log's own text names values the
            // content may no longer describe: it is shown only when the
            // participant withholds nothing at all.
            return ("Answer saved", title, sharing.sharesEverything ? entry.detail ?? "" : Format.withheld(sharing.hasDeclined ? .declined : .notChosen))
        }
        let answers = FeedPage.answers(outcome, task: plan.task(taskID, version: outcome.taskVersion), sharing: sharing)
        return ("Answer saved", "\(title), \(Format.shortDay(outcome.eventDay))", answers.isEmpty ? "No values" : answers)
    }

    /// An answer deleted, read as its save reads: the task, the day of its
    /// event and the values it held, from the outcome the store keeps with
    /// its tombstone (the log's detail names only the outcome's row).
    static func deletion(_ entry: AuditEntry, outcomes: [Outcome], sharing: Sharing,
                         plan: CarePlan) -> (event: String, subject: String, detail: String) {
        let (taskID, number) = occurrence(entry.subject)
        let title = plan.study.task(taskID)?.title ?? taskID
        let rowID = entry.detail.flatMap { $0.hasPrefix("outcome ") ? Int64($0.dropFirst("outcome ".count)) : nil }
        let candidates = outcomes.filter { $0.taskID == taskID && $0.occurrence == number && $0.isDeleted }
        guard let outcome = candidates.first(where: { $0.id == rowID && $0.deletedAt == entry.at })
            ?? candidates.first(where: { $0.deletedAt == entry.at }) ?? candidates.first(where: { $0.id == rowID }) else {
            return ("Answer deleted", title, "")
        }
        let answers = FeedPage.answers(outcome, task: plan.task(taskID, version: outcome.taskVersion), sharing: sharing)
        return ("Answer deleted", "\(title), \(Format.shortDay(outcome.eventDay))",
                answers.isEmpty ? "Deleted: no values" : "Deleted: " + answers)
    }

    /// `recover 1.0` as the document's id and version.
    static func document(_ subject: String) -> (id: String, version: String) {
        guard let space = subject.lastIndex(of: " ") else { return (subject, "") }
        return (String(subject[..<space]), String(subject[subject.index(after: space)...]))
    }

    /// `checkIn#3` as the task's id and the occurrence.
    static func occurrence(_ subject: String) -> (taskID: String, occurrence: Int?) {
        guard let mark = subject.lastIndex(of: "#") else { return (subject, nil) }
        return (String(subject[..<mark]), Int(subject[subject.index(after: mark)...]))
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
