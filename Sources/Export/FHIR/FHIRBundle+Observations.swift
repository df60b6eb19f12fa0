import CareModel
import StudyModel
import Foundation

/// Numeric and scale answers as `Observation`s: pain with LOINC, every
/// value with CareFeed's own code for its form item, units in UCUM where
/// one exists.
extension FHIRBundle {
    /// Nil for a value that is not a number of a numeric or scale item
    /// (booleans, choices, text).
    func observation(_ value: OutcomeValue, index: Int, of outcome: Outcome, item: FormItem?, response: String) -> Entry? {
        switch item?.answer {
        case .scale?, .numeric?, nil: break
        case .boolean?, .choice?, .text?, .date?, .timeOfDay?: return nil
        }
        let number: JSON
        switch value.value {
        case .integer(let integer): number = .integer(integer)
        case .decimal(let decimal): number = .decimal(decimal)
        case .boolean, .text, .date, .time, .preferNotToAnswer: return nil
        }
        let id = uuid("Observation", outcome.participantID, outcome.taskID, FHIRTerms.occurrence(of: outcome), value.kind,
                      String(index))
        let isPain = FHIRTerms.isPainScore(kind: value.kind, format: item?.answer)
        let own: JSON = ["system": .string(FHIRTerms.formItemSystem), "code": .string(value.kind),
                         "display": item.map { .string($0.text) }]
        var resource: [String: JSON] = [
            "resourceType": "Observation", "id": .string(id), "status": "final",
            "category": [["coding": [["system": "http://terminology.hl7.org/CodeSystem/observation-category",
                                      "code": "survey", "display": "Survey"]]]],
            "code": ["coding": .array(isPain ? [FHIRTerms.pain, own] : [own]), "text": .string(item?.text ?? value.kind)],
            "subject": patientReference(outcome.participantID),
            "effectiveDateTime": .string(Timestamp.local(outcome.eventStart, in: zone(outcome.participantID))),
            "issued": .string(Timestamp.utc(outcome.createdAt)),
            "derivedFrom": [reference(response)],
        ]
        switch (value.unit, number) {
        case (nil, .integer):
            resource["valueInteger"] = number
        case (let unit?, _):
            var quantity: [String: JSON] = ["value": number, "unit": .string(unit)]
            if let code = FHIRTerms.ucum(unit) {
                quantity["system"] = .string(FHIRTerms.ucum)
                quantity["code"] = .string(code)
            }
            resource["valueQuantity"] = .object(quantity)
        default:
            resource["valueQuantity"] = ["value": number]
        }
        return Entry(id: id, resource: .object(resource))
    }

    /// A score as an `Observation` derived from the response whose answers
    /// it is computed from, coded with CareFeed's own code for the task's score.
    func scoreObservation(_ score: Score, value: OutcomeValue, of outcome: Outcome, response: String) -> Entry {
        let id = uuid("Observation", outcome.participantID, outcome.taskID, FHIRTerms.occurrence(of: outcome), "score", score.id)
        let resource: JSON = [
            "resourceType": "Observation", "id": .string(id), "status": "final",
            "category": [["coding": [["system": "http://terminology.hl7.org/CodeSystem/observation-category",
                                      "code": "survey", "display": "Survey"]]]],
            "code": ["coding": [["system": .string(FHIRTerms.scoreSystem(task: outcome.taskID)), "code": .string(score.id),
                                 "display": .string(score.label)]],
                     "text": .string(score.label)],
            "subject": patientReference(outcome.participantID),
            "effectiveDateTime": .string(Timestamp.local(outcome.eventStart, in: zone(outcome.participantID))),
            "issued": .string(Timestamp.utc(outcome.createdAt)),
            "valueQuantity": ["value": .decimal(value.value.number ?? 0)],
            "derivedFrom": [reference(response)],
        ]
        return Entry(id: id, resource: resource)
    }
}
