/// What one import added to the study's store, by kind of record.
public struct ImportReport: Hashable, Sendable {
    public var file: String
    public var participants = 0
    public var outcomes = 0
    /// Deletions newly known: tombstones set on outcomes already held, and
    /// outcomes added already deleted.
    public var tombstones = 0
    public var values = 0
    public var consentRecords = 0
    public var permissionGrants = 0
    public var withdrawals = 0
    public var auditEntries = 0
    /// Values of a data type the participant did not share, left out.
    public var valuesNotShared = 0

    public init(file: String) {
        self.file = file
    }

    /// True when the file held nothing the study's store did not.
    public var isEmpty: Bool {
        [participants, outcomes, tombstones, values, consentRecords, permissionGrants, withdrawals,
         auditEntries].allSatisfy { $0 == 0 }
    }

    /// `2 participants, 14 outcomes (1 deleted), 1 consent record`: what was added, nothing for none.
    public var summary: String {
        var parts: [String] = []
        func add(_ count: Int, _ one: String, _ many: String) {
            if count > 0 { parts.append("\(count) \(count == 1 ? one : many)") }
        }
        add(participants, "participant", "participants")
        add(outcomes, "outcome", "outcomes")
        add(tombstones, "deletion", "deletions")
        add(values, "value", "values")
        add(consentRecords, "consent record", "consent records")
        add(permissionGrants, "permission answer", "permission answers")
        add(withdrawals, "withdrawal", "withdrawals")
        add(auditEntries, "audit entry", "audit entries")
        return parts.joined(separator: ", ")
    }
}

/// Why a file was not imported, each reason naming both sides where two
/// records disagree. Nothing from the file was imported.
public struct ImportRefusal: Error, CustomStringConvertible, Equatable {
    public var file: String
    public var reasons: [String]

    public init(file: String, reasons: [String]) {
        self.file = file
        self.reasons = reasons
    }

    public var description: String {
        reasons.map { "\(file): \($0)" }.joined(separator: "\n")
    }
}
