import CareModel
import Feed
import StudyModel
import Foundation

/// Everything the store holds about a study's participants that they share
/// with the study team, in the shape an analyst reads: as JSON, or as CSV
/// with one value per row.
///
/// A value of a type the participant did not share (`Sharing`) is never
/// written: JSON lists its kind under the outcome's `notShared` (declined)
/// or `notChosen` (not answered yet), CSV writes an empty value with `not
/// shared` or `not chosen yet` in its `missing` column (as "prefer not to
/// answer"), never in the value's, where a participant's text could read
/// the same: a choice never made is not reported as a decline.
/// The kinds withheld are those of the task version answered, whether the
/// store holds their values or not, so the study's export after `import`
/// (which leaves them out) says what the participant's own export says.
/// Without `names`, the participant's name, the consent's printed name and
/// signature and a withdrawal's reason are not written either: JSON has
/// `null` for them, CSV leaves their rows out.
public struct StudyExport: Sendable {
    public var participants: [Participant]
    /// Live and deleted outcomes; deleted ones carry their tombstone time.
    public var outcomes: [Outcome]
    public var consentRecords: [ConsentRecord]
    public var permissionGrants: [PermissionGrant]
    /// Each with the day and whether a reason was given; the reason only with `names`.
    public var withdrawals: [Withdrawal]
    /// The study's health permissions: with the grants, what decides which
    /// values each participant shares.
    public var healthPermissions: [SharingRule]
    /// Whether names and signatures are written (`export --names`).
    public var names: Bool
    /// The study's tasks as the store versioned them, whose scores are
    /// derived for each outcome; nil writes no scores.
    public var plan: CarePlan?

    public init(participants: [Participant], outcomes: [Outcome], consentRecords: [ConsentRecord],
                permissionGrants: [PermissionGrant], withdrawals: [Withdrawal] = [],
                healthPermissions: [SharingRule], names: Bool, plan: CarePlan? = nil) {
        self.participants = participants
        self.outcomes = outcomes
        self.consentRecords = consentRecords
        self.permissionGrants = permissionGrants
        self.withdrawals = withdrawals
        self.healthPermissions = healthPermissions
        self.names = names
        self.plan = plan
    }

    /// The export of what `views` show: each participant's history as the
    /// study team sees it, so no value a participant did not share is here
    /// to be written, whatever a format forgets.
    public init(views: [ParticipantView], healthPermissions: [SharingRule], names: Bool, plan: CarePlan) {
        self.init(participants: views.map(\.participant), outcomes: views.flatMap(\.history),
                  consentRecords: views.flatMap(\.consentRecords), permissionGrants: views.flatMap(\.permissionGrants),
                  withdrawals: views.compactMap(\.withdrawal), healthPermissions: healthPermissions, names: names, plan: plan)
    }

    /// The scores derived from `outcome`'s answers that `sharing` shares: a
    /// score is never stored, so each export works it out with the
    /// definition of the task version answered.
    func scores(_ outcome: Outcome, sharing: Sharing) -> [OutcomeValue] {
        guard let plan, !outcome.isDeleted else { return [] }
        let scored = plan.scored(outcome, sharing: sharing)
        return Array(scored.values.dropFirst(outcome.values.count)).filter { sharing.isShared(taskID: outcome.taskID, kind: $0.kind) }
    }

    /// The kinds of `outcome`'s task version (its questions, or its tap's
    /// kind) and of its values that `sharing` withholds for `reason`, in
    /// order, each once.
    func withheld(_ outcome: Outcome, sharing: Sharing, because reason: Sharing.Withholding) -> [String] {
        let version = plan?.task(outcome.taskID, version: outcome.taskVersion)
        var kinds = (version?.formItems.map(\.id) ?? []) + [version?.kind.tapValue?.kind].compactMap { $0 }
        for value in outcome.values where !kinds.contains(value.kind) { kinds.append(value.kind) }
        return kinds.filter { sharing.withholding(taskID: outcome.taskID, kind: $0) == reason }
    }

