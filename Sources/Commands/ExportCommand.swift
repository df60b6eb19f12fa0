import CareModel
import CareStore
import Content
import Export
import Feed
import Foundation
import StudyModel

/// `carefeed export`: the store as JSON, CSV or a FHIR R4 Bundle on standard output.
enum ExportCommand {
    static let help = """
    Usage: carefeed export [--content DIR] [--store FILE] [--format json|csv|fhir] [--participant ID] [--names]
           carefeed export --format datapackage --out DIR [--content DIR] [--store FILE] [--today DATE] [--names]

    Writes participants, outcomes (deleted ones with their tombstone time),
    consent records, permission grants and withdrawals (whether a reason was
    given; the reason itself only with --names) to standard output: participants
    by study ID, and only the answers they chose to share, as the study's
    health permissions in the content ask. Others are said to be "not shared",
    or "not chosen yet" where the participant has not answered the permission:
    JSON lists them under notShared and notChosen, CSV leaves the value empty
    and says why in its missing column.

      --content DIR       the study's content (default content)
      --store FILE        the care store (default .carefeed/care.sqlite)
      --format json|csv|fhir
                          json (default): one document; csv: RFC 4180 with a
                          header row and one value per row, where text a
                          spreadsheet would run as a formula starts with ';
                          fhir: one FHIR R4 Bundle (collection) of Patients,
                          Questionnaires, QuestionnaireResponses, Observations
                          and Consents; datapackage: a Frictionless Data
                          Package in --out DIR, datapackage.json with a Table
                          Schema for each CSV: participants, consents, grants,
                          withdrawals, task versions, every scheduled event,
                          and one per task (surveys, taps and logs)
      --out DIR           where the data package goes: a new or empty folder,
                          or one holding an earlier package, which is replaced
      --today DATE        the day the data package is as of, for every
                          participant (default: each one's own today)
      --participant ID    only this participant's records
      --names             also write names, printed names, signatures and
                          withdrawal reasons, for a team allowed to see them
    """

    static func run(_ arguments: Arguments, console: Console, now: Date) throws -> ExitStatus {
        let format = arguments["format"] ?? "json"
        guard ["json", "csv", "fhir", "datapackage"].contains(format) else {
            throw UsageError("--format needs json, csv, fhir or datapackage, not '\(format)'")
        }
        let out = arguments["out"]
        if format == "datapackage" && out == nil {
            throw UsageError("--format datapackage needs --out DIR, the folder the package is written to")
        }
        let fixedToday = try arguments.parse("today", as: "a date YYYY-MM-DD", { LocalDate(iso: $0) })
        if format != "datapackage" && fixedToday != nil {
            throw UsageError("--today is for --format datapackage; the other formats hold records, not days")
        }
        if format != "datapackage" && out != nil {
            throw UsageError("--out is for --format datapackage; the other formats go to standard output")
        }
        let path = arguments["store"] ?? Defaults.store
        guard FileManager.default.fileExists(atPath: path) else {
            console.error("error: no care store at \(path); run `carefeed demo` or `carefeed serve` to create one, or pass --store FILE\n")
            return .dataError
        }
        // The content's health permissions decide what is shared: without
        // a study that checks, nothing is written.
        let content = ContentLoader.load(directory: arguments["content"] ?? Defaults.content, publicDirectory: nil)
        console.report(content.diagnostics)
        guard let study = content.study else { return .dataError }
        let store = try CareStore(path: path)
        defer { store.close() }
        let plan = try CarePlan(study: study, versions: try store.taskVersions())
        var participants = try store.participants()
        if let participant = arguments["participant"] {
            guard participants.contains(where: { $0.id == participant }) else {
                console.error("error: the store at \(path) has no participant '\(participant)'\n")
                return .dataError
            }
            participants = participants.filter { $0.id == participant }
        }
        // Each participant as the study team sees them: what they did not share is never read into the export.
        let views = try participants.map { participant in
            ParticipantView(participant: participant, records: try store.records(participantID: participant.id, includingAuditLog: false),
                            plan: plan, today: fixedToday ?? participant.today(at: now), audience: .studyTeam)
        }
        let export = StudyExport(views: views, healthPermissions: SharingRule.healthPermissions(of: plan.allDefinitions),
                                 names: arguments.has("names"), plan: plan)
        switch format {
        case "datapackage":
            guard let out else { return .usage }
            return try write(DataPackage(export: export, plan: plan, now: now, fixedToday: fixedToday).files(), to: out, console: console)
        case "csv": console.out(export.csv())
        case "fhir": console.out(try export.fhirBundle(plan: plan))
        default: console.out(try export.json())
        }
        return .success
    }

    /// Writes the package's files into `folder`: a new or empty folder, or
    /// one whose `datapackage.json` says carefeed exported it, whose CSVs
    /// are then replaced. Each file is written whole, then renamed; the
    /// descriptor last.
    static func write(_ files: [DataPackage.File], to folder: String, console: Console) throws -> ExitStatus {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: folder, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                console.error("error: \(folder) is a file; give a new or empty folder for the data package\n")
                return .dataError
            }
            let entries = try manager.contentsOfDirectory(atPath: folder)
            guard entries.isEmpty || DataPackage.isOurs(folder + "/datapackage.json") else {
                console.error("error: \(folder) holds other files (\(entries.sorted().prefix(3).joined(separator: ", "))); "
                              + "give a new or empty folder, or one holding a data package carefeed exported\n")
                return .dataError
            }
            // Where a file goes, nothing but an earlier file may stand: a folder or a link there is the user's, not ours.
            for file in files {
                let path = folder + "/" + file.path
                guard let kind = try? manager.attributesOfItem(atPath: path)[.type] as? FileAttributeType else { continue }
                guard kind == .typeRegular else {
                    console.error("error: \(path) is \(kind == .typeDirectory ? "a folder" : "not a file"), where the package "
                                  + "writes its \(file.path); move it away, or give another folder\n")
                    return .dataError
                }
            }
            // An earlier package's CSVs that this one does not write are removed, so none is stale.
            let written = Set(files.map(\.path))
            for entry in entries where entry.hasSuffix(".csv") && !written.contains(entry) {
                try manager.removeItem(atPath: folder + "/" + entry)
            }
        } else {
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        // The tables first, each whole, and the descriptor last: a package cut short never describes tables it lacks.
        for file in files.filter({ $0.path != "datapackage.json" }) + files.filter({ $0.path == "datapackage.json" }) {
            do {
                try Data(file.text.utf8).write(to: URL(fileURLWithPath: folder + "/" + file.path), options: .atomic)
            } catch {
                let reason = (error as NSError).localizedFailureReason ?? "the disk refused it"
                console.error("error: could not write \(folder)/\(file.path) (\(reason)); check that the folder can be written "
                              + "and the disk has room, then export again\n")
                return .dataError
            }
        }
        let tables = files.filter { $0.path.hasSuffix(".csv") }.count
        console.out("Wrote a data package of \(tables) tables to \(folder)/datapackage.json, with load.py and load.R to read it\n")
        return .success
    }
}
