import Assets
import CareModel
import CareStore
import Content
import Demo
import Feed
import Foundation
import Pages
import Site
import StudyModel
import Testing
import TestSupport

/// `overview.html` against figures worked out here, straight from the demo
/// store and without the overview's own code: the flow, enrolment by day
/// and the weekly median of pain across participants.
@Suite struct OverviewTests {
    let directory: TemporaryDirectory
    let store: CareStore
    let study: Study
    let today = Fixtures.date("2026-03-20")

    init(content: String = TestStudy.content) throws {
        let demo = try DemoStore(participants: 12, days: 30, seed: 5, today: today, content: content)
        (directory, store, study) = (demo.directory, demo.store, demo.study)
        let first = try #require(try store.participants().first)
        try store.withdraw(Withdrawal(participantID: first.id, withdrawnAt: Fixtures.instant("2026-03-18T12:00:00Z"),
                                      reason: "Moving away"))
    }

    func build() throws -> String {
        let today = self.today
        _ = try SiteBuilder(.init(plan: try CarePlan(study: study, versions: try store.taskVersions()),
                                  participants: try store.participants(), outcomes: try store.outcomes(),
                                  consentRecords: try store.consentRecords(), permissionGrants: try store.permissionGrants(),
                                  withdrawals: try store.withdrawals(),
                                  assets: try Assets(publicDirectory: TestStudy.publicFolder, study: study),
                                  today: { _ in today })).build(into: directory.path + "/Site")
        return try String(contentsOfFile: directory.path + "/Site/overview.html", encoding: .utf8)
    }

