import CareModel
import StudyModel
import Feed
import Foundation
import Markup
import Words

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
    /// A participant's row of the worklist as `indexRow` renders it, with what orders and filters it.
    public struct WorklistRow: Sendable {
        public var id: String
        public var standing: Standing
        public var raisedFlags: [ParticipantFlag]
        public var html: HTML

        public init(id: String, standing: Standing, flags: [ParticipantFlag], html: HTML) {
            self.id = id
            self.standing = standing
            raisedFlags = flags.filter(\.isRaised)
            self.html = html
        }

        public init(_ summary: ParticipantSummary, html: HTML) {
            self.init(id: summary.participant.id, standing: summary.standing, flags: summary.flags, html: html)
        }
    }

    public static func index(study: Study, summaries: [ParticipantSummary], reader: Reader,
                             asOf: DataAsOf?) -> HTML {
        index(study: study, rows: summaries.map { WorklistRow($0, html: indexRow($0, study: study, reader: reader)) },
              reader: reader, asOf: asOf)
    }

    /// The worklist from rows rendered beforehand, as a rebuild keeps them for participants whose data did not change.
    public static func index(study: Study, rows: [WorklistRow], reader: Reader, asOf: DataAsOf?) -> HTML {
        let ordered = worklistOrder(rows)
        let flagged = ordered.filter { !$0.raisedFlags.isEmpty }.count
        var main: HTML = "<h1>\(reader.words(.navParticipants))</h1>\n"
        if let asOf {
            main += "<p class=\"as-of\">\(reader.words(.dataAsOf, ["time": reader.format.dateTime(asOf.time, in: asOf.zone)]))</p>\n"
        }
        let count = study.flags.isEmpty && flagged == 0 ? reader.words(.participantCount, count: ordered.count)
            : reader.words(.participantCountFlagged, count: ordered.count, ["flagged": reader.format.integer(flagged)])
        main += "<p class=\"lead\">\(count)" + (flagged > 0 ? " \(reader.words(.flaggedFirst))" : "")
            + "<span data-sort-hint hidden> \(reader.words(.sortHint))</span></p>\n"
        main += flagRules(study, reader: reader)
        main += "<p class=\"field-hint\">\(reader.words(.overviewCountsToday))</p>\n"
        let filter = statusFilter(ordered.map(\.standing), reader: reader)
        main += filter
        main += "<div class=\"table-scroll\" tabindex=\"0\" role=\"region\" aria-labelledby=\"participants-caption\">\n"
        main += "<table id=\"participants\" class=\"participants stack-table\" data-sortable data-said-sorted=\"\(reader.words(.sortedBy))\" "
            + "data-said-ascending=\"\(reader.words(.ascending))\" data-said-descending=\"\(reader.words(.descending))\">\n"
            + "<caption id=\"participants-caption\" class=\"visually-hidden\">\(reader.words(.participantsCaption))</caption>\n<thead><tr data-said-sort-by=\"\(reader.words(.sortBy))\">"
        for column in columns(study, reader: reader) {
            main += "<th scope=\"col\" data-sort-type=\"\(column.type)\"\(column.descendingFirst ? " data-sort-first=\"descending\"" as HTML : "")>"
                + "\(column.title)</th>"
        }
        main += "</tr></thead>\n<tbody>\n"
        main += ordered.map(\.html).joined()
        main += "</tbody>\n</table>\n</div>\n"
        main += "<p class=\"footnote\">\(reader.words(.adherenceFootnote, ["notShared": reader.words(.notShared), "notChosen": reader.words(.notChosenYet)]))</p>\n"
        main += "<h2>\(reader.words(.documents))</h2>\n<ul class=\"doc-list\">\n"
        for document in study.consentDocuments {
            if let href = reader.links.consentDocument(document.id) {
                main += "<li>\(reader.words.html(.documentVersion, ["document": "<a href=\"\(href)\">\(document.title)</a>", "version": "\(document.version)"]))</li>\n"
            }
        }
        main += "<li><a href=\"\(reader.links.educationIndex())\">\(reader.words(.educationNotes))</a></li>\n"
        if !study.contacts.isEmpty, let careTeam = reader.links.careTeam() {
            main += "<li>\(reader.words.html(.careTeamDocument, ["link": "<a href=\"\(careTeam)\">\(reader.words(.careTeam))</a>"]))</li>\n"
        }
        main += "</ul>\n"
        return Layout.page(title: reader.words(.navParticipants), study: study, reader: reader, nav: .study(current: .participants), main: main,
                           scripts: ["js/sort-table.js"] + (filter.isEmpty ? [] : ["js/filter-table.js"]), bodyClass: "wide")
    }

    /// A choice of which participants the worklist shows, by status, each
    /// with how many have it: REDCap's record status filter. Hidden until
    /// `js/filter-table.js` shows it; without the script every row shows.
    static func statusFilter(_ standings: [Standing], reader: Reader) -> HTML {
        let counts = Dictionary(grouping: standings, by: statusKey).mapValues(\.count)
        guard counts.count > 1 else { return "" }
        let statuses = standings.sorted { statusRank($0) < statusRank($1) }
        var seen: Set<String> = []
        var html: HTML = "<fieldset class=\"status-filter\" data-filter-for=\"participants\" hidden>\n"
            + "<legend>\(reader.words(.filterLegend))</legend>\n"
            + "<label><input type=\"radio\" name=\"status\" value=\"\" checked> "
            + "\(reader.words(.filterOption, ["label": reader.words(.filterAll), "count": reader.format.integer(standings.count)]))</label>\n"
        for standing in statuses where seen.insert(statusKey(standing)).inserted {
            let key = statusKey(standing)
            html += "<label><input type=\"radio\" name=\"status\" value=\"\(key)\"> "
                + "\(reader.words(.filterOption, ["label": statusLabel(standing, reader: reader), "count": reader.format.integer(counts[key] ?? 0)]))</label>\n"
        }
        return html + "</fieldset>\n"
    }

    /// The status a row is filtered by: one per label the worklist shows.
    static func statusKey(_ standing: Standing) -> String {
        switch standing {
        case .enrolled, .consented: "not-joined"
        case .active: "active"
        case .reconsentPending: "reconsent"
        case .finished: "finished"
        case .withdrawn: "withdrawn"
        }
    }

    /// An answer's alert first; then the flagged, the most flags first;
    /// then everyone else but the withdrawn; then the withdrawn; by study
    /// ID within each.
    public static func worklistOrder(_ rows: [WorklistRow]) -> [WorklistRow] {
        func group(_ row: WorklistRow) -> Int {
            if row.raisedFlags.contains(where: \.isAlert) { return 0 }
            if !row.raisedFlags.isEmpty { return 1 }
            if case .withdrawn = row.standing { return 3 }
            return 2
        }
        let keyed = rows.map { (group($0), -$0.raisedFlags.count, $0) }
        return keyed.sorted { ($0.0, $0.1, $0.2.id) < ($1.0, $1.1, $1.2.id) }.map(\.2)
    }

    /// One participant's row of the worklist, for a page at the site's
    /// root: their study ID, and their name only with `names`. Each cell
    /// carries its sort key and, for narrow screens, its column's title.
    public static func indexRow(_ summary: ParticipantSummary, study: Study, reader: Reader) -> HTML {
        let participant = summary.participant
        let titles = columns(study, reader: reader).map(\.title)
        let href = reader.links.participant(participant.id) ?? ""
        let raised = summary.raisedFlags
        var row: HTML = "<tr\(raised.isEmpty ? "" : " class=\"is-flagged\"" as HTML) data-status=\"\(statusKey(summary.standing))\">"
        row += reader.showsNames
            ? "<th scope=\"row\" data-sort=\"\(participant.name)\"><a href=\"\(href)\">\(participant.name)</a> <span class=\"id\">\(participant.id)</span></th>"
            : "<th scope=\"row\" data-sort=\"\(participant.id)\"><a href=\"\(href)\">\(participant.id)</a></th>"
        var cells: [(sort: String, html: HTML)] = []
        cells.append((String(raised.count), flagList(summary.flags, reader: reader)))
        cells.append((String(statusRank(summary.standing)), statusBadge(summary.standing, reader: reader)))
        let day = participant.dayOfStudy(summary.today)
        cells.append((String(day), day >= 1 ? "\(reader.format.integer(day))" : "<span class=\"no-answer\">\(reader.words(.startsOn, ["day": reader.format.shortDay(participant.enrolledOn)]))</span>"))
        if let last = summary.lastAnswer {
            let ago = last.days(to: summary.today)
            cells.append((String(ago), "\(reader.format.shortDay(last)) <span class=\"when\">\(reader.format.daysAgo(ago))</span>"))
        } else {
            cells.append(("", "<span class=\"no-answer\">\(reader.words(.noneYet))</span>"))
        }
        for ring in [summary.lastSevenDays, summary.overall] {
            cells.append((ring.map { PlainNumber.format($0.fraction * 100) } ?? "", percent(ring, reader: reader)))
        }
        for item in uniqueSeries(study) {
            if summary.notShared.contains(item) {
                cells.append(("", "<span class=\"no-answer\">\(reader.format.withheld(.declined))</span>"))
            } else if summary.notChosen.contains(item) {
                cells.append(("", "<span class=\"no-answer\">\(reader.format.withheld(.notChosen))</span>"))
            } else if let latest = summary.latest.first(where: { $0.series.task == item.task && $0.series.value == item.value }) {
                cells.append((latest.value.value.number.map(PlainNumber.format) ?? "",
                              "\(reader.format.latest(latest.value, of: latest.series, study: study)) <span class=\"when\">\(reader.format.shortDay(latest.day))</span>"))
            } else {
                cells.append(("", "<span class=\"no-answer\">\(reader.words(.noneYet))</span>"))
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
    static func columns(_ study: Study, reader: Reader) -> [(title: String, type: String, descendingFirst: Bool)] {
        let words = reader.words
        return [(words(.columnParticipant), "text", false), (words(.factFlags), "number", true), (words(.factStatus), "number", false),
                (words(.factDayOfStudy), "number", false), (words(.factLastAnswer), "number", true),
                (words(.columnAdherenceWeek), "number", false), (words(.factAdherenceOverall), "number", false)]
            + uniqueSeries(study).map { (words(.factLatest, ["legend": $0.legend]), "number", true) }
    }

    /// The raised flags with their reasons, then those not checked; `None` without either.
    static func flagList(_ flags: [ParticipantFlag], reader: Reader) -> HTML {
        guard !flags.isEmpty else { return "<span class=\"no-flag\">\(reader.words(.noFlags))</span>" }
        var html: HTML = "<ul class=\"flag-list\">"
        for flag in flags where flag.isRaised {
            html += "<li class=\"flag\"><strong>\(flag.label)</strong> <span class=\"reason\">\(reason(flag.state, reader: reader))</span></li>"
        }
        for (state, word) in [(ParticipantFlag.State.notShared, Word.notCheckedNotShared), (.notChosen, .notCheckedNotChosen)] {
            let unchecked = flags.filter { $0.state == state }.map(\.label)
            if !unchecked.isEmpty {
                html += "<li class=\"not-checked\">\(reader.words(word, ["flags": unchecked.joined(separator: "; ")]))</li>"
            }
        }
        return html + "</ul>"
    }

    /// `8 on Nov 29`, `none since Nov 26, 4 days ago`, `none yet, 5 days since enrollment`:
    /// days counted as the last answer's column counts them.
    static func reason(_ state: ParticipantFlag.State, reader: Reader) -> String {
        switch state {
        case .value(let number, let unit, let day):
            let value = unit.map { reader.words(.valueWithUnit, ["value": reader.format.decimal(number), "unit": $0]) } ?? reader.format.decimal(number)
            return reader.words(.flagValueOn, ["value": value, "day": reader.format.shortDay(day)])
        case .quiet(let days, let last):
            return last.map { reader.words(.flagNoneSince, ["day": reader.format.shortDay($0), "ago": reader.format.daysAgo(days)]) }
                ?? reader.words(.flagNoneYet, count: days)
        case .notShared:
            return reader.words(.flagNotShared)
        case .notChosen:
            return reader.words(.flagNotChosen)
        case .alert(let day):
            return reader.words(.flagAlertOn, ["day": reader.format.shortDay(day)])
        case .visitNotAnswered(let lastDay):
            return reader.words(.flagVisitNotAnswered, ["day": reader.format.shortDay(lastDay)])
        }
    }

    /// What each of the study's flags means, in a line each.
    static func flagRules(_ study: Study, reader: Reader) -> HTML {
        // Tasks' alerts first, as the worklist puts them; then the study's flags; then visits not answered.
        let alerting = study.tasks.filter { $0.alerts != nil }
        let visiting = study.tasks.filter { $0.impactsAdherence && $0.schedule.elements.contains { $0.visit != nil } }
        guard !study.flags.isEmpty || !alerting.isEmpty || !visiting.isEmpty else { return "" }
        var html: HTML = "<details class=\"flag-rules\"><summary>\(reader.words(.whatFlagsMean))</summary>\n<ul>\n"
        for task in alerting {
            for alert in task.alerts ?? [] {
                html += "<li>\(reader.words.html(.flagRule, ["flag": "<strong>\(alert.label)</strong>", "rule": "\(reader.words(.flagRuleAlert, ["task": task.title]))"]))</li>\n"
            }
        }
        for flag in study.flags {
            html += "<li>\(reader.words.html(.flagRule, ["flag": "<strong>\(flag.label)</strong>", "rule": "\(rule(flag.rule, study: study, reader: reader))"]))</li>\n"
        }
        for task in visiting {
            html += "<li>\(reader.words(.flagRuleVisit, ["task": task.title]))</li>\n"
        }
        return html + "</ul>\n<p>\(reader.words(.flagDayCounts))</p>\n</details>\n"
    }

    static func rule(_ rule: StudyFlag.Rule, study: Study, reader: Reader) -> String {
        func name(_ task: String, _ value: String) -> String {
            uniqueSeries(study).first { $0.task == task && $0.value == value }?.legend
                ?? reader.words(.valueInTask, ["value": study.task(task)?.score(value)?.label ?? Format.label(value),
                                               "task": study.task(task)?.title ?? task])
        }
        return switch rule {
        case .above(let task, let value, let threshold):
            reader.words(.ruleAbove, ["value": name(task, value), "threshold": reader.format.decimal(threshold)])
        case .below(let task, let value, let threshold):
            reader.words(.ruleBelow, ["value": name(task, value), "threshold": reader.format.decimal(threshold)])
        case .dropBy(let task, let value, let amount):
            reader.words(.ruleDropBy, ["value": name(task, value), "amount": reader.format.decimal(amount)])
        case .notMeasured(let task, let value, let days): reader.words(.ruleNotMeasured, count: days, ["value": name(task, value)])
        case .silent(let days): reader.words(.ruleSilent, count: days)
        }
    }

    static func statusRank(_ standing: Standing) -> Int {
        switch standing {
        case .active: 0
        case .reconsentPending: 1
        case .finished: 2
        case .enrolled, .consented: 3
        case .withdrawn: 4
        }
    }

    /// The standing as a label, not a link: `Withdrawn Mar 5`, `Re-consent pending`, `Finished`.
    static func statusBadge(_ standing: Standing, reader: Reader) -> HTML {
        let label = statusLabel(standing, reader: reader)
        switch standing {
        case .withdrawn(let day, _):
            return "<span class=\"badge badge-withdrawn\">\(label)</span> <span class=\"when\">\(reader.format.shortDay(day))</span>"
        case .enrolled, .consented, .reconsentPending: return "<span class=\"badge badge-waiting\">\(label)</span>"
        case .active: return "<span class=\"badge badge-active\">\(label)</span>"
        case .finished: return "<span class=\"badge badge-finished\">\(label)</span>"
        }
    }

    /// `Active`, `Finished`, `Re-consent pending`, `Withdrawn`, `Not joined`: the word a clinician's list shows.
    static func statusLabel(_ standing: Standing, reader: Reader) -> String {
        switch standing {
        case .enrolled, .consented: reader.words(.statusNotJoined)
        case .active: reader.words(.statusActive)
        case .finished: reader.words(.flowFinished)
        case .reconsentPending: reader.words(.statusReconsentPending)
        case .withdrawn: reader.words(.statusWithdrawn)
        }
    }
}
