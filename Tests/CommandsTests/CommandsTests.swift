import CareModel
import CareStore
import Commands
import Content
import Foundation
import Testing
import StudyModel
import TestSupport

/// Runs `carefeed` in-process and keeps what it wrote.
struct Run {
    let status: Int32
    let out: String
    let error: String

    init(_ arguments: String...) {
        self.init(arguments)
    }

    init(_ arguments: [String]) {
        let collected = Collected()
        status = CareFeedCommand.run(arguments, console: Console(
            out: { text in collected.append(out: text) },
            error: { text in collected.append(error: text) }))
        (out, error) = collected.texts
    }
}

/// Text written from the console's closures, which must be Sendable.
final class Collected: @unchecked Sendable {
    // Unchecked because both texts are only touched with `lock` held.
    private let lock = NSLock()
    private var out = ""
    private var error = ""

    func append(out text: String) { lock.withLock { out += text } }
    func append(error text: String) { lock.withLock { error += text } }
    var texts: (String, String) { lock.withLock { (out, error) } }
}

@Suite struct CommandsTests {
    @Test func scheduleListsEventsAsJSONWithOffsetsAndLocalDates() throws {
        let study = try StudyFolder()
        let run = Run("schedule", "--content", study.content, "--task", "walk", "--from", "2026-03-27", "--to",
                      "2026-03-30", "--enrolled", "2026-03-27", "--format", "json")
        #expect(run.status == 0)
        #expect(run.error == "")
        let events = try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as! [[String: Any]]
        #expect(events.map { $0["start"] as! String } == ["2026-03-27T18:30:00+01:00", "2026-03-29T18:30:00+02:00"])
        #expect(events.map { $0["end"] as! String } == ["2026-03-27T19:00:00+01:00", "2026-03-29T19:00:00+02:00"])
        #expect(events.map { $0["occurrence"] as! Int } == [0, 1])
        #expect(events.map { $0["date"] as! String } == ["2026-03-27", "2026-03-29"])
        #expect(events.allSatisfy { $0["task"] as? String == "walk" && $0["allDay"] as? Bool == false })
    }

