import CareModel
import Foundation

extension CareStore {
    /// Merges another CareFeed store (a participant's own, copied from their
    /// computer) into this one, in one transaction: all that is new, or
    /// nothing when anything contradicts what this store holds.
    ///
    /// The file is read as one snapshot, so a store a server is writing can
    /// be imported. Records keep their original times; participant ids are
    /// kept, and an outcome is known by participant, task, occurrence and
    /// creation time, never by its row id. Task versions are matched by
    /// definition, so the file's task versions must already be held here
    /// (record the study's current definitions first). Values covered by a
    /// `SharingRule` that the participant's latest answer does not grant are
    /// left out and counted; the latest answer is the latest of the file's
    /// and the study store's together, so an older copy imported after a
    /// newer one brings in nothing the newer one declined. Importing a file
    /// again adds nothing.
    ///
    /// Throws `ImportRefusal` naming both sides of every contradiction, or
    /// saying why the file is not a store this carefeed can read.
    @discardableResult
    public func importStore(at path: String, sharing: [SharingRule], at now: Date) throws -> ImportReport {
        if Self.samePath(path, self.path) {
            throw ImportRefusal(file: path, reasons: ["is the study's store itself; give a participant's store"])
        }
        let snapshot = try StoreSnapshot.read(path: path)
        return try write { database in
            let auditRowsBefore = try Self.auditRowCount(database)
            var merge = StoreMerge(database: database, snapshot: snapshot, sharing: sharing,
                                   report: ImportReport(file: path))
            try merge.run()
            guard merge.conflicts.isEmpty else {
                throw ImportRefusal(file: path, reasons: merge.conflicts)
            }
            var report = merge.report
            report.auditEntries = try Self.auditRowCount(database) - auditRowsBefore
            if !report.isEmpty {
                let leftOut = report.valuesNotShared > 0 ? "; \(report.valuesNotShared) values not shared left out" : ""
                try Self.audit(database, at: now, participantID: nil, action: .fileImport, subject: .file(path: path),
                               detail: report.summary + leftOut)
            }
            return report
        }
    }

    private static func auditRowCount(_ database: Database) throws -> Int {
        try database.query("SELECT count(*) AS rows FROM audit_log")[0].int("rows")
    }

    private static func samePath(_ one: String, _ other: String) -> Bool {
        func resolved(_ path: String) -> String { URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path }
        return resolved(one) == resolved(other)
    }
}

/// What a participant's store file holds, read as the import reads it, for
/// checking against the study before anything is merged.
public struct StoreFileRecords: Sendable {
    public var participants: [Participant]
    /// The file's own task versions, whose numbers its outcomes carry.
    public var taskVersions: [TaskVersion]
    /// Live and deleted outcomes, with their values.
    public var outcomes: [Outcome]
    public var permissionGrants: [PermissionGrant]
    /// Every value its participants' dates were given, in the order given.
    public var dateChanges: [DateChange] = []

    /// Reads the store file at `path`; throws `ImportRefusal` as an import would.
    public static func read(_ path: String) throws -> StoreFileRecords {
        let snapshot = try StoreSnapshot.read(path: path)
        return StoreFileRecords(participants: snapshot.participants, taskVersions: snapshot.taskVersions,
                                outcomes: snapshot.outcomes.map { source in
                                    var outcome = source.outcome
                                    outcome.values = source.values.map(\.value)
                                    return outcome
                                }, permissionGrants: snapshot.permissionGrants, dateChanges: snapshot.dateChanges)
    }
}
