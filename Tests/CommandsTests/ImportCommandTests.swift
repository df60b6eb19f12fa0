import CareModel
import CareStore
import Content
import Foundation
import Markup
import Support
import Testing
import TestSupport
import StudyModel

/// `carefeed import`: what it says for each file, and its exit status.
@Suite struct ImportCommandTests {
    let study: StudyFolder
    let stores: TemporaryDirectory
    var target: String { stores.path + "/study/care.sqlite" }
    let ada = Participant(id: "p1", name: "Ada Lovelace", timeZone: Fixtures.newYork, enrolledOn: Fixtures.date("2026-03-01"))
    let grace = Participant(id: "p2", name: "Grace Hopper", timeZone: Fixtures.newYork, enrolledOn: Fixtures.date("2026-03-02"))

    init() throws {
        study = try StudyFolder(files: ["content/tasks/join.md": """
            ---
            id: join
            title: Join
            impactsAdherence: false
            schedule:
              - { start: enrollment, every: 1 day, allDay: true }
            survey:
              - type: consent
                document: walking
                signature: drawn
              - type: permissions
                items:
                  - { id: shareSteps, kind: health, title: Share your steps, types: [steps] }
              - type: completion
                title: Done
            ---
            """])
        stores = try TemporaryDirectory()
    }

    /// The study's task definitions, as its participants' servers recorded them.
    func definitions() throws -> [String: String] {
        Dictionary(uniqueKeysWithValues: try loaded().tasks.map { ($0.id, $0.definition) })
    }

    func loaded() throws -> Study {
        try #require(ContentLoader.load(directory: study.content, publicDirectory: nil).study)
    }

    /// A participant's own store: consent, their answer to sharing steps, and two walks.
    func participantStore(_ participant: Participant, sharesSteps: Bool = true,
                          definitions: [String: String]? = nil) throws -> String {
        let path = stores.path + "/\(participant.id)-\(UUID().uuidString.prefix(6)).sqlite"
        let store = try CareStore(path: path)
        defer { store.close() }
        try store.addParticipant(participant)
        let at = { (day: Int) in Fixtures.instant("\(participant.enrolledOn.adding(days: day))T20:00:00Z") }
        for (task, definition) in try definitions ?? self.definitions() {
            try store.recordTaskVersion(taskID: task, definition: definition, effectiveFrom: participant.enrolledOn, at: at(0))
        }
        try store.addConsentRecord(ConsentRecord(participantID: participant.id, documentID: "walking", version: "2",
                                                 sha256: try #require(loaded().consentDocument("walking")).sha256,
                                                 html: try #require(loaded().consentDocument("walking")).html,
                                                 printedName: participant.name, signature: .drawn(pathData: "M 0 0 L 9 9"),
                                                 signedAt: at(0), timeZone: participant.timeZone))
        try store.addPermissionGrant(PermissionGrant(participantID: participant.id, permissionID: "shareSteps", kind: "health",
                                                     granted: sharesSteps, recordedAt: at(0)))
        // Two walks, as the study's schedule gives them: every second day at 18:30.
        let events = ScheduleTimeline(try #require(loaded().task("walk")).schedule).events(
            enrolledOn: participant.enrolledOn, in: participant.timeZone, from: participant.enrolledOn,
            to: participant.enrolledOn.adding(days: 4))
        for event in events {
            try store.addOutcome(NewOutcome(participantID: participant.id, taskID: "walk", event: event, values: [
                OutcomeValue(kind: "steps", value: .integer(4000 + event.occurrence), unit: "steps"),
                OutcomeValue(kind: "outside", value: .boolean(true)),
            ]), at: at(participant.enrolledOn.days(to: event.day)))
        }
        return path
    }

    func runImport(_ files: String...) -> Run {
        Run(["import", "--content", study.content, "--store", target] + files)
    }