    @Test func scheduleUsesTheGivenZoneAndPrintsATable() throws {
        let study = try StudyFolder()
        let run = Run("schedule", "--content", study.content, "--from", "2026-03-01", "--to", "2026-03-01",
                      "--timezone", "Asia/Tokyo")
        #expect(run.status == 0)
        #expect(run.out == """
            TASK  #  DAY             START         END           TEXT
            join  0  Sun 1 Mar 2026  all day
            walk  0  Sun 1 Mar 2026  18:30 +09:00  19:00 +09:00

            """)
    }

    @Test func badUsageExitsWithTwoAndSaysWhatIsWrong() {
        let missing = Run("schedule", "--from", "2026-03-01")
        #expect(missing.status == 2)
        #expect(missing.error.contains("--from and --to are required"))
        let badDate = Run("schedule", "--from", "2026-02-30", "--to", "2026-03-01")
        #expect(badDate.status == 2)
        #expect(badDate.error.contains("--from needs a date YYYY-MM-DD, not '2026-02-30'"))
        let unknown = Run("schedule", "--frm", "2026-03-01")
        #expect(unknown.status == 2)
        #expect(unknown.error.contains("unknown option --frm"))
        #expect(Run("launch").status == 2)
        #expect(Run().status == 2)
    }

    /// The commands `carefeed --help` lists, by the first word of each line under "Commands:".
    static let listedCommands: [String] = Run("--help").out.split(separator: "\n", omittingEmptySubsequences: false)
        .drop { $0 != "Commands:" }.dropFirst().prefix { !$0.isEmpty }
        .compactMap { $0.split(separator: " ").first.map(String.init) }

    @Test func theOverviewListsEveryCommand() {
        #expect(Self.listedCommands == ["build", "check", "demo", "serve", "host", "invite", "devices", "schedule", "export", "import", "verify", "init"])
        #expect(Run("help").out == Run("--help").out)
    }

    @Test(arguments: listedCommands) func everyCommandPrintsItsUsageForHelp(command: String) {
        let run = Run(command, "--help")
        #expect(run.status == 0)
        #expect(run.out.hasPrefix("Usage: carefeed \(command) "))
        #expect(run.error == "")
    }

    @Test func scheduleReportsContentErrorsWithTheirLocation() throws {
        let study = try StudyFolder(files: ["content/tasks/walk.md": """
            ---
            id: walk
            title: Walk
            schedule:
              - start: enrollment
                every: fortnightly
                at: "18:30"
            ---
            """])
        let run = Run("schedule", "--content", study.content, "--from", "2026-03-01", "--to", "2026-03-02")
        #expect(run.status == 1)
        #expect(run.error.contains(study.content + "/tasks/walk.md:6:12: error: every must be"))
    }

    @Test func aTaskVersionThisProgramCannotReadIsAnErrorNotTodaysDefinition() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/care.sqlite"
        let store = try CareStore(path: path)
        try store.recordTaskVersion(taskID: "checkIn", definition: "{\"title\": 3}", effectiveFrom: Fixtures.date("2026-03-01"),
                                    at: Fixtures.instant("2026-03-01T12:00:00Z"))
        store.close()
        for command in [["check", "--public", TestStudy.publicFolder], ["export"]] {
            let run = Run(command + ["--content", TestStudy.content, "--store", path])
            #expect(run.status == 1, "\(command[0])")
            #expect(run.error.contains("the store's version 1 of task 'checkIn' cannot be read by this carefeed"), "\(command[0])")
        }
    }

    @Test func exportWritesTheStoreAsCSVAndJSON() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/care.sqlite"
        let store = try CareStore(path: path)
        let participant = Fixtures.participant(id: "p7")
        try store.addParticipant(participant)
        let checkIn = try #require(ContentLoader.load(directory: TestStudy.content, publicDirectory: nil).study?.task("checkIn"))
        let version = try store.recordTaskVersion(taskID: "checkIn", definition: checkIn.definition, effectiveFrom: participant.enrolledOn,
                                                  at: Fixtures.instant("2026-03-01T12:00:00Z"))
        let event = ScheduleTimeline([.init(version: version, effectiveFrom: nil, schedule: Fixtures.dailyAtEight)])
            .events(enrolledOn: participant.enrolledOn, in: participant.timeZone, from: participant.enrolledOn,
                    to: participant.enrolledOn.adding(days: 1))[0]
        try store.addOutcome(NewOutcome(participantID: "p7", taskID: "checkIn", event: event,
                                        values: [OutcomeValue(kind: "pain", value: .integer(2))]),
                             at: Fixtures.instant("2026-03-01T13:10:00Z"))
        try store.addPermissionGrant(PermissionGrant(participantID: "p7", permissionID: "shareHealthData", kind: "health",
                                                     granted: true, recordedAt: Fixtures.instant("2026-03-01T12:30:00Z")))
        store.close()

        let csv = Run("export", "--content", TestStudy.content, "--store", path, "--format", "csv")
        #expect(csv.status == 0)
        #expect(csv.out.contains("outcome,p7,checkIn,0,2026-03-01,,pain,2,,,2026-03-01T13:10:00.000Z,\r\n"))
        let json = Run("export", "--content", TestStudy.content, "--store", path, "--participant", "p7")
        #expect(json.status == 0)
        #expect(json.out.contains("\"participant\" : \"p7\""))
        let nobody = Run("export", "--content", TestStudy.content, "--store", path, "--participant", "p8")
        #expect(nobody.status == 1)
        #expect(nobody.error.contains("no participant 'p8'"))
        let noStore = Run("export", "--store", directory.path + "/missing.sqlite")
        #expect(noStore.status == 1)
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/missing.sqlite"))
    }
}

@Suite struct BuildCommandTests {
    @Test func aBuildOfBrokenContentIsRefusedAndLeavesTheLastSiteByteForByte() throws {
        let study = try StudyFolder()
        let store = study.directory.path + "/care.sqlite"
        let site = study.directory.path + "/Site"
        let first = Run("build", "--content", study.content, "--public", study.publicFolder, "--store", store, "--out", site,
                        "--today", "2026-03-05")
        #expect(first.status == 0)
        #expect(first.out.hasSuffix("MB)\n"))
        let before = try snapshot(site)
        #expect(before["index.html"] != nil)

        try study.directory.write("content/tasks/walk.md", "---\nid: walk\ntitle: Walk\nschedule: soon\n---\n")
        let broken = Run("build", "--content", study.content, "--public", study.publicFolder, "--store", store, "--out", site,
                         "--today", "2026-03-05")
        #expect(broken.status == 1)
        #expect(broken.error.contains("tasks/walk.md:4:11: error: schedule must be a list"))
        #expect(try snapshot(site) == before)
    }

    @Test func anUnwritableOutputFailsWithAMessageAndWritesNothing() throws {
        let study = try StudyFolder()
        try study.directory.write("blocker", "a file where a folder should be")
        let run = Run("build", "--content", study.content, "--public", study.publicFolder,
                      "--store", study.directory.path + "/care.sqlite", "--out", study.directory.path + "/blocker/Site")
        #expect(run.status == 1)
        #expect(run.error.hasPrefix("error: "))
        #expect(try String(contentsOfFile: study.directory.path + "/blocker", encoding: .utf8) == "a file where a folder should be")
    }

    /// Every file of a folder with its bytes.
    func snapshot(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: folder)! {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = FileManager.default.contents(atPath: folder + "/" + path)
            }
        }
        return files
    }
}
