import CareStore
import Export
import HTTP

/// The participant's own copy of their data, to take to their surgeon or
/// send to the team: every answer (their copy shares everything with them),
/// consent records, permission choices and a withdrawal, as a FHIR R4
/// Bundle with their name, downloaded as a file.
struct MyDataDownload {
    let store: CareStore

    func response(_ context: RequestContext) throws -> HTTPResponse {
        let id = context.participant.id
        // Their own view: everything they gave is theirs to take.
        let export = StudyExport(views: [context.snapshot.view], healthPermissions: [], names: true, plan: context.ownPlan)
        // The id is checked to be letters, digits, '-' and '_', so it needs no quoting in the header.
        return HTTPResponse(status: .ok, headers: [("Content-Type", "application/fhir+json"),
                                                   ("Content-Disposition", "attachment; filename=\"my-data-\(id).json\"")],
                            body: .bytes(Array(try export.fhirBundle(plan: context.plan).utf8)))
    }
}