    @Test func twoParticipantsStoresAreImportedAndASecondImportSaysNothingNew() throws {
        let first = try participantStore(ada)
        let second = try participantStore(grace)

        let run = runImport(first, second)
        #expect(run.status == 0)
        #expect(run.error == "")
        #expect(run.out == """
            \(first): added 1 participant, 2 outcomes, 4 values, 1 consent record, 1 permission answer, 4 audit entries
            \(second): added 1 participant, 2 outcomes, 4 values, 1 consent record, 1 permission answer, 4 audit entries

            """)
        let store = try CareStore(path: target)
        #expect(try store.participants().map(\.id) == ["p1", "p2"])
        #expect(try store.outcomes().count == 4)
        store.close()

        let again = runImport(first, second)
        #expect(again.status == 0)
        #expect(again.out == "nothing new from \(first)\nnothing new from \(second)\n")
    }

    @Test func aRefusedFileIsNamedOnStandardErrorAndTheOtherFilesStillImport() throws {
        let first = try participantStore(ada)
        #expect(runImport(first).status == 0)
        let impostor = try participantStore(Participant(id: "p1", name: "Charles Babbage", timeZone: Fixtures.newYork,
                                                        enrolledOn: Fixtures.date("2026-03-01")))
        let second = try participantStore(grace)

        let run = runImport(impostor, second)
        #expect(run.status == 1)
        #expect(run.out == "\(second): added 1 participant, 2 outcomes, 4 values, 1 consent record, 1 permission answer, "
                + "4 audit entries\n")
        #expect(run.error == """
            error: \(impostor): participant p1 names another person: in this file Charles Babbage, enrolled 2026-03-01 in \
            America/New_York; in the study store Ada Lovelace, enrolled 2026-03-01 in America/New_York
            1 of 2 files refused: nothing from it was imported; the other file was imported

            """)
    }

    @Test func valuesTheParticipantDidNotShareAreLeftOutAndCounted() throws {
        let declining = try participantStore(ada, sharesSteps: false)
        let run = runImport(declining)
        #expect(run.status == 0)
        #expect(run.out == "\(declining): added 1 participant, 2 outcomes, 2 values, 1 consent record, 1 permission answer, "
                + "4 audit entries; 2 values the participant did not share were left out\n")
        let store = try CareStore(path: target)
        defer { store.close() }
        #expect(try store.outcomes().flatMap(\.values).map(\.kind) == ["outside", "outside"])
    }

    @Test func aTaskVersionTheStudyDoesNotHaveIsRefusedNamingTheTask() throws {
        var definitions = try definitions()
        definitions["walk"] = definitions["walk"]!.replacingOccurrences(of: "How many steps?", with: "Steps today?")
        let old = try participantStore(ada, definitions: definitions)
        let run = runImport(old)
        #expect(run.status == 1)
        #expect(run.error.hasPrefix("error: \(old): task walk version 1 is not a version the study published: "
                                    + "its definition is none the study's store recorded\n"))
    }

    @Test func aConsentSignedWithAnotherTextUnderThePublishedVersionIsRefused() throws {
        let source = try participantStore(ada)
        let store = try CareStore(path: source)
        try store.addConsentRecord(ConsentRecord(participantID: ada.id, documentID: "walking", version: "2",
                                                 sha256: SHA256.hex("<p>Other</p>"), html: HTML(trusted: "<p>Other</p>"),
                                                 printedName: ada.name, signature: .typed(name: ada.name),
                                                 signedAt: Fixtures.instant("2026-03-02T09:00:00Z"), timeZone: ada.timeZone))
        store.close()
        let sha = try #require(loaded().consentDocument("walking")).sha256
        let run = runImport(source)
        #expect(run.status == 1)
        #expect(run.error.hasPrefix("error: \(source): participant p1 signed walking version 2 with another text: in this file "
                                    + "SHA-256 \(SHA256.hex("<p>Other</p>")); the study published that version with "
                                    + "SHA-256 \(sha)\n"))
    }

    @Test func aFileThatIsNotAStoreIsNamedWithWhatItIs() throws {
        let notes = try stores.write("notes.sqlite", "my answers\n")
        let missing = stores.path + "/missing.sqlite"
        let run = runImport(notes, missing)
        #expect(run.status == 1)
        #expect(run.out == "")
        #expect(run.error == """
            error: \(notes): not a CareFeed store: not a SQLite database
            error: \(missing): no such file
            2 of 2 files refused: nothing from them was imported

            """)
    }

    @Test func withoutFilesItIsAUsageErrorAndContentThatDoesNotCheckCreatesNoStore() throws {
        #expect(runImport().status == 2)
        let broken = try StudyFolder(files: ["content/study.yaml": "title: [unclosed\n"])
        let run = Run("import", "--content", broken.content, "--store", target, try participantStore(ada))
        #expect(run.status == 1)
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    /// A participant's store whose walk answers are `values`, enrolled on `enrolledOn`.
    func craftedStore(enrolledOn: String = "2026-03-01", occurrence: Int = 0, movedBy days: Int = 0, values: [OutcomeValue],
                      grants: [PermissionGrant] = []) throws -> String {
        let participant = Participant(id: "p1", name: "Ada", timeZone: Fixtures.newYork, enrolledOn: Fixtures.date(enrolledOn))
        let path = stores.path + "/crafted-\(UUID().uuidString.prefix(6)).sqlite"
        let store = try CareStore(path: path)
        defer { store.close() }
        try store.addParticipant(participant)
        for (task, definition) in try definitions() {
            try store.recordTaskVersion(taskID: task, definition: definition, effectiveFrom: participant.enrolledOn,
                                        at: Fixtures.instant("2026-03-01T12:00:00Z"))
        }
        let walk = try #require(loaded().task("walk"))
        var event = try #require(ScheduleTimeline(walk.schedule).events(
            enrolledOn: participant.enrolledOn, in: participant.timeZone, from: participant.enrolledOn,
            to: participant.enrolledOn.adding(days: 1)).first)
        event.occurrence = occurrence
        event.day = event.day.adding(days: days)
        try grants.forEach { _ = try store.addPermissionGrant($0) }
        try store.addOutcome(NewOutcome(participantID: "p1", taskID: "walk", event: event, values: values),
                             at: Fixtures.instant("2026-03-01T20:00:00Z"))
        return path
    }

    @Test func aFileIsJudgedByTheStudysDefinitionsNeverByTheOnesItCarries() throws {
        let walk = try #require(try definitions()["walk"])
        let crafted = [
            walk.replacingOccurrences(of: #""numeric":{"decimals":0,"max":100000,"min":0,"unit":"steps"}"#,
                                      with: #""scale":{"max":0,"min":10,"step":1}"#),
            walk.replacingOccurrences(of: #""interval":{"days":{"_0":2}}"#, with: #""interval":{"days":{"_0":0}}"#),
        ]
        var files: [String] = []
        for definition in crafted {
            #expect(definition != walk)
            var definitions = try definitions()
            definitions["walk"] = definition
            files.append(try participantStore(ada, definitions: definitions))
        }
        let good = try participantStore(grace)
        let run = Run(["import", "--content", study.content, "--store", target] + files + [good])
        #expect(run.status == 1)
        for file in files {
            #expect(run.error.contains("error: \(file): task walk version 1 is not a version the study published: "
                                       + "its definition is none the study's store recorded\n"))
        }
        #expect(run.out.contains("\(good): added 1 participant"), "the other file of the run is imported")
        #expect(run.error.hasSuffix("2 of 3 files refused: nothing from them was imported; the other file was imported\n"))
    }

    @Test func aRecordTheStudyCouldNotHaveProducedIsRefusedWithItsRule() throws {
        let cases: [(enrolledOn: String, values: [OutcomeValue], says: String)] = [
            ("0001-01-01", [OutcomeValue(kind: "steps", value: .integer(10))],
             "participant p1 is enrolled on 0001-01-01, more than ten years ago; the study could not have enrolled them then"),
            ("2026-03-01", [OutcomeValue(kind: "steps", value: .integer(999_999))],
             "participant p1's answer to walk#0: steps (999999) is above its highest, 100000"),
            ("2026-03-01", [OutcomeValue(kind: "steps", value: .text(String(repeating: "9", count: 1_000_000)))],
             "participant p1's answer to walk#0: steps is the text '" + String(repeating: "9", count: 40) + "…', not an answer its question takes"),
            ("2026-03-01", [OutcomeValue(kind: "mood", value: .text("fine"))],
             "participant p1's answer to walk#0: mood is no question of the task's version"),
            ("2026-03-01", [OutcomeValue(kind: "outside", value: .preferNotToAnswer)],
             "participant p1's answer to walk#0: outside was declined, and the question offers no \"prefer not to answer\""),
        ]
        for (enrolledOn, values, says) in cases {
            let file = try craftedStore(enrolledOn: enrolledOn, values: values)
            try expectRefused(file, saying: says)
        }
        let steps = [OutcomeValue(kind: "steps", value: .integer(5000), unit: "steps")]
        try expectRefused(craftedStore(occurrence: 99_999, values: steps), saying: "participant p1's answer to walk#99999: "
                          + "the task's schedule gives this participant no occurrence 99999 on 2026-03-01")
        try expectRefused(craftedStore(movedBy: 1, values: steps), saying: "participant p1's answer to walk#0: the task's "
                          + "schedule gives this participant no occurrence 0 on 2026-03-02")
        let grant = PermissionGrant(participantID: "p1", permissionID: "shareEverything", kind: "health", granted: true,
                                    recordedAt: Fixtures.instant("2026-03-01T12:30:00Z"))
        try expectRefused(craftedStore(values: steps, grants: [grant]),
                          saying: "participant p1's permission answer 'shareEverything' (health): the study asks for no such permission")
        // The same file with an answer the study could have given is imported.
        let good = try craftedStore(values: [OutcomeValue(kind: "steps", value: .integer(5000), unit: "steps"),
                                             OutcomeValue(kind: "outside", value: .boolean(false))])
        #expect(runImport(good).status == 0)
    }

    @Test func aFileWithAProblemInEveryRowIsToldOfInFiftyLines() throws {
        let file = try craftedStore(values: (0..<60).map { OutcomeValue(kind: "x\($0)", value: .text("y")) })
        let run = runImport(file)
        #expect(run.status == 1)
        #expect(run.error.components(separatedBy: "error: \(file): ").count - 1 == 51)
        #expect(run.error.contains("error: \(file): and 11 more problems like these\n"))
    }

    /// Checks the import of `file` is refused, saying `says` (the start of the line, unless `whole`), and merges nothing.
    func expectRefused(_ file: String, saying says: String, whole: Bool = true) throws {
        let run = runImport(file)
        #expect(run.status == 1)
        #expect(run.error.contains("error: \(file): \(says)" + (whole ? "\n" : "")), "\(run.error.prefix(600))")
        let merged = FileManager.default.fileExists(atPath: target) ? try CareStore(path: target).outcomes() : []
        #expect(merged.isEmpty, "nothing of a refused file is merged")
    }
}