    /// The cells of the table whose caption is `caption`, row by row.
    func table(_ caption: String, in page: String) throws -> [[String]] {
        let start = try #require(page.firstRange(of: try Regex("<caption[^>]*>\(NSRegularExpression.escapedPattern(for: caption))</caption>")),
                                 "no table \(caption)")
        let body = page[start.upperBound...].prefix { _ in true }
        let end = try #require(body.range(of: "</tbody>"))
        let cell = /<t[hd][^>]*>(.*?)<\/t[hd]>/
        return body[..<end.lowerBound].components(separatedBy: "<tr>").dropFirst(2).map { row in
            row.matches(of: cell).map { String($0.output.1) }
        }
    }

    func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    @Test func theFlowAndEnrolmentAreTheStoresCounts() throws {
        let page = try build()
        let participants = try store.participants()
        let signed = Set(try store.consentRecords().map(\.participantID))
        let flow = try table("Participants at each stage", in: page)
        #expect(flow.first == ["Enrolled", "\(participants.count)"])
        #expect(flow[1] == ["Signed the consent", "\(signed.count)"])
        // The demo's two withdrawals, one with a reason, and the one this test adds, with its own.
        let withdrawals = try store.withdrawals()
        #expect(withdrawals.count == 3 && flow.last == ["Withdrawn", "3"])
        #expect(page.contains("2 of 3 said why. Their own words are not shown here."))
        #expect(!page.contains("Moving away"), "a reason is the participant's own words")
        let byDay = Dictionary(grouping: participants, by: \.enrolledOn)
        let enrolment = try table("Participants enrolled, by day", in: page)
        #expect(enrolment.count == byDay.count)
        var total = 0
        for (row, day) in zip(enrolment, byDay.keys.sorted()) {
            total += byDay[day]!.count
            #expect(row.dropFirst() == ["\(byDay[day]!.count)", "\(total)"])
        }
    }

    @Test func theWeeklyMedianOfPainIsOfEachParticipantsMeanThatWeek() throws {
        let page = try build()
        let grants = try store.permissionGrants()
        let signed = Set(try store.consentRecords().map(\.participantID))
        var weekly: [Int: [Double]] = [:]
        var withheld = 0
        for participant in try store.participants() {
            let sharing = Sharing(plan: CarePlan(study: study), participantID: participant.id,
                                  grants: grants.filter { $0.participantID == participant.id })
            guard sharing.isShared(taskID: "checkIn", kind: "pain") else {
                // Before signing nobody has been asked to share: only those who signed withhold.
                if signed.contains(participant.id) { withheld += 1 }
                continue
            }
            var weeks: [Int: [Double]] = [:]
            for outcome in try store.outcomes(participantID: participant.id)
                // Up to and including their today, as the data package holds them.
                where !outcome.isDeleted && outcome.taskID == "checkIn" && outcome.eventDay <= today {
                guard let pain = outcome.value("pain")?.value.number else { continue }
                weeks[(outcome.eventDay.ordinal - participant.enrolledOn.ordinal) / 7, default: []].append(pain)
            }
            for (week, values) in weeks { weekly[week, default: []].append(values.reduce(0, +) / Double(values.count)) }
        }
        let rows = try table("Pain (0-10), by study week", in: page)
        #expect(rows.count == (weekly.keys.max() ?? -1) + 1)
        for row in rows {
            let week = try #require(Int(row[0].dropFirst("Week ".count))) - 1
            let values = weekly[week] ?? []
            #expect(row[1] == "\(values.count)", "n of week \(week + 1)")
            if !values.isEmpty {
                let expected = (median(values) * 10).rounded() / 10
                #expect(Double(row[2]) == expected, "the median of week \(week + 1)")
            }
        }
        if withheld > 0 {
            #expect(page.contains("Values of \(withheld) participant"))
        } else {
            #expect(!page.contains("Values of 1 participant"), "one who has not signed withholds nothing")
        }
    }

    /// The "n, median (lower to upper)" of a cell, without its markup.
    func figures(_ cell: String) -> String {
        cell.replacing(/<[^>]+>/, with: "")
    }

    func spread(_ values: [Double]) -> String {
        let sorted = values.sorted()
        func rounded(_ value: Double) -> String { PlainNumber.format((value * 10).rounded() / 10) }
        func quantile(_ p: Double) -> Double {
            let position = p * Double(sorted.count - 1), lower = Int(position)
            return sorted[lower] + (sorted[min(lower + 1, sorted.count - 1)] - sorted[lower]) * (position - Double(lower))
        }
        return "\(rounded(median(sorted))) (\(rounded(quantile(0.25))) to \(rounded(quantile(0.75))))"
    }

    @Test func thoseTakingPartWhoAnswerNothingForTwoWeeksAreLostToFollowUp() throws {
        let line = "<tr class=\"sub-row\"><th scope=\"row\">Of them, no answers for 14 days or more</th><td>"
        let page = try build()
        // The demo's one who stopped answering 16 days ago.
        #expect(page.contains(line + "1</td>"))
        // Two weeks on, with nothing answered since, everyone still taking part is silent.
        let later = today.adding(days: 14)
        _ = try SiteBuilder(.init(plan: try CarePlan(study: study, versions: try store.taskVersions()),
                                  participants: try store.participants(), outcomes: try store.outcomes(),
                                  consentRecords: try store.consentRecords(), permissionGrants: try store.permissionGrants(),
                                  withdrawals: try store.withdrawals(),
                                  assets: try Assets(publicDirectory: TestStudy.publicFolder, study: study),
                                  today: { _ in later })).build(into: directory.path + "/Site")
        let again = try String(contentsOfFile: directory.path + "/Site/overview.html", encoding: .utf8)
        let flow = try table("Participants at each stage", in: again)
        let taking = try #require(flow.first { $0.first == "Taking part" }?.last)
        #expect(Int(taking)! > 0 && again.contains(line + taking + "</td>"))
    }
}

/// `overview.html` of Recover itself, whose knee questionnaire has visits,
/// a score and questions that offer "prefer not to answer", against figures
/// worked out here from the store.
@Suite struct RecoverOverviewTests {
    let overview: OverviewTests

    init() throws {
        overview = try OverviewTests(content: Repository.content)
    }

    var store: CareStore { overview.store }
    var study: Study { overview.study }
    var today: LocalDate { overview.today }
    func build() throws -> String { try overview.build() }
    func table(_ caption: String, in page: String) throws -> [[String]] { try overview.table(caption, in: page) }
    func figures(_ cell: String) -> String { overview.figures(cell) }
    func spread(_ values: [Double]) -> String { overview.spread(values) }

