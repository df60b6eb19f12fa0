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

    Writes participants, outcomes (deleted ones with their tombstone time),
    consent records and permission grants to standard output: participants
    by study ID, and only the answers they chose to share, as the study's
    health permissions in the content ask. Others read "not shared", or
    "not chosen yet" where the participant has not answered the permission.

      --content DIR       the study's content (default content)
      --store FILE        the care store (default .carefeed/care.sqlite)
      --format json|csv|fhir
                          json (default): one document; csv: RFC 4180 with a
                          header row and one value per row, where text a
                          spreadsheet would run as a formula starts with ';
                          fhir: one FHIR R4 Bundle (collection) of Patients,
                          Questionnaires, QuestionnaireResponses, Observations
                          and Consents
      --participant ID    only this participant's records
      --names             also write names, printed names and signatures, for a
                          team allowed to see them
    """

    static func run(_ arguments: Arguments, console: Console) throws -> ExitStatus {
        let format = arguments["format"] ?? "json"
        guard ["json", "csv", "fhir"].contains(format) else {
            throw UsageError("--format needs json, csv or fhir, not '\(format)'")
        }
        let path = arguments["store"] ?? Defaults.store
        guard FileManager.default.fileExists(atPath: path) else {
            console.error("error: no care store at \(path); run `carefeed demo` or `carefeed serve` to create one, or pass --store FILE\n")
            return .dataError
        }
        // The content's health permissions decide what is shared: without
        // a study that checks, nothing is written.
        let content = ContentLoader.load(directory: arguments["content"] ?? Defaults.content, publicDirectory: nil)
        for diagnostic in content.diagnostics {
            console.error(diagnostic.withReference + "\n")
        }
        guard let study = content.study else { return .dataError }
        let store = try CareStore(path: path)
        defer { store.close() }
        let plan = try CarePlan(study: study, versions: try store.taskVersions())
        var export = StudyExport(participants: try store.participants(),
                                 outcomes: try store.outcomes(includeDeleted: true),
                                 consentRecords: try store.consentRecords(),
                                 permissionGrants: try store.permissionGrants(),
                                 withdrawals: try store.withdrawals(),
                                 healthPermissions: SharingRule.healthPermissions(of: plan.allDefinitions),
                                 names: arguments.has("names"), plan: plan)
        if let participant = arguments["participant"] {
            guard export.participants.contains(where: { $0.id == participant }) else {
                console.error("error: the store at \(path) has no participant '\(participant)'\n")
                return .dataError
            }
            export = export.only(participantID: participant)
        }
        switch format {
        case "csv": console.out(export.csv())
        case "fhir": console.out(try export.fhirBundle(plan: plan))
        default: console.out(try export.json())
        }
        return .success
    }
}
