import CareModel
import CareStore
import Dispatch
import Foundation
import Support

/// Sends the e-mails answers' alerts raise, from the store, one at a time,
/// on a queue of its own: the answer that raised one was saved and
/// acknowledged before. A relay that is down, slow or refusing is tried
/// again after 5 seconds, then twice as long each time up to 15 minutes,
/// each failure in the log; an e-mail the relay took is not sent again.
/// What waits is in the store, so a restart of `host` sends it. Delivery
/// is at least once, as SMTP's is: a process stopped between the relay's
/// "250" and the store's record sends that one again after its restart,
/// with the same Message-ID, which a mail system uses to tell it apart.
public final class AlertMailer: Sendable {
    /// What every e-mail says about the study, and where it goes.
    public struct Letterhead: Sendable {
        public var study: String
        /// `--mail-from`.
        public var sender: String
        /// `study.yaml`'s contact.
        public var recipient: String
        /// The clinician site's address, for a link to the participant's page.
        public var siteURL: String?

        public init(study: String, sender: String, recipient: String, siteURL: String?) {
            self.study = study
            self.sender = sender
            self.recipient = recipient
            self.siteURL = siteURL
        }
    }

    private let store: CareStore
    private let relay: SMTPRelay
    private let letterhead: Letterhead
    private let log: @Sendable (String) -> Void
    private let now: @Sendable () -> Date
    private let wakeUp = DispatchSemaphore(value: 0)
    private let started = Locked(false)
    /// E-mails handed to the relay, and put off after a failure, as this
    /// process knows them: should the store not take the record, the e-mail
    /// is not sent again, nor tried again at once.
    private let sentHere = Locked<Set<Int64>>([])
    private let putOff = Locked<[Int64: Date]>([:])

    public init(store: CareStore, relay: SMTPRelay, letterhead: Letterhead, log: @escaping @Sendable (String) -> Void,
                now: @escaping @Sendable () -> Date = ParticipantApp.Configuration.systemClock) {
        self.store = store
        self.relay = relay
        self.letterhead = letterhead
        self.log = log
        self.now = now
    }

    /// Sends what waits, then waits for `wake()` or the next retry, for as long as the process runs.
    public func start() {
        guard started.update({ started in defer { started = true }; return !started }) else { return }
        Thread.detachNewThread { [self] in
            while true {
                sendDue()
                // The next due in the store, unless this process has put it off or sent it; at least a second apart.
                let stored = (try? store.nextAlertMailAttempt()) ?? nil
                let wait = stored.map { max(1, $0.timeIntervalSince(now())) } ?? 3600
                _ = wakeUp.wait(timeout: .now() + min(wait, 3600))
            }
        }
    }

    /// An answer was saved: there may be an e-mail to send.
    public func wake() {
        wakeUp.signal()
    }

    /// Sends each e-mail that is due; a failure puts that one off and goes on to the next.
    func sendDue() {
        let due: [CareStore.AlertMail]
        do {
            due = try store.dueAlertMail(at: now())
        } catch {
            log("alert e-mails not read from the store: \(error)")
            return
        }
        let sent = sentHere.update { $0 }, later = putOff.update { $0 }
        for mail in due where !sent.contains(mail.id) && (later[mail.id].map { $0 <= now() } ?? true) {
            do {
                try relay.send(from: letterhead.sender, to: letterhead.recipient, message: Self.message(mail, letterhead, at: now()))
                sentHere.update { _ = $0.insert(mail.id) }
                log("alert e-mail \(mail.id) sent to \(letterhead.recipient): \(mail.label), \(mail.participantID)")
                do { try store.alertMailSent(id: mail.id, at: now()) } catch {
                    log("alert e-mail \(mail.id) was sent, and the store did not record it (\(error)); this process sends it no more")
                }
            } catch {
                let delay = Self.retryDelay(afterAttempts: mail.attempts + 1)
                let retry = now().addingTimeInterval(delay)
                putOff.update { $0[mail.id] = retry }
                log("alert e-mail \(mail.id) not sent (attempt \(mail.attempts + 1)): \(error.description); "
                    + "trying again in \(Int(delay)) s")
                do { try store.alertMailFailed(id: mail.id, error: error.description, retry: retry) } catch {
                    log("alert e-mail \(mail.id): the store did not record the failed attempt (\(error))")
                }
            }
        }
    }

    /// 5 s after the first failure, twice as long after each next, 15 minutes at most.
    static func retryDelay(afterAttempts attempts: Int) -> TimeInterval {
        min(900, 5 * pow(2, Double(min(attempts - 1, 10))))
    }

    /// The e-mail: the study, the participant's study ID, the alert's label,
    /// the day, and the participant's page on the site; never a value, a
    /// name or a free text. Its Message-ID is the alert's own, so a relay
    /// that got it twice can tell.
    static func message(_ mail: CareStore.AlertMail, _ letterhead: Letterhead, at instant: Date) -> String {
        let domain = letterhead.sender.split(separator: "@").last.map(String.init) ?? "carefeed.localhost"
        let site = letterhead.siteURL.map { url in
            (url.hasSuffix("/") ? String(url.dropLast()) : url) + "/participants/\(mail.participantID)/index.html"
        }
        let body = [
            "An answer raised an alert in \(oneLine(letterhead.study)).",
            "",
            "Alert: \(oneLine(mail.label))",
            "Participant: \(mail.participantID)",
            "Day: \(mail.eventDay)",
        ] + (site.map { ["Participant's page: \($0)"] } ?? []) + [
            "",
            "This e-mail holds no answer, name or note: the study's site shows them to the study team.",
        ]
        let headers = [
            "From: \(letterhead.sender)",
            "To: \(letterhead.recipient)",
            "Subject: " + encoded("[\(oneLine(letterhead.study))] \(oneLine(mail.label)): \(mail.participantID)"),
            "Date: \(rfc5322(instant))",
            "Message-ID: <carefeed-alert-\(mail.outcomeID)-\(mail.id)@\(domain)>",
            "Auto-Submitted: auto-generated",
            "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: 8bit",
        ]
        return (headers + [""] + body).joined(separator: "\r\n")
    }

    /// Words from `study.yaml` on one line: no line break can add a header.
    private static func oneLine(_ text: String) -> String {
        text.components(separatedBy: .newlines).joined(separator: " ")
    }

    /// A header's words as they are in ASCII, or as RFC 2047's UTF-8 base64 ("Schmerzen" is, "Übelkeit" is not).
    private static func encoded(_ text: String) -> String {
        guard !text.unicodeScalars.allSatisfy({ $0.isASCII }) else { return text }
        return "=?UTF-8?B?" + Data(text.utf8).base64EncodedString() + "?="
    }

    private static func rfc5322(_ instant: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: instant)
    }
}
