/// A health permission of the study and the data it covers: `types` names
/// form items (outcome value kinds, in any task) or tasks (all of that
/// task's values).
public struct SharingRule: Hashable, Sendable {
    public var permissionID: String
    public var types: Set<String>

    public init(permissionID: String, types: Set<String>) {
        self.permissionID = permissionID
        self.types = types
    }
}

/// What a participant shares with the study team: the one place that
/// decides which of their values may leave their own computer, for the
/// study's store on import, the clinicians' site and every export.
///
/// Each health permission the study asks for is a `SharingRule`. The
/// types of a permission whose latest answer is not "granted", or that was
/// never answered, are not shared: nothing is pre-chosen. Values no health
/// permission names are shared, as the consent covers them. Pages and
/// exports tell a recorded decline from a choice not made yet (a
/// participant who has not joined has declined nothing).
public struct Sharing: Hashable, Sendable {
    /// Why a value is not shared.
    public enum Withholding: Hashable, Sendable {
        /// The participant's latest answer declined it.
        case declined
        /// The participant has not answered the permission yet.
        case notChosen
    }

    /// Task ids and value kinds the participant has not shared, declined or not chosen yet.
    public let withheld: Set<String>
    /// Task ids and value kinds of permissions the participant has not answered,
    /// less those a permission they declined also names.
    public let notChosen: Set<String>

    /// Shares every value: what the participant sees of their own data.
    public static let everything = Sharing(withheld: [])

    /// - Parameter notChosen: those of `withheld` whose permission was never answered; the rest were declined.
    public init(withheld: Set<String>, notChosen: Set<String> = []) {
        self.withheld = withheld
        self.notChosen = notChosen.intersection(withheld)
    }

    /// - Parameters:
    ///   - rules: the study's health permissions.
    ///   - grants: the participant's answers; only `participantID`'s count,
    ///     the latest for each permission (by time, then id) being the one in force.
    public init(rules: [SharingRule], participantID: String, grants: [PermissionGrant]) {
        let latest = Dictionary(Self.choicesInForce(participantID: participantID, grants: grants).map { ($0.permissionID, $0) },
                                uniquingKeysWith: { first, _ in first })
        var declined: Set<String> = [], unanswered: Set<String> = []
        for permission in rules {
            switch latest[permission.permissionID]?.granted {
            case true?: continue
            case false?: declined.formUnion(permission.types)
            case nil: unanswered.formUnion(permission.types)
            }
        }
        withheld = declined.union(unanswered)
        notChosen = unanswered.subtracting(declined)
    }

    /// Each participant's sharing under `rules`, worked out once per
    /// participant from `grants`, whoever's they are.
    public static func byParticipant(rules: [SharingRule], grants: [PermissionGrant]) -> (String) -> Sharing {
        let known = Dictionary(grouping: grants, by: \.participantID).mapValues {
            Sharing(rules: rules, participantID: $0[0].participantID, grants: $0)
        }
        // Whoever has answered nothing shares the same: only what no permission names.
        let unanswered = Sharing(rules: rules, participantID: "", grants: [])
        return { id in known[id] ?? unanswered }
    }

    /// `participantID`'s answer in force to each permission they answered,
    /// in the order first answered: the latest by time, then by id.
    public static func choicesInForce(participantID: String, grants: [PermissionGrant]) -> [PermissionGrant] {
        var latest: [String: PermissionGrant] = [:]
        var order: [String] = []
        for grant in grants where grant.participantID == participantID {
            if latest[grant.permissionID] == nil { order.append(grant.permissionID) }
            if let current = latest[grant.permissionID], (current.recordedAt, current.id) > (grant.recordedAt, grant.id) {
                continue
            }
            latest[grant.permissionID] = grant
        }
        return order.compactMap { latest[$0] }
    }

    public var sharesEverything: Bool { withheld.isEmpty }

    /// Whether a value of `kind` answered in task `taskID` is shared.
    public func isShared(taskID: String, kind: String) -> Bool {
        !withheld.contains(taskID) && !withheld.contains(kind)
    }

    /// Why a value of `kind` answered in task `taskID` is not shared; nil when it is.
    /// A recorded decline of either the task or the kind is a decline.
    public func withholding(taskID: String, kind: String) -> Withholding? {
        guard !isShared(taskID: taskID, kind: kind) else { return nil }
        let declined = (withheld.contains(taskID) && !notChosen.contains(taskID))
            || (withheld.contains(kind) && !notChosen.contains(kind))
        return declined ? .declined : .notChosen
    }

    /// Whether something is withheld because the participant declined it, not only because they have not chosen yet.
    public var hasDeclined: Bool { !withheld.subtracting(notChosen).isEmpty }

    /// The outcome with only its shared values.
    public func shared(_ outcome: Outcome) -> Outcome {
        guard !withheld.isEmpty else { return outcome }
        var shared = outcome
        shared.values = outcome.values.filter { isShared(taskID: outcome.taskID, kind: $0.kind) }
        return shared
    }

    /// The kinds of `outcome`'s values that are withheld for `reason`
    /// (either reason when nil), in order, each once.
    public func notShared(_ outcome: Outcome, because reason: Withholding? = nil) -> [String] {
        var kinds: [String] = []
        for value in outcome.values where !kinds.contains(value.kind) {
            guard let why = withholding(taskID: outcome.taskID, kind: value.kind), reason == nil || why == reason else { continue }
            kinds.append(value.kind)
        }
        return kinds
    }
}
