import CareModel
import Content

/// What a participant shares with the study team: the one place that
/// decides which of their values may leave their own computer, for the
/// clinicians' site and every export.
///
/// Each health permission the study asks for names types: a form item's id
/// (that value, in any task) or a task's id (all that task's values). The
/// types of a permission whose latest answer is not "granted", or that was
/// never answered, are not shared: nothing is pre-chosen. Values no health
/// permission names are shared, as the consent covers them.
public struct Sharing: Hashable, Sendable {
    /// Task ids and value kinds the participant has not shared.
    public let withheld: Set<String>

    /// Shares every value: what the participant sees of their own data.
    public static let everything = Sharing(withheld: [])

    public init(withheld: Set<String>) {
        self.withheld = withheld
    }

    /// - Parameters:
    ///   - permissions: each health permission's id and the types it names.
    ///   - grants: the store's grants; only `participantID`'s count, the
    ///     latest for each permission being the one in force.
    public init(permissions: [(id: String, types: [String])], participantID: String, grants: [PermissionGrant]) {
        var latest: [String: PermissionGrant] = [:]
        for grant in grants where grant.participantID == participantID {
            if let current = latest[grant.permissionID], (current.recordedAt, current.id) > (grant.recordedAt, grant.id) {
                continue
            }
            latest[grant.permissionID] = grant
        }
        var withheld: Set<String> = []
        for permission in permissions where latest[permission.id]?.granted != true {
            withheld.formUnion(permission.types)
        }
        self.withheld = withheld
    }

    /// The sharing of `participantID` under the health permissions of `plan`'s surveys.
    public init(plan: CarePlan, participantID: String, grants: [PermissionGrant]) {
        self.init(permissions: Self.healthPermissions(of: plan.allDefinitions), participantID: participantID, grants: grants)
    }

    /// Every health permission the surveys of `tasks` ask for, each with the
    /// types of all its definitions together: a permission declined under
    /// one wording keeps covering what it covered, after an edit narrows it
    /// or removes it, so no edit of the content can bring declined data back.
    public static func healthPermissions(of tasks: [StudyTask]) -> [(id: String, types: [String])] {
        var order: [String] = []
        var types: [String: [String]] = [:]
        for step in tasks.flatMap(\.survey) {
            guard case .permissions(let permissions) = step else { continue }
            for item in permissions.items where item.kind == .health {
                if types[item.id] == nil { order.append(item.id) }
                for type in item.types where !(types[item.id] ?? []).contains(type) {
                    types[item.id, default: []].append(type)
                }
            }
        }
        return order.map { ($0, types[$0] ?? []) }
    }

    public var sharesEverything: Bool { withheld.isEmpty }

    /// Whether a value of `kind` answered in task `taskID` is shared.
    public func isShared(taskID: String, kind: String) -> Bool {
        !withheld.contains(taskID) && !withheld.contains(kind)
    }

    public func isShared(_ series: ChartSeries) -> Bool {
        isShared(taskID: series.task, kind: series.value)
    }

    /// The outcome with only its shared values.
    public func shared(_ outcome: Outcome) -> Outcome {
        guard !withheld.isEmpty else { return outcome }
        var shared = outcome
        shared.values = outcome.values.filter { isShared(taskID: outcome.taskID, kind: $0.kind) }
        return shared
    }

    /// The kinds of `outcome`'s values that are not shared, in order, each once.
    public func notShared(_ outcome: Outcome) -> [String] {
        var kinds: [String] = []
        for value in outcome.values where !isShared(taskID: outcome.taskID, kind: value.kind) && !kinds.contains(value.kind) {
            kinds.append(value.kind)
        }
        return kinds
    }
}
