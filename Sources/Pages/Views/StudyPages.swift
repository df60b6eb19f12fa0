import CareModel
import Content
import Feed
import Foundation
import Markup

/// The study index and a participant's summary page.
public enum StudyPages {
    /// The study index from each participant's table row (`indexRow`), so a
    /// site build can reuse the rows of participants whose data did not change.
    public static func index(study: Study, rows: [HTML], links: PageLinks) -> HTML {
        let series = uniqueSeries(study)
        var main: HTML = "<h1>Participants</h1>\n"
        main += "<p class=\"lead\">\(rows.count) participant\(rows.count == 1 ? "" : "s") · adherence counts "
            + "tasks that impact adherence, up to the day before each participant's today.</p>\n"
        main += "<div class=\"table-scroll\" tabindex=\"0\" role=\"region\" aria-label=\"Participants table\">\n<table class=\"participants\">\n"
        main += "<thead><tr><th scope=\"col\">Participant</th><th scope=\"col\">Status</th><th scope=\"col\">Enrolled</th>"
            + "<th scope=\"col\">Day</th><th scope=\"col\">Last 7 days</th><th scope=\"col\">Overall</th>"
        for item in series {
            main += "<th scope=\"col\">Latest \(item.legend)</th>"
        }
        main += "<th scope=\"col\">Consent</th></tr></thead>\n<tbody>\n"
        main += rows.joined()
        main += "</tbody>\n</table>\n</div>\n"
        main += "<h2>Documents</h2>\n<ul class=\"doc-list\">\n"
        for document in study.consentDocuments {
            if let href = links.consentDocument(document.id) {
                main += "<li><a href=\"\(href)\">\(document.title)</a>, version \(document.version)</li>\n"
            }
        }
        main += "<li><a href=\"\(links.educationIndex())\">Education notes</a></li>\n</ul>\n"
        return Layout.page(title: "Participants", study: study, links: links, nav: .study(current: .participants), main: main)
    }

    /// One participant's row of the study index, for a page at the site's
    /// root: their study ID, and their name only with `names`.
    public static func indexRow(_ summary: ParticipantSummary, study: Study, links: PageLinks, names: Bool) -> HTML {
        let series = uniqueSeries(study)
        let participant = summary.participant
        let href = links.participant(participant.id) ?? ""
        var row: HTML = names
            ? "<tr><th scope=\"row\"><a href=\"\(href)\">\(participant.name)</a> <span class=\"id\">\(participant.id)</span></th>"
            : "<tr><th scope=\"row\"><a href=\"\(href)\">\(participant.id)</a></th>"
        row += "<td>\(shortStatus(summary.status))</td>"
        row += "<td>\(Format.shortDay(participant.enrolledOn))</td>"
        row += "<td>\(participant.dayOfStudy(summary.today))</td>"
        row += "<td>\(percent(summary.lastSevenDays))</td><td>\(percent(summary.overall))</td>"
        for item in series {
            if summary.notShared.contains(item) {
                row += "<td class=\"no-answer\">Not shared</td>"
            } else if let latest = summary.latest.first(where: { $0.series.task == item.task && $0.series.value == item.value }) {
                row += "<td>\(Format.value(latest.value)) <span class=\"when\">\(Format.shortDay(latest.day))</span></td>"
            } else {
                row += "<td class=\"no-answer\">No answer</td>"
            }
        }
        if let version = summary.consentVersion {
            row += "<td><a href=\"\(links.consentRecord(participant.id))\">\(version)</a></td></tr>\n"
        } else {
            row += "<td class=\"no-answer\">Not signed</td></tr>\n"
        }
        return row
    }

    /// A participant's summary: status, adherence and latest shared values,
    /// headed by their study ID, or by their name with `names`.
    public static func participant(_ summary: ParticipantSummary, study: Study, links: PageLinks, names: Bool) -> HTML {
        let participant = summary.participant
        let heading = Pseudonym.heading(participant, names: names)
        var main: HTML = "<h1>\(heading)</h1>\n<p class=\"day-meta\">\(participant.id) · \(participant.timeZone.identifier)</p>\n"
        main += "<dl class=\"record-facts\">\n"
        main += "<dt>Status</dt><dd>\(status(summary.status, study: study, zone: participant.timeZone))</dd>\n"
        main += "<dt>Enrolled</dt><dd>\(Format.dayWithYear(participant.enrolledOn))</dd>\n"
        main += "<dt>Day of study</dt><dd>\(participant.dayOfStudy(summary.today)) (today is \(Format.day(summary.today)))</dd>\n"
        main += "<dt>Onboarding</dt><dd>\(summary.isOnboarded ? "Complete" : "Not complete")</dd>\n"
        main += "<dt>Adherence, last 7 days</dt><dd>\(percent(summary.lastSevenDays))</dd>\n"
        main += "<dt>Adherence, overall</dt><dd>\(percent(summary.overall))</dd>\n"
        for latest in summary.latest {
            main += "<dt>Latest \(latest.series.legend)</dt>"
                + "<dd>\(Format.value(latest.value)), \(Format.shortDay(latest.day))</dd>\n"
        }
        for series in summary.notShared {
            main += "<dt>Latest \(series.legend)</dt><dd>Not shared</dd>\n"
        }
        main += "<dt>Consent</dt><dd>\(summary.consentVersion ?? "Not signed")</dd>\n</dl>\n"
        main += "<ul class=\"doc-list\">\n"
        if let today = links.feed(participant.id, summary.today) {
            main += "<li><a href=\"\(today)\">Today's feed</a></li>\n"
        }
        main += "<li><a href=\"\(links.insights(participant.id))\">Insights</a></li>\n"
        main += "<li><a href=\"\(links.consentRecord(participant.id))\">Consent record</a></li>\n"
        if let audit = links.auditTrail(participant.id) {
            main += "<li><a href=\"\(audit)\">Audit trail</a></li>\n"
        }
        main += "</ul>\n"
        return Layout.page(title: heading, study: study, links: links,
                           nav: .participant(id: participant.id, today: summary.today, current: nil), main: main)
    }

    /// The status in the index's words: `Withdrawn Mar 5`, `Re-consent pending`.
    static func shortStatus(_ status: ConsentStatus) -> HTML {
        switch status {
        case .withdrawn(let day, _): "\(status.label) <span class=\"when\">\(Format.shortDay(day))</span>"
        case .notJoined: "<span class=\"no-answer\">\(status.label)</span>"
        case .active, .reconsentPending: "\(status.label)"
        }
    }

    /// The status in a sentence, with what a clinician needs to know of it.
    static func status(_ status: ConsentStatus, study: Study, zone: TimeZone) -> String {
        switch status {
        case .active: "Active"
        case .notJoined: "Not joined: the consent is not signed yet"
        case .reconsentPending(let document, let signed, let current):
            "Re-consent pending: signed version \(signed) of \(study.consentDocument(document)?.title ?? document); "
                + "the study now asks for version \(current)"
        case .withdrawn(let day, let at):
            "Withdrawn on \(Format.dayWithYear(day)) at \(Format.time(at, in: zone)): nothing is offered or stored from that day"
        }
    }

    static func percent(_ ring: AdherenceRing?) -> HTML {
        guard let ring else { return "<span class=\"no-answer\">No tasks yet</span>" }
        return "\(Int((ring.fraction * 100).rounded()))% <span class=\"when\">(\(ring.completed)/\(ring.total))</span>"
    }

    static func uniqueSeries(_ study: Study) -> [ChartSeries] {
        var seen: Set<String> = []
        return study.insights.flatMap(\.series).filter { seen.insert($0.task + "/" + $0.value).inserted }
    }
}
