import CareModel
import StudyModel
import Foundation
import Support

/// The URLs, code systems and codes a CareFeed FHIR Bundle uses, in one
/// place: HL7's and LOINC's where a standard code exists, CareFeed's own
/// (under `base`, a placeholder host) where none does.
enum FHIRTerms {
    static let base = "http://carefeed.example/fhir"
    /// A participant's study ID, the only identifier a Patient carries.
    static let participantSystem = base + "/participant"
    /// A form item's id (the kind of its stored value): `pain`, `sleep`, `range`.
    static let formItemSystem = base + "/CodeSystem/form-item"
    /// A task's id: `checkIn`, `rangeOfMotion`.
    static let taskSystem = base + "/CodeSystem/task"
    /// The scores of one task, each coded by its id.
    static func scoreSystem(task: String) -> String { base + "/CodeSystem/score/" + task }
    /// A permission item's id in the onboarding survey: `shareHealthData`, `reminders`.
    static let permissionSystem = base + "/CodeSystem/permission"
    /// An outcome's identity in the store: participant, task and occurrence, and a log entry's number.
    static let outcomeSystem = base + "/outcome"
    /// The lowercase hex SHA-256 of a signed consent document, as CareFeed records and shows it.
    static let sha256Extension = base + "/StructureDefinition/sha256"
    /// The participant's own words on withdrawing.
    static let withdrawalReasonExtension = base + "/StructureDefinition/withdrawal-reason"

    static let loinc = "http://loinc.org"
    static let ucum = "http://unitsofmeasure.org"

    /// `7` or `2.5`: a number as FHIR and FHIRPath write it.
    static func plain(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }

    static func questionnaireURL(_ taskID: String) -> String { base + "/Questionnaire/" + taskID }

    /// The codes of a choice item's stored values.
    static func choiceSystem(task: String, item: String) -> String { base + "/CodeSystem/\(task)-\(item)" }

    /// The policy a consent record follows: its document and version.
    static func policyURI(document: String, version: String) -> String {
        let segment = version.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"]))
        return base + "/consent/\(document)/" + (segment ?? version)
    }

    static let pain: JSON = ["system": .string(loinc), "code": "72514-3",
                             "display": "Pain severity - 0-10 verbal numeric rating [Score] - Reported"]

    /// A 0–10 pain scale answered as a whole number, which LOINC 72514-3 names.
    static func isPainScore(kind: String, format: AnswerFormat?) -> Bool {
        guard kind == "pain", case .scale(0, 10, let step, _, _)? = format else { return false }
        return step == step.rounded()
    }

    /// The UCUM code of a unit as content writes it, where one exists.
    static func ucum(_ unit: String) -> String? {
        switch unit.lowercased() {
        case "hours", "hour", "hrs", "hr", "h": "h"
        case "minutes", "minute", "mins", "min": "min"
        case "seconds", "second", "secs", "sec", "s": "s"
        case "days", "day", "d": "d"
        case "weeks", "week", "wk": "wk"
        case "degrees", "degree", "deg", "°": "deg"
        case "kilograms", "kilogram", "kg": "kg"
        case "centimetres", "centimeters", "centimetre", "centimeter", "cm": "cm"
        case "metres", "meters", "metre", "meter", "m": "m"
        case "percent", "%": "%"
        case "beats per minute", "bpm", "/min": "/min"
        default: nil
        }
    }

    /// Whether `text` is a FHIR `code`: no leading, trailing or doubled whitespace.
    static func isCode(_ text: String) -> Bool {
        !text.isEmpty && text.split(separator: " ", omittingEmptySubsequences: false).allSatisfy {
            !$0.isEmpty && !$0.contains(where: \.isWhitespace)
        }
    }

    /// A name-based UUID (RFC 9562 version 5, SHA-1) of `parts`: the same
    /// record gives the same `urn:uuid:` in every export.
    static func uuid(_ parts: [String]) -> String {
        var bytes = namespace
        bytes += Array(parts.joined(separator: "\u{1F}").utf8)
        var digest = Array(SHA1.digest(bytes).prefix(16))
        digest[6] = digest[6] & 0x0f | 0x50
        digest[8] = digest[8] & 0x3f | 0x80
        let hex = digest.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }
        return [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]].map { $0.joined() }.joined(separator: "-")
    }

    /// CareFeed's own namespace for name-based UUIDs, chosen once at random.
    private static let namespace: [UInt8] = [0x5c, 0x2e, 0x8b, 0x61, 0x0d, 0x4f, 0x4a, 0x3e,
                                             0x9b, 0x7a, 0x1e, 0x62, 0xc4, 0x30, 0x95, 0xd7]

    /// `12`, or `12/3` for a log's fourth entry of occurrence 12: what tells an outcome from every other of its task.
    static func occurrence(of outcome: Outcome) -> String {
        outcome.entry.map { "\(outcome.occurrence)/\($0)" } ?? String(outcome.occurrence)
    }
}
