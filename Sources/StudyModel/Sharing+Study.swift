import CareModel

extension SharingRule {
    /// Every health permission the surveys of `tasks` ask for, in the order
    /// first asked, each with the types of all its definitions together: a
    /// permission declined under one wording keeps covering what it covered,
    /// after an edit narrows it or removes it, so no edit of the content can
    /// bring declined data back. A score is covered by every permission
    /// that covers one of its items.
    public static func healthPermissions(of tasks: [StudyTask]) -> [SharingRule] {
        var order: [String] = []
        var types: [String: Set<String>] = [:]
        for step in tasks.flatMap(\.survey) {
            guard case .permissions(let permissions) = step else { continue }
            for item in permissions.items where item.kind == .health {
                if types[item.id] == nil { order.append(item.id) }
                types[item.id, default: []].formUnion(item.types)
            }
        }
        // A score tells of every item it is computed from: it goes where all of them go.
        let scores = tasks.flatMap { $0.scores ?? [] }
        for permission in order {
            let covered = types[permission] ?? []
            for score in scores where !covered.isDisjoint(with: score.items) {
                types[permission, default: []].insert(score.id)
            }
        }
        return order.map { SharingRule(permissionID: $0, types: types[$0] ?? []) }
    }
}

extension Sharing {
    /// The sharing of `participantID` under the health permissions of `plan`'s surveys, every version of them.
    public init(plan: CarePlan, participantID: String, grants: [PermissionGrant]) {
        self.init(rules: SharingRule.healthPermissions(of: plan.allDefinitions), participantID: participantID, grants: grants)
    }

    public func isShared(_ series: ChartSeries) -> Bool {
        isShared(taskID: series.task, kind: series.value)
    }

    public func withholding(_ series: ChartSeries) -> Withholding? {
        withholding(taskID: series.task, kind: series.value)
    }
}
