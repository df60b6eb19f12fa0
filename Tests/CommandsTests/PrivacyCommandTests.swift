import CareModel
import CareStore
import Foundation
import Testing
import TestSupport

/// `build` and `export` as a study team runs them: study IDs unless
/// `--names`, and nothing a participant declined to share.
@Suite struct PrivacyCommandTests {
    let directory: TemporaryDirectory
    let store: String
    /// Every demo participant's name and every printed name they signed with.
    let names: [String]

    init() throws {
        directory = try TemporaryDirectory()
        store = directory.path + "/care.sqlite"
        let demo = Run("demo", "--content", TestStudy.content, "--store", store, "--participants", "6", "--days", "20",
                       "--today", "2026-03-20")
        #expect(demo.status == 0, "\(demo.error)")
        let opened = try CareStore(path: store)
        defer { opened.close() }
        names = Array(Set(try opened.participants().map(\.name) + opened.consentRecords().map(\.printedName))).sorted()
        #expect(names.count >= 6)
    }

    func build(_ out: String, _ extra: String...) -> Run {
        let arguments = ["build", "--content", TestStudy.content, "--public", TestStudy.publicFolder, "--store", store,
                         "--out", directory.path + "/" + out, "--today", "2026-03-20"] + extra
        return Run(arguments)
    }

    /// Every file of a site as text.
    func files(_ out: String) -> [String: String] {
        let root = directory.path + "/" + out
        var files: [String: String] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: root)! {
            if let data = FileManager.default.contents(atPath: root + "/" + path) {
                files[path] = String(decoding: data, as: UTF8.self)
            }
        }
        return files
    }

    @Test func aSiteBuiltWithoutNamesHoldsNoParticipantsNameInAnyFile() throws {
        let built = build("Site")
        #expect(built.status == 0, "\(built.error)")
        let files = files("Site")
        #expect(files.count > 100)
        for (path, text) in files {
            for name in names {
                #expect(!text.contains(name), "\(path) holds \(name)")
            }
        }
    }

    @Test func aSiteBuiltWithNamesShowsEachOnTheIndex() throws {
        let built = build("Named", "--names")
        #expect(built.status == 0, "\(built.error)")
        let index = try #require(files("Named")["index.html"])
        let opened = try CareStore(path: store)
        defer { opened.close() }
        for participant in try opened.participants() {
            #expect(index.contains(">\(participant.name)</a>"))
        }
    }

    @Test func exportWithoutNamesHoldsNoNameInEitherFormat() throws {
        for format in ["json", "csv"] {
            let export = Run("export", "--content", TestStudy.content, "--store", store, "--format", format)
            #expect(export.status == 0, "\(export.error)")
            for name in names {
                #expect(!export.out.contains(name), "\(format) holds \(name)")
            }
            let named = Run("export", "--content", TestStudy.content, "--store", store, "--format", format, "--names")
            #expect(names.allSatisfy(named.out.contains))
        }
    }

    @Test func aFHIRExportNamesPatientsOnlyWithNames() throws {
        let export = Run("export", "--content", TestStudy.content, "--store", store, "--format", "fhir")
        #expect(export.status == 0, "\(export.error)")
        for name in names {
            #expect(!export.out.contains(name), "the Bundle holds \(name)")
        }
        let named = Run("export", "--content", TestStudy.content, "--store", store, "--format", "fhir", "--names")
        let opened = try CareStore(path: store)
        defer { opened.close() }
        for participant in try opened.participants() {
            #expect(named.out.contains("\"text\" : \"\(participant.name)\""))
        }
    }

    @Test func exportAfterADeclinedShareWritesNoneOfThatParticipantsValues() throws {
        let opened = try CareStore(path: store)
        try opened.addPermissionGrant(PermissionGrant(participantID: "r001", permissionID: "shareHealthData", kind: "health",
                                                      granted: false, recordedAt: Fixtures.instant("2026-03-20T12:00:00Z")))
        opened.close()
        let csv = Run("export", "--content", TestStudy.content, "--store", store, "--format", "csv", "--participant", "r001")
        // The permission covers pain, sleep, range of motion and pain medicine; the exercises and
        // the icing are taps the consent covers, shared as they are.
        let declined: Set<Substring> = ["checkIn", "rangeOfMotion", "painMedicine"]
        let rows = csv.out.split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let values = rows.filter { $0.first == "outcome" && declined.contains($0[2]) }
        #expect(!values.isEmpty)
        #expect(values.allSatisfy { $0[7].isEmpty && $0[9] == "not shared" })
        #expect(rows.filter { $0.first == "outcome" && !declined.contains($0[2]) }.allSatisfy { $0[6] == "done" })
        let json = Run("export", "--content", TestStudy.content, "--store", store, "--participant", "r001")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let outcomes = try #require(document["outcomes"] as? [[String: Any]])
            .filter { declined.contains(Substring($0["task"] as? String ?? "")) }
        #expect(!outcomes.isEmpty && outcomes.allSatisfy { ($0["values"] as? [Any])?.isEmpty == true })
        #expect(json.out.contains("\"notShared\""))
        let fhir = Run("export", "--content", TestStudy.content, "--store", store, "--format", "fhir", "--participant", "r001")
        #expect(fhir.out.contains("\"QuestionnaireResponse\""))
        #expect(!fhir.out.contains("\"Observation\""))
    }

    @Test func exportRefusesContentThatDoesNotLoad() {
        let export = Run("export", "--content", directory.path + "/nothing", "--store", store)
        #expect(export.status == 1)
        #expect(export.out.isEmpty)
    }
}
