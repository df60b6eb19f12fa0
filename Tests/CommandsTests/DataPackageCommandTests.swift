import Foundation
import Testing
import TestSupport

/// `export --format datapackage --out DIR`: the folder it writes, and the
/// folders it refuses.
@Suite struct DataPackageCommandTests {
    @Test func thePackageGoesIntoANewFolderAndReplacesAnEarlierOne() throws {
        let folder = try TemporaryDirectory()
        let store = folder.path + "/care.sqlite"
        #expect(Run("demo", "--store", store, "--participants", "2", "--days", "5", "--today", "2026-11-30").status == 0)
        let out = folder.path + "/package"
        let first = Run("export", "--store", store, "--format", "datapackage", "--out", out)
        #expect(first.status == 0, "\(first.error)")
        #expect(first.out == "Wrote a data package of 12 tables to \(out)/datapackage.json\n")
        let written = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(written == ["checkIn.csv", "consents.csv", "datapackage.json", "events.csv", "exercises.csv", "grants.csv",
                            "iceKnee.csv", "kneeFunction.csv", "painMedicine.csv", "participants.csv", "rangeOfMotion.csv",
                            "task_versions.csv", "withdrawals.csv"], "every task a participant acts on, logs and taps included")
        let log = try String(contentsOfFile: out + "/painMedicine.csv", encoding: .utf8).split(whereSeparator: \.isNewline)
        #expect(log.first == "study_id,occurrence,entry,task_version,event_day,answered_at,logged")
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
