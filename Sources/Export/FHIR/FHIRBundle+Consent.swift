import CareModel
import StudyModel
import Foundation
import Support

/// Consent records as `Consent`s: the signed document as an attachment,
/// with the SHA-1 FHIR asks for and the SHA-256 CareFeed records, and the
/// participant's permission choices as provisions.
extension FHIRBundle {
    func consent(_ record: ConsentRecord) -> Entry {
        let id = uuid("Consent", record.participantID, record.documentID, record.version, Timestamp.utc(record.signedAt))
        let data = Array(record.html.markup.utf8)
        let withdrawal = export.withdrawals.first { $0.participantID == record.participantID }
        // A later signature of the same document replaces this one, as re-consent does.
        let isSuperseded = export.consentRecords.contains {
            $0.participantID == record.participantID && $0.documentID == record.documentID && $0.signedAt > record.signedAt
        }
        let zone = record.timeZone
        // Records from before languages were kept are in the study's own.
        let language = record.language ?? plan.study.ownLanguage.tag.identifier
        let title = plan.study.consentDocument(record.documentID)?.title
        let attachment: JSON = [
            "contentType": "text/html", "language": .string(language),
            "data": .string(Data(data).base64EncodedString()), "size": .integer(data.count),
            "hash": .string(Data(SHA1.digest(data)).base64EncodedString()),
            "title": .string("\(title ?? record.documentID), version \(record.version)"),
            "creation": .string(Timestamp.local(record.signedAt, in: zone)),
            "extension": [["url": .string(FHIRTerms.sha256Extension), "valueString": .string(record.sha256)]],
        ]
        let period: JSON = ["start": .string(Timestamp.local(record.signedAt, in: zone)),
                            "end": withdrawal.map { .string(Timestamp.local($0.withdrawnAt, in: zone)) }]
        let reason = export.names ? withdrawal?.reason : nil
        return Entry(id: id, resource: [
            "resourceType": "Consent", "id": .string(id), "language": .string(language),
            "status": withdrawal != nil || isSuperseded ? "inactive" : "active",
            "scope": ["coding": [["system": "http://terminology.hl7.org/CodeSystem/consentscope", "code": "research",
                                  "display": "Research"]]],
            "category": [["coding": [["system": .string(FHIRTerms.loinc), "code": "59284-0", "display": "Patient Consent"]]],
                         ["coding": [["system": "http://terminology.hl7.org/CodeSystem/consentcategorycodes",
                                      "code": "research", "display": "Research Information Access"]]]],
            "patient": patientReference(record.participantID),
            "performer": [patientReference(record.participantID)],
            "dateTime": .string(Timestamp.local(record.signedAt, in: zone)),
            "policy": [["uri": .string(FHIRTerms.policyURI(document: record.documentID, version: record.version))]],
            "sourceAttachment": attachment,
            "provision": ["type": "permit", "period": period,
                          "provision": .list(choices(of: record.participantID))],
            "extension": reason.map { [["url": .string(FHIRTerms.withdrawalReasonExtension), "valueString": .string($0)]] },
        ])
    }

    /// The participant's permission choices in force, the latest for each
    /// permission: allowed or not, from when. A health permission also
    /// names the form items and tasks whose values it shares.
    func choices(of participantID: String) -> [JSON] {
        let items = Dictionary(plan.study.tasks.flatMap(\.survey).flatMap { step -> [(String, PermissionItem)] in
            if case .permissions(let permissions) = step { permissions.items.map { ($0.id, $0) } } else { [] }
        }, uniquingKeysWith: { first, _ in first })
        return Sharing.choicesInForce(participantID: participantID, grants: export.permissionGrants).map { grant in
            let id = grant.permissionID
            let item = items[id]
            let permission: JSON = ["coding": [["system": .string(FHIRTerms.permissionSystem), "code": .string(id),
                                                "display": item.map { .string($0.title) }]],
                                    "text": .string(item?.title ?? id)]
            // A type names a task (all its values) or a form item (that value in any task).
            let data: [JSON] = (item?.kind == .health ? item?.types ?? [] : []).map { type in
                let system = plan.study.task(type) == nil ? FHIRTerms.formItemSystem : FHIRTerms.taskSystem
                return ["coding": [["system": .string(system), "code": .string(type)]]]
            }
            return ["type": grant.granted ? "permit" : "deny",
                    "period": ["start": .string(Timestamp.local(grant.recordedAt, in: zone(participantID)))],
                    "code": .array([permission] + data)]
        }
    }
}
