import CareModel
import StudyModel
import Feed
import Foundation
import Markup
import Words

/// A participant's summary page, and the words for their status.
public enum StudyPages {
    /// A participant's summary: status, adherence and latest shared values,
    /// headed by their study ID, or by their name with `names`.
    public static func participant(_ summary: ParticipantSummary, study: Study, reader: Reader) -> HTML {
        let participant = summary.participant
        let heading = Pseudonym.heading(participant, reader: reader)
        var main: HTML = "<h1>\(heading)</h1>\n<p class=\"day-meta\"><bdi>\(participant.id)</bdi> · <bdi>\(participant.timeZone.identifier)</bdi></p>\n"
        main += "<dl class=\"record-facts\">\n"
        main += "<dt>\(reader.words(.factStatus))</dt><dd>\(status(summary.standing, study: study, zone: participant.timeZone, reader: reader))</dd>\n"
        let language = participant.language.flatMap(LanguageTag.init)
        main += "<dt>\(reader.words(.changeLanguage))</dt><dd>\(language.map(\.nativeName) ?? reader.words(.notChosenYet))</dd>\n"
        main += "<dt>\(reader.words(.factEnrolled))</dt><dd>\(reader.format.dayWithYear(participant.enrolledOn))</dd>\n"
        // Each of the participant's own dates (surgery), with what it was before it moved.
        for date in study.dates {
            let day = participant.dates[date.id].map { day in
                participant.earlierDates[date.id].map {
                    reader.words(.dateWas, ["day": reader.format.dayWithYear(day), "earlier": reader.format.dayWithYear($0)])
                } ?? reader.format.dayWithYear(day)
            }
            main += "<dt>\(date.label)</dt><dd>\(day ?? reader.words(.notYet))</dd>\n"
        }
        main += "<dt>\(reader.words(.factDayOfStudy))</dt><dd>\(reader.words(.dayOfStudyToday, ["day": reader.format.integer(participant.dayOfStudy(summary.today)), "today": reader.format.day(summary.today)]))</dd>\n"
        if !study.flags.isEmpty || !summary.flags.isEmpty {
            main += "<dt>\(reader.words(.factFlags))</dt><dd>\(flagList(summary.flags, reader: reader))</dd>\n"
        }
        let lastAnswer = summary.lastAnswer.map { reader.words(.dayAndAgo, ["day": reader.format.shortDay($0), "ago": reader.format.daysAgo($0.days(to: summary.today))]) }
        main += "<dt>\(reader.words(.factLastAnswer))</dt><dd>\(lastAnswer ?? reader.words(.noneYet))</dd>\n"
        main += "<dt>\(reader.words(.factJoined))</dt><dd>\(summary.isOnboarded ? reader.words(.yes) : reader.words(.notYet))</dd>\n"
        main += "<dt>\(reader.words(.factAdherenceWeek))</dt><dd>\(percent(summary.lastSevenDays, reader: reader))</dd>\n"
        main += "<dt>\(reader.words(.factAdherenceOverall))</dt><dd>\(percent(summary.overall, reader: reader))</dd>\n"
        for latest in summary.latest {
            main += "<dt>\(reader.words(.factLatest, ["legend": latest.series.legend]))</dt>"
                + "<dd>\(reader.words(.valueOnDay, ["value": reader.format.latest(latest.value, of: latest.series, study: study), "day": reader.format.shortDay(latest.day)]))</dd>\n"
        }
        for series in summary.notShared {
            main += "<dt>\(reader.words(.factLatest, ["legend": series.legend]))</dt><dd>\(reader.format.withheld(.declined))</dd>\n"
        }
        for series in summary.notChosen {
            main += "<dt>\(reader.words(.factLatest, ["legend": series.legend]))</dt><dd>\(reader.format.withheld(.notChosen))</dd>\n"
        }
        main += "<dt>\(reader.words(.navConsent))</dt><dd>\(summary.consentVersion.map { reader.words(.version, ["version": $0]) } ?? reader.words(.notSigned))</dd>\n</dl>\n"
        main += "<ul class=\"doc-list\">\n"
        if let today = reader.links.feed(participant.id, summary.today) {
            main += "<li><a href=\"\(today)\">\(reader.words(.todaysFeed))</a></li>\n"
        }
        main += "<li><a href=\"\(reader.links.insights(participant.id))\">\(reader.words(.navInsights))</a></li>\n"
        main += "<li><a href=\"\(reader.links.consentRecord(participant.id))\">\(reader.words(.consentRecord))</a></li>\n"
        if let audit = reader.links.auditTrail(participant.id) {
            main += "<li><a href=\"\(audit)\">\(reader.words(.navAuditTrail))</a></li>\n"
        }
        main += "</ul>\n"
        return Layout.page(title: heading, study: study, reader: reader,
                           nav: .participant(id: participant.id, today: summary.today, current: nil), main: main)
    }

    /// The status in a sentence, with what a clinician needs to know of it.
    static func status(_ standing: Standing, study: Study, zone: TimeZone, reader: Reader) -> String {
        switch standing {
        case .active: reader.words(.statusActive)
        case .finished: reader.words(.flowFinished)
        case .enrolled, .consented: reader.words(.statusNotJoinedExplained)
        case .reconsentPending(let document, let signed, let current):
            reader.words(.statusReconsentExplained, ["signed": signed, "document": study.consentDocument(document)?.title ?? document,
                                                      "current": current])
        case .withdrawn(let day, let at):
            reader.words(.statusWithdrawnExplained, ["day": reader.format.dayWithYear(day), "time": reader.format.time(at, in: zone)])
        }
    }

    static func percent(_ ring: AdherenceRing?, reader: Reader) -> HTML {
        guard let ring else { return "<span class=\"no-answer\">\(reader.words(.noTasksYet))</span>" }
        let counts = reader.words(.doneOfTotal, ["done": reader.format.integer(ring.completed), "total": reader.format.integer(ring.total)])
        return "\(reader.format.percent(ring.fraction)) <span class=\"when\">(\(counts))</span>"
    }

    static func uniqueSeries(_ study: Study) -> [ChartSeries] {
        var seen: Set<String> = []
        return study.insights.flatMap(\.series).filter { $0.measure != .entries && seen.insert($0.task + "/" + $0.value).inserted }
    }
}
