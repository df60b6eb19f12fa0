import CareModel
import StudyModel
import Feed
import Foundation
import Markup

/// When the data a clinician sees was read from the store, and the zone its
/// time is shown in: the build's time, passed in, never read from a clock.
public struct DataAsOf: Sendable {
    public var time: Date
    public var zone: TimeZone

    public init(time: Date, zone: TimeZone) {
        self.time = time
        self.zone = zone
    }
}

/// The study index as a clinician's worklist: a row per participant with
/// their flags and reasons, status, day of study, last answer, adherence and
/// latest values; flagged participants first. Each column sorts with
/// `js/sort-table.js`; without the script the rows keep this order.
extension StudyPages {
    public static func index(study: Study, summaries: [ParticipantSummary], reader: Reader,
                             asOf: DataAsOf?) -> HTML {
        let ordered = worklistOrder(summaries)
        let flagged = ordered.filter { !$0.raisedFlags.isEmpty }.count
        var main: HTML = "<h1>Participants</h1>\n"
        if let asOf {
            main += "<p class=\"as-of\">Data as of \(Format.dateTime(asOf.time, in: asOf.zone))</p>\n"
        }
        main += "<p class=\"lead\">\(ordered.count) participant\(ordered.count == 1 ? "" : "s")"
            + (study.flags.isEmpty ? "" : ", \(flagged) flagged") + ". "
            + (flagged > 0 ? "Flagged participants come first." : "")
            + "<span data-sort-hint hidden> Select a column heading to sort by it.</span></p>\n"
        main += flagRules(study)
        main += "<div class=\"table-scroll\" tabindex=\"0\" role=\"region\" aria-labelledby=\"participants-caption\">\n"
        main += "<table class=\"participants stack-table\" data-sortable>\n"
            + "<caption id=\"participants-caption\" class=\"visually-hidden\">Participants, flagged first</caption>\n<thead><tr>"
        for column in columns(study) {
            main += "<th scope=\"col\" data-sort-type=\"\(column.type)\"\(column.descendingFirst ? " data-sort-first=\"descending\"" as HTML : "")>"
                + "\(column.title)</th>"
        }
        main += "</tr></thead>\n<tbody>\n"
        main += ordered.map { indexRow($0, study: study, reader: reader) }.joined()
        main += "</tbody>\n</table>\n</div>\n"
        main += "<p class=\"footnote\">Adherence is the share of scheduled tasks that were answered, up to yesterday: "
            + "today is still open. Values a participant chose not to share read \u{201C}Not shared\u{201D}; "
            + "before a participant has answered whether to share them, \u{201C}Not chosen yet\u{201D}.</p>\n"
        main += "<h2>Documents</h2>\n<ul class=\"doc-list\">\n"
        for document in study.consentDocuments {
            if let href = reader.links.consentDocument(document.id) {
                main += "<li><a href=\"\(href)\">\(document.title)</a>, version \(document.version)</li>\n"
            }
        }
        main += "<li><a href=\"\(reader.links.educationIndex())\">Education notes</a></li>\n"
        if !study.contacts.isEmpty, let careTeam = reader.links.careTeam() {
            main += "<li><a href=\"\(careTeam)\">Care team</a>: who participants are told to contact</li>\n"
        }
        main += "</ul>\n"
        return Layout.page(title: "Participants", study: study, reader: reader, nav: .study(current: .participants), main: main,
                           scripts: ["js/sort-table.js"], bodyClass: "wide")
    }

    /// Flagged first, the most flags first; then everyone else but the
    /// withdrawn; then the withdrawn; by study ID within each.
    public static func worklistOrder(_ summaries: [ParticipantSummary]) -> [ParticipantSummary] {
        func group(_ summary: ParticipantSummary) -> Int {
            if !summary.raisedFlags.isEmpty { return 0 }
            if case .withdrawn = summary.status { return 2 }
            return 1
        }
        return summaries.sorted {
            (group($0), -$0.raisedFlags.count, $0.participant.id) < (group($1), -$1.raisedFlags.count, $1.participant.id)
        }
    }

    /// One participant's row of the worklist, for a page at the site's
    /// root: their study ID, and their name only with `names`. Each cell
    /// carries its sort key and, for narrow screens, its column's title.
    public static func indexRow(_ summary: ParticipantSummary, study: Study, reader: Reader) -> HTML {
        let participant = summary.participant
        let titles = columns(study).map(\.title)
        let href = reader.links.participant(participant.id) ?? ""
        let raised = summary.raisedFlags
        var row: HTML = "<tr\(raised.isEmpty ? "" : " class=\"is-flagged\"" as HTML)>"
        row += reader.showsNames
            ? "<th scope=\"row\" data-sort=\"\(participant.name)\"><a href=\"\(href)\">\(participant.name)</a> <span class=\"id\">\(participant.id)</span></th>"
            : "<th scope=\"row\" data-sort=\"\(participant.id)\"><a href=\"\(href)\">\(participant.id)</a></th>"
        var cells: [(sort: String, html: HTML)] = []
        cells.append((String(raised.count), flagList(summary.flags)))
        cells.append((String(statusRank(summary.status)), statusBadge(summary.status)))
        let day = participant.dayOfStudy(summary.today)
        cells.append((String(day), day >= 1 ? "\(day)" : "<span class=\"no-answer\">Starts \(Format.shortDay(participant.enrolledOn))</span>"))
        if let last = summary.lastAnswer {
            let ago = last.days(to: summary.today)
            cells.append((String(ago), "\(Format.shortDay(last)) <span class=\"when\">\(Format.daysAgo(ago))</span>"))
        } else {
            cells.append(("", "<span class=\"no-answer\">None yet</span>"))
        }
        for ring in [summary.lastSevenDays, summary.overall] {
            cells.append((ring.map { Format.decimal($0.fraction * 100) } ?? "", percent(ring)))
        }
        for item in uniqueSeries(study) {
            if summary.notShared.contains(item) {
                cells.append(("", "<span class=\"no-answer\">\(Format.withheld(.declined))</span>"))
            } else if summary.notChosen.contains(item) {
                cells.append(("", "<span class=\"no-answer\">\(Format.withheld(.notChosen))</span>"))
            } else if let latest = summary.latest.first(where: { $0.series.task == item.task && $0.series.value == item.value }) {
                cells.append((latest.value.value.number.map(Format.decimal) ?? "",
                              "\(Format.value(latest.value)) <span class=\"when\">\(Format.shortDay(latest.day))</span>"))
            } else {
                cells.append(("", "<span class=\"no-answer\">None yet</span>"))
            }
        }
        for (index, cell) in cells.enumerated() {
            // The flags take a narrow screen's whole width.
            let wide: HTML = index == 0 ? " class=\"full\"" : ""
            row += "<td\(wide) data-label=\"\(titles[index + 1])\" data-sort=\"\(cell.sort)\">\(cell.html)</td>"
        }
        return row + "</tr>\n"
    }

    /// The worklist's columns, the first being the row headers'.
    static func columns(_ study: Study) -> [(title: String, type: String, descendingFirst: Bool)] {
        [("Participant", "text", false), ("Flags", "number", true), ("Status", "number", false),
         ("Day of study", "number", false), ("Last answer", "number", true), ("Adherence, 7 days", "number", false),
         ("Adherence, overall", "number", false)]
            + uniqueSeries(study).map { ("Latest \($0.legend)", "number", true) }
    }

    /// The raised flags with their reasons, then those not checked; `None` without either.
    static func flagList(_ flags: [ParticipantFlag]) -> HTML {
        guard !flags.isEmpty else { return "<span class=\"no-flag\">None</span>" }
        var html: HTML = "<ul class=\"flag-list\">"
        for flag in flags where flag.isRaised {
            html += "<li class=\"flag\"><strong>\(flag.label)</strong> <span class=\"reason\">\(reason(flag.state))</span></li>"
        }
        for (state, words) in [(ParticipantFlag.State.notShared, "not shared"), (.notChosen, "sharing not chosen yet")] {
            let unchecked = flags.filter { $0.state == state }.map(\.label)
            if !unchecked.isEmpty {
                html += "<li class=\"not-checked\">Not checked, as \(words): \(unchecked.joined(separator: "; "))</li>"
            }
        }
        return html + "</ul>"
    }

    /// `8 on Nov 29`, `none since Nov 26, 4 days ago`, `none yet, 5 days since enrollment`:
    /// days counted as the last answer's column counts them.
    static func reason(_ state: ParticipantFlag.State) -> String {
        switch state {
        case .value(let number, let unit, let day):
            Format.decimal(number) + (unit.map { " \($0)" } ?? "") + " on \(Format.shortDay(day))"
        case .quiet(let days, let last):
            last.map { "none since \(Format.shortDay($0)), \(Format.daysAgo(days))" }
                ?? "none yet, \(days) \(days == 1 ? "day" : "days") since enrollment"
        case .notShared:
            "not shared"
        case .notChosen:
            "sharing not chosen yet"
        }
    }

    /// What each of the study's flags means, in a line each.
    static func flagRules(_ study: Study) -> HTML {
        guard !study.flags.isEmpty else { return "" }
        var html: HTML = "<details class=\"flag-rules\"><summary>What the flags mean</summary>\n<ul>\n"
        for flag in study.flags {
            html += "<li><strong>\(flag.label)</strong>: \(rule(flag.rule, study: study))</li>\n"
        }
        return html + "</ul>\n<p>A day count leaves out today, which is still open, and counts only while an answer was due; "
            + "a flag on a task whose schedule has ended is not raised, as nothing can clear it.</p>\n</details>\n"
    }

    static func rule(_ rule: StudyFlag.Rule, study: Study) -> String {
        func name(_ task: String, _ value: String) -> String {
            uniqueSeries(study).first { $0.task == task && $0.value == value }?.legend
                ?? "\(Format.label(value)) in \(study.task(task)?.title ?? task)"
        }
        return switch rule {
        case .above(let task, let value, let threshold): "the latest \(name(task, value)) is above \(Format.decimal(threshold))"
        case .below(let task, let value, let threshold): "the latest \(name(task, value)) is below \(Format.decimal(threshold))"
        case .notMeasured(let task, let value, let days): "no \(name(task, value)) for \(days) days or more"
        case .silent(let days): "no answer to any task for \(days) days or more"
        }
    }

    static func statusRank(_ status: ConsentStatus) -> Int {
        switch status {
        case .active: 0
        case .reconsentPending: 1
        case .notJoined: 2
        case .withdrawn: 3
        }
    }

    /// The status as a label, not a link: `Withdrawn Mar 5`, `Re-consent pending`.
    static func statusBadge(_ status: ConsentStatus) -> HTML {
        switch status {
        case .withdrawn(let day, _):
            "<span class=\"badge badge-withdrawn\">\(status.label)</span> <span class=\"when\">\(Format.shortDay(day))</span>"
        case .notJoined: "<span class=\"badge badge-waiting\">\(status.label)</span>"
        case .reconsentPending: "<span class=\"badge badge-waiting\">\(status.label)</span>"
        case .active: "<span class=\"badge badge-active\">\(status.label)</span>"
        }
    }
}
