import CareModel
import StudyModel
import Feed
import Foundation
import Markup

/// A participant's summary page, and the words for their status.
public enum StudyPages {
    /// A participant's summary: status, adherence and latest shared values,
    /// headed by their study ID, or by their name with `names`.
    public static func participant(_ summary: ParticipantSummary, study: Study, reader: Reader) -> HTML {
        let participant = summary.participant
        let heading = Pseudonym.heading(participant, names: reader.showsNames)
        var main: HTML = "<h1>\(heading)</h1>\n<p class=\"day-meta\">\(participant.id) · \(participant.timeZone.identifier)</p>\n"
        main += "<dl class=\"record-facts\">\n"
        main += "<dt>Status</dt><dd>\(status(summary.status, study: study, zone: participant.timeZone))</dd>\n"
        main += "<dt>Enrolled</dt><dd>\(Format.dayWithYear(participant.enrolledOn))</dd>\n"
        main += "<dt>Day of study</dt><dd>\(participant.dayOfStudy(summary.today)) (today is \(Format.day(summary.today)))</dd>\n"
        if !study.flags.isEmpty {
            main += "<dt>Flags</dt><dd>\(flagList(summary.flags))</dd>\n"
        }
        let lastAnswer = summary.lastAnswer.map { "\(Format.shortDay($0)), \(Format.daysAgo($0.days(to: summary.today)))" }
        main += "<dt>Last answer</dt><dd>\(lastAnswer ?? "None yet")</dd>\n"
        main += "<dt>Joined</dt><dd>\(summary.isOnboarded ? "Yes" : "Not yet")</dd>\n"
        main += "<dt>Adherence, last 7 days</dt><dd>\(percent(summary.lastSevenDays))</dd>\n"
        main += "<dt>Adherence, overall</dt><dd>\(percent(summary.overall))</dd>\n"
        for latest in summary.latest {
            main += "<dt>Latest \(latest.series.legend)</dt>"
                + "<dd>\(Format.value(latest.value)), \(Format.shortDay(latest.day))</dd>\n"
        }
        for series in summary.notShared {
            main += "<dt>Latest \(series.legend)</dt><dd>\(Format.withheld(.declined))</dd>\n"
        }
        for series in summary.notChosen {
            main += "<dt>Latest \(series.legend)</dt><dd>\(Format.withheld(.notChosen))</dd>\n"
        }
        main += "<dt>Consent</dt><dd>\(summary.consentVersion ?? "Not signed")</dd>\n</dl>\n"
        main += "<ul class=\"doc-list\">\n"
        if let today = reader.links.feed(participant.id, summary.today) {
            main += "<li><a href=\"\(today)\">Today's feed</a></li>\n"
        }
        main += "<li><a href=\"\(reader.links.insights(participant.id))\">Insights</a></li>\n"
        main += "<li><a href=\"\(reader.links.consentRecord(participant.id))\">Consent record</a></li>\n"
        if let audit = reader.links.auditTrail(participant.id) {
            main += "<li><a href=\"\(audit)\">Audit trail</a></li>\n"
        }
        main += "</ul>\n"
        return Layout.page(title: heading, study: study, reader: reader,
                           nav: .participant(id: participant.id, today: summary.today, current: nil), main: main)
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
        return study.insights.flatMap(\.series).filter { $0.measure == .value && seen.insert($0.task + "/" + $0.value).inserted }
    }
}
