import Foundation

/// One recorded version of a task definition, as the store keeps it.
public struct TaskVersion: Hashable, Sendable {
    public var taskID: String
    public var version: Int
    /// First local day it governs; nil for a task's first version.
    public var effectiveFrom: LocalDate?
    /// The definition as its owner serialized it.
    public var definition: String
    public var recordedAt: Date

    public init(taskID: String, version: Int, effectiveFrom: LocalDate?, definition: String, recordedAt: Date) {
        self.taskID = taskID
        self.version = version
        self.effectiveFrom = effectiveFrom
        self.definition = definition
        self.recordedAt = recordedAt
    }
}
