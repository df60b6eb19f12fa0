import CareModel
import StudyModel
import Feed
import Foundation

extension StudyExport {
    /// One FHIR R4 `Bundle` of type `collection`, pretty-printed with sorted
    /// keys: a `Patient` per participant (the study ID only, unless `names`),
    /// a `Questionnaire` per task version, a `Consent` per consent record, a
    /// `QuestionnaireResponse` per live outcome and an `Observation` per
    /// numeric or scale value. Each entry's `urn:uuid:` is made from the
    /// record itself, so the same data gives the same bytes. Values the
    /// participant did not share are left out, as in every export.
    ///
    /// - Parameter plan: the study's tasks as the store versioned them, whose
    ///   forms give the questions and the types of the answers.
    public func fhirBundle(plan: CarePlan) throws -> String {
        try FHIRBundle(export: self, plan: plan).json().text()
    }
}

/// The resources of one Bundle, each a pure function of the export's records
/// and the plan's task definitions.
struct FHIRBundle {
    struct Entry {
        var id: String
        var resource: JSON
    }

    let export: StudyExport
    let plan: CarePlan
    let sharing: (Outcome) -> Sharing
    private let zones: [String: TimeZone]
    private let languages: [String: String]

    init(export: StudyExport, plan: CarePlan) {
        self.export = export
        self.plan = plan
        sharing = export.sharing()
        zones = Dictionary(export.participants.map { ($0.id, $0.timeZone) }, uniquingKeysWith: { first, _ in first })
        languages = Dictionary(export.participants.compactMap { participant in participant.language.map { (participant.id, $0) } },
                               uniquingKeysWith: { first, _ in first })
    }

    func json() -> JSON {
        var entries = export.participants.map(patient)
        entries += questionnaires()
        entries += export.consentRecords.map(consent)
        for outcome in export.outcomes where !outcome.isDeleted {
            entries += response(outcome)
        }
        return ["resourceType": "Bundle", "type": "collection",
                "entry": .list(entries.map { ["fullUrl": .string("urn:uuid:" + $0.id), "resource": $0.resource] })]
    }

    // MARK: Identity

    /// The entry id of a record: its resource type and what identifies it
    /// in the store, under the study's title.
    func uuid(_ resourceType: String, _ parts: String...) -> String {
        FHIRTerms.uuid([plan.study.title, resourceType] + parts)
    }

    func reference(_ id: String) -> JSON {
        ["reference": .string("urn:uuid:" + id)]
    }

    func patientReference(_ participantID: String) -> JSON {
        reference(uuid("Patient", participantID))
    }

    /// The participant's zone, for times with their offset; the study's for one not exported.
    func zone(_ participantID: String) -> TimeZone {
        zones[participantID] ?? plan.study.timeZone
    }

    /// The language a participant reads the study in: their choice, or the study's own.
    func language(_ participantID: String) -> String {
        languages[participantID] ?? plan.study.ownLanguage.tag.identifier
    }

    // MARK: Patient

    func patient(_ participant: Participant) -> Entry {
        let id = uuid("Patient", participant.id)
        return Entry(id: id, resource: [
            "resourceType": "Patient", "id": .string(id),
            "identifier": [["system": .string(FHIRTerms.participantSystem), "value": .string(participant.id)]],
            "name": export.names ? [["text": .string(participant.name)]] : nil,
        ])
    }
}
