import Foundation
import Testing
import TestSupport

/// `export --format datapackage --out DIR`: the folder it writes, and the
/// folders it refuses.
@Suite struct DataPackageCommandTests {
    @Test func theOverviewAndTheIndexCountAdherenceAsEventsCSVDoes() throws {
        let folder = try TemporaryDirectory()
        let store = folder.path + "/care.sqlite"
        #expect(Run("demo", "--store", store, "--participants", "12", "--days", "42", "--today", "2026-11-30").status == 0)
        #expect(Run("build", "--store", store, "--out", folder.path + "/Site", "--today", "2026-11-30").status == 0)
        #expect(Run("export", "--store", store, "--format", "datapackage", "--out", folder.path + "/package",
                    "--today", "2026-11-30").status == 0)
        func rows(_ file: String) throws -> [[String: String]] {
            let lines = try String(contentsOfFile: folder.path + "/package/" + file, encoding: .utf8)
                .split(whereSeparator: \.isNewline).map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
            return lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(lines[0], $0)) }
        }
        let enrolled = Dictionary(uniqueKeysWithValues: try rows("participants.csv").map { ($0["study_id"]!, Fixtures.date($0["enrolled_on"]!)) })
        // Each participant's share done of the events due, by the study week of the event's day.
        var counts: [String: [Int: (done: Int, due: Int)]] = [:]
        for row in try rows("events.csv") where row["counts_in_adherence"] == "true" {
            let status = row["status"]!
            guard ["done", "done late", "missed"].contains(status), let id = row["study_id"], let start = enrolled[id] else { continue }
            let week = start.days(to: Fixtures.date(row["event_day"]!)) / 7
            counts[id, default: [:]][week, default: (0, 0)].due += 1
            if status != "missed" { counts[id, default: [:]][week, default: (0, 0)].done += 1 }
        }
        var fractions: [Int: [Double]] = [:]
        for weeks in counts.values {
            for (week, count) in weeks { fractions[week, default: []].append(Double(count.done) / Double(count.due)) }
        }
        let page = try String(contentsOfFile: folder.path + "/Site/overview.html", encoding: .utf8)
        let table = try #require(page.components(separatedBy: "<caption>Adherence, by study week</caption>").dropFirst().first?
            .components(separatedBy: "</tbody>").first)
        let cells = table.components(separatedBy: "<tr>").dropFirst(2).map { row in
            row.matches(of: /<t[hd][^>]*>(.*?)<\/t[hd]>/).map { String($0.output.1) }
        }
        #expect(cells.count == fractions.count)
        for row in cells {
            let week = try #require(Int(row[0].dropFirst("Week ".count))) - 1
            let values = (fractions[week] ?? []).sorted()
            #expect(row[1] == String(values.count), "n of week \(week + 1)")
            let median = values.count % 2 == 1 ? values[values.count / 2] : (values[values.count / 2 - 1] + values[values.count / 2]) / 2
            #expect(row[2] == "\(Int((median * 100).rounded()))%", "the median of week \(week + 1)")
        }
        // The index's overall adherence of each participant is their events' too.
        let index = try String(contentsOfFile: folder.path + "/Site/index.html", encoding: .utf8)
        for (id, weeks) in counts {
            let row = try #require(index.components(separatedBy: "<a href=\"participants/\(id)/index.html\">").dropFirst().first?
                .components(separatedBy: "</tr>").first)
            let overall = try #require(row.components(separatedBy: "data-label=\"Adherence, overall\"").dropFirst().first)
            let done = weeks.values.map(\.done).reduce(0, +), due = weeks.values.map(\.due).reduce(0, +)
            #expect(overall.contains("(\(done)/\(due))"), "\(id): \(overall.prefix(80))")
        }
    }

    @Test func thePackageGoesIntoANewFolderAndReplacesAnEarlierOne() throws {
        let folder = try TemporaryDirectory()
        let store = folder.path + "/care.sqlite"
        #expect(Run("demo", "--store", store, "--participants", "2", "--days", "5", "--today", "2026-11-30").status == 0)
        let out = folder.path + "/package"
        let first = Run("export", "--store", store, "--format", "datapackage", "--out", out)
        #expect(first.status == 0, "\(first.error)")
        #expect(first.out == "Wrote a data package of 13 tables to \(out)/datapackage.json, with load.py and load.R to read it\n")
        let written = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(written == ["checkIn.csv", "consents.csv", "datapackage.json", "dictionary.csv", "events.csv", "exercises.csv",
                            "grants.csv",
                            "iceKnee.csv", "kneeFunction.csv", "load.R", "load.py", "painMedicine.csv", "participants.csv", "rangeOfMotion.csv",
                            "task_versions.csv", "withdrawals.csv"], "every task a participant acts on, logs and taps included")
        let log = try String(contentsOfFile: out + "/painMedicine.csv", encoding: .utf8).split(whereSeparator: \.isNewline)
        #expect(log.first == "study_id,occurrence,entry,task_version,event_day,answered_at,study_day,study_week,answered_day,days_late,logged")
        // A table the study no longer has is not left behind.
        try "old".write(toFile: out + "/oldTask.csv", atomically: true, encoding: .utf8)
        #expect(Run("export", "--store", store, "--format", "datapackage", "--out", out).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == written)
    }

    @Test func aFolderOfOtherFilesAndAMissingOutAreRefused() throws {
        let folder = try TemporaryDirectory()
        let store = folder.path + "/care.sqlite"
        #expect(Run("demo", "--store", store, "--participants", "1", "--days", "2", "--today", "2026-11-30").status == 0)
        try "mine".write(toFile: folder.path + "/notes.txt", atomically: true, encoding: .utf8)
        let refused = Run("export", "--store", store, "--format", "datapackage", "--out", folder.path)
        #expect(refused.status == 1)
        #expect(refused.error.contains("holds other files (care.sqlite") && refused.error.contains("give a new or empty folder"))
        // Another tool's data package is not ours to replace: its CSVs stay.
        let foreign = folder.path + "/theirs"
        try FileManager.default.createDirectory(atPath: foreign, withIntermediateDirectories: true)
        try #"{"name": "theirs", "resources": []}"#.write(toFile: foreign + "/datapackage.json", atomically: true, encoding: .utf8)
        try "a,b\r\n".write(toFile: foreign + "/theirs.csv", atomically: true, encoding: .utf8)
        #expect(Run("export", "--store", store, "--format", "datapackage", "--out", foreign).status == 1)
        #expect(FileManager.default.fileExists(atPath: foreign + "/theirs.csv"))
        let missing = Run("export", "--store", store, "--format", "datapackage")
        #expect(missing.status == 2)
        #expect(missing.error.contains("--format datapackage needs --out DIR"))
        let misplaced = Run("export", "--store", store, "--format", "csv", "--out", folder.path + "/x")
        #expect(misplaced.status == 2)
    }
}

extension DataPackageCommandTests {
    @Test func aFolderWhereAPackageFileGoesIsNamedNotARawError() throws {
        let folder = try TemporaryDirectory()
        let store = folder.path + "/care.sqlite"
        #expect(Run("demo", "--store", store, "--participants", "2", "--days", "5", "--today", "2026-11-30").status == 0)
        let out = folder.path + "/package"
        #expect(Run("export", "--store", store, "--format", "datapackage", "--out", out).status == 0)
        try FileManager.default.removeItem(atPath: out + "/participants.csv")
        try FileManager.default.createDirectory(atPath: out + "/participants.csv", withIntermediateDirectories: false)
        let again = Run("export", "--store", store, "--format", "datapackage", "--out", out)
        #expect(again.status == 1)
        #expect(again.error == "error: \(out)/participants.csv is a folder, where the package writes its participants.csv; "
                + "move it away, or give another folder\n")
        #expect(!again.error.contains("NSCocoaErrorDomain"))
    }
}