    @Test func recoversKneeScoreAtEachVisitAndItsChangeFromTheFirstArePairedByParticipant() throws {
        let page = try build()
        let plan = try CarePlan(study: study, versions: try store.taskVersions())
        let grants = try store.permissionGrants()
        let task = try #require(plan.tasks.first { $0.id == "kneeFunction" })
        var atVisit: [String: [String: Double]] = [:]
        for participant in try store.participants() {
            let sharing = Sharing(plan: plan, participantID: participant.id, grants: grants.filter { $0.participantID == participant.id })
            let visits = task.timeline.visits(participant.scheduleDates, in: participant.timeZone)
            for outcome in try store.outcomes(participantID: participant.id)
                where !outcome.isDeleted && outcome.taskID == "kneeFunction" && outcome.eventDay <= today {
                guard let visit = visits[outcome.occurrence],
                      let score = plan.scored(outcome, sharing: sharing).value("kneeScore")?.value.number else { continue }
                atVisit[participant.id, default: [:]][visit] = score
            }
        }
        let rows = try table("Knee function (0-100) at each visit", in: page)
        // The visits someone has a value at, in the schedule's order.
        let visits = ["Before surgery", "Week 2", "Week 6"].filter { visit in atVisit.values.contains { $0[visit] != nil } }
        #expect(rows.map(\.first) == visits && visits.count >= 2)
        for row in rows {
            let values = atVisit.values.compactMap { $0[row[0]] }
            #expect(row[1] == "\(values.count)", "n at \(row[0])")
            if !values.isEmpty { #expect(figures(row[2]) == spread(values), "\(row[0])") }
            guard row[0] != "Before surgery" else { continue }
            let changes = atVisit.values.compactMap { visits in visits[row[0]].flatMap { after in visits["Before surgery"].map { after - $0 } } }
            #expect(row[3] == "\(changes.count)", "pairs at \(row[0])")
            if !changes.isEmpty { #expect(figures(row[4]) == spread(changes), "the change at \(row[0])") }
        }
        #expect(atVisit.values.contains { $0.count > 1 }, "someone has two visits to pair")
    }

    @Test func recoversRangeOfMotionIsDrawnOnItsOwnScaleWithItsGoalAndAMedianOfFewSaysItsN() throws {
        let page = try build()
        let sections = page.components(separatedBy: "<section class=\"overview-section\">")
        let range = try #require(sections.first { $0.contains("<h2>Range of motion (degrees)</h2>") })
        // The item's own 0 to 160, not a scale the values would round to.
        #expect(range.contains(">0</text>") && range.contains(">80</text>") && range.contains(">160</text>"))
        #expect(range.contains("<rect class=\"target\"") && range.contains("<line class=\"target-line\"")
                && range.contains(">Goal of 120 degrees or more</text>"))
        let knee = try #require(sections.first { $0.contains("<h2>Knee function (0-100)</h2>") })
        let rows = try table("Knee function (0-100), by study week", in: page)
        let few = rows.filter { Int($0[1]).map { (1..<5).contains($0) } ?? false }
        #expect(!few.isEmpty, "the demo has weeks of few knee questionnaires")
        #expect(knee.matches(of: /<circle class="series-dot few"/).count == few.count)
        for row in few { #expect(knee.contains(">n = \(row[1])</text>")) }
        #expect(!knee.contains("<rect class=\"target\""), "no goal is set for knee function")
    }

    @Test func recoversQuestionsEachSayHowOftenTheyWereLeftWithPreferNotToAnswer() throws {
        let page = try build()
        let outcomes = try store.outcomes().filter { !$0.isDeleted && $0.taskID == "kneeFunction" && $0.eventDay <= today }
        let rows = try table("“Prefer not to answer”, by question", in: page)
        let items = try #require(study.task("kneeFunction")).formItems.filter(\.offersPreferNotToAnswer)
        #expect(rows.map(\.first) == items.map { "\($0.text) <span class=\"when\">(Knee function)</span>" })
        for (row, item) in zip(rows, items) {
            let answers = outcomes.compactMap { $0.value(item.id)?.value }
            let declined = answers.filter { $0 == .preferNotToAnswer }.count
            #expect(row[1] == "\(answers.count)" && row[2].hasPrefix("\(declined) "), "\(item.id)")
        }
    }
}