    /// The visit each outcome's event is, for tasks whose schedules name
    /// visits, worked out once per participant and task; nil for any other.
    func visits() -> (Outcome) -> String? {
        guard let plan else { return { _ in nil } }
        let participants = Dictionary(participants.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let timelines = Dictionary(plan.tasks.filter(\.timeline.hasVisits).map { ($0.id, $0.timeline) },
                                   uniquingKeysWith: { first, _ in first })
        var worked: [String: [Int: String]] = [:]
        return { outcome in
            guard let timeline = timelines[outcome.taskID], let participant = participants[outcome.participantID] else { return nil }
            let key = outcome.participantID + "\u{0}" + outcome.taskID
            if worked[key] == nil { worked[key] = timeline.visits(participant.scheduleDates, in: participant.timeZone) }
            return worked[key]?[outcome.occurrence]
        }
    }

    /// Each outcome's participant's sharing, worked out once per participant.
    func sharing() -> (Outcome) -> Sharing {
        let sharing = Sharing.byParticipant(rules: healthPermissions, grants: permissionGrants)
        return { sharing($0.participantID) }
    }

    /// Pretty-printed JSON with sorted keys: the same store gives the same bytes.
    public func json() throws -> String {
        let sharing = sharing()
        let visit = visits()
        let document = Document(
            participants: participants.map {
                .init(id: $0.id, name: names ? $0.name : nil, timeZone: $0.timeZone.identifier,
                      enrolledOn: $0.enrolledOn.description)
            },
            outcomes: outcomes.map { outcome in
                let sharing = sharing(outcome)
                return .init(participant: outcome.participantID, task: outcome.taskID, taskVersion: outcome.taskVersion,
                             occurrence: outcome.occurrence, entry: outcome.entry, visit: visit(outcome),
                             eventDay: outcome.eventDay.description,
                             eventStart: Timestamp.utc(outcome.eventStart), eventEnd: Timestamp.utc(outcome.eventEnd),
                             values: sharing.shared(outcome).values.map {
                                 .init(kind: $0.kind, type: $0.value.typeName, value: JSONValue($0.value), unit: $0.unit)
                             },
                             scores: scores(outcome, sharing: sharing).map { .init(id: $0.kind, value: $0.value.number ?? 0) },
                             notShared: withheld(outcome, sharing: sharing, because: .declined),
                             notChosen: withheld(outcome, sharing: sharing, because: .notChosen),
                             created: Timestamp.utc(outcome.createdAt), deleted: outcome.deletedAt.map(Timestamp.utc))
            },
            consentRecords: consentRecords.map { record in
                .init(participant: record.participantID, document: record.documentID, version: record.version,
                      sha256: record.sha256, printedName: names ? record.printedName : nil,
                      signatureKind: record.signature.kind, signature: names ? record.signature.content : nil,
                      signedAt: Timestamp.local(record.signedAt, in: record.timeZone), html: record.html.markup)
            },
            permissionGrants: permissionGrants.map { grant in
                .init(participant: grant.participantID, permission: grant.permissionID, kind: grant.kind,
                      granted: grant.granted, detail: grant.detail, recorded: Timestamp.utc(grant.recordedAt))
            },
            withdrawals: withdrawals.map { withdrawal in
                .init(participant: withdrawal.participantID, withdrawn: Timestamp.utc(withdrawal.withdrawnAt),
                      gaveReason: withdrawal.givenReason != nil, reason: names ? withdrawal.givenReason : nil)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
    }

    /// RFC 4180 CSV, CRLF line ends, a header row, then one value per row:
    /// participant fields, outcome values, consent fields and grants.
    /// The signed HTML is left to the JSON export and the consent page.
    ///
    /// No cell runs as a formula in a spreadsheet (OWASP's CSV injection
    /// advice): text starting with `=`, `+`, `-`, `@`, a tab or a carriage
    /// return is quoted with a leading `'`, so it shows as the text it is.
    /// An outcome value the store typed as a number is written as it is, so
    /// -3 stays a number a clinician can sum; a text answer "-3" is text.
    public func csv() -> String {
        let sharing = sharing()
        let visit = visits()
        var rows: [[String]] = [Self.csvHeader]
        // Rows whose value column holds a number the store typed as one.
        var numbers: Set<Int> = []
        for participant in participants {
            let fields = (names ? [("name", participant.name)] : [])
                + [("time_zone", participant.timeZone.identifier), ("enrolled_on", participant.enrolledOn.description)]
            for (kind, value) in fields {
                rows.append(["participant", participant.id, "", "", "", "", kind, value, "", "", "", ""])
            }
        }
        for outcome in outcomes {
            let sharing = sharing(outcome)
            let visit = visit(outcome) ?? ""
            func row(_ kind: String, _ value: String, unit: String = "", missing: MissingReason? = nil) -> [String] {
                ["outcome", outcome.participantID, outcome.taskID, String(outcome.occurrence), outcome.eventDay.description,
                 visit, kind, value, unit, missing?.code ?? "", Timestamp.utc(outcome.createdAt),
                 outcome.deletedAt.map(Timestamp.utc) ?? ""]
            }
            for value in sharing.shared(outcome).values {
                if case .integer = value.value { numbers.insert(rows.count) }
                if case .decimal = value.value { numbers.insert(rows.count) }
                rows.append(value.value == .preferNotToAnswer ? row(value.kind, "", missing: .preferNotToAnswer)
                            : row(value.kind, value.value.text, unit: value.unit ?? ""))
            }
            // A kind not shared gets one row, whether the store holds its values or not.
            rows += withheld(outcome, sharing: sharing, because: .declined).map { row($0, "", missing: .notShared) }
            rows += withheld(outcome, sharing: sharing, because: .notChosen).map { row($0, "", missing: .notChosen) }
            // A score gets a row of its own after the answers it is derived from.
            for score in scores(outcome, sharing: sharing) {
                numbers.insert(rows.count)
                rows.append(["outcome", outcome.participantID, outcome.taskID, String(outcome.occurrence),
                             outcome.eventDay.description, visit, score.kind, score.value.text, "", "",
                             Timestamp.utc(outcome.createdAt), ""])
            }
        }
        for record in consentRecords {
            let signed = Timestamp.local(record.signedAt, in: record.timeZone)
            let withheld: Set<String> = names ? [] : ["printed_name", "signature"]
            for (kind, value) in [("version", record.version), ("sha256", record.sha256),
                                  ("printed_name", record.printedName), ("signature_kind", record.signature.kind),
                                  ("signature", record.signature.content)] where !withheld.contains(kind) {
                rows.append(["consent", record.participantID, record.documentID, "", "", "", kind, value, "", "", signed, ""])
            }
        }
        for grant in permissionGrants {
            rows.append(["permission", grant.participantID, grant.permissionID, "", "", "", grant.kind,
                         grant.granted ? "granted" : "declined", grant.detail ?? "", "",
                         Timestamp.utc(grant.recordedAt), ""])
        }
        for withdrawal in withdrawals {
            let at = Timestamp.utc(withdrawal.withdrawnAt), reason = withdrawal.givenReason
            rows.append(["withdrawal", withdrawal.participantID, "", "", "", "", "gave_reason", reason == nil ? "false" : "true", "",
                         "", at, ""])
            if names, let reason {
                rows.append(["withdrawal", withdrawal.participantID, "", "", "", "", "reason", reason, "", "", at, ""])
            }
        }
        return rows.enumerated().map { index, row in
            row.enumerated().map { column, field in
                Self.csvField(field, isNumber: column == Self.valueColumn && numbers.contains(index))
            }.joined(separator: ",") + "\r\n"
        }.joined()
    }

    static let csvHeader = ["record", "participant", "subject", "occurrence", "event_day", "visit", "kind", "value", "unit",
                            "missing", "created", "deleted"]

    static let valueColumn = csvHeader.firstIndex(of: "value")!

    /// Quotes a field when it holds a comma, a quote or a line break,
    /// doubling quotes; text a spreadsheet would run as a formula is quoted
    /// with a `'` in front. Scalars, not characters: CR LF is one character.
    static func csvField(_ field: String, isNumber: Bool = false) -> String {
        let scalars = field.unicodeScalars
        let isFormula = !isNumber && scalars.first.map { "=+-@\t\r".unicodeScalars.contains($0) } == true
        guard isFormula || scalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
            return field
        }
        return "\"" + (isFormula ? "'" : "") + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
