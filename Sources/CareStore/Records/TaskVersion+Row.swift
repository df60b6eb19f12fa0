import CareModel

extension TaskVersion {
    /// Reads a row of `task_versions`.
    init(row: Row) throws {
        self.init(taskID: try row.text("task_id"), version: try row.int("version"),
                  effectiveFrom: try row.optionalLocalDate("effective_from"), definition: try row.text("definition"),
                  recordedAt: try row.date("recorded_at"))
    }
}
