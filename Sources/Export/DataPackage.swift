import CareModel
import Feed
import Foundation
import StudyModel

/// The study as a Frictionless Data Package (SPEC §11), for the
/// statistician: `datapackage.json`, whose Table Schemas say what every
/// column holds, and a CSV for participants, consents, permission grants,
/// withdrawals, task versions, every scheduled event up to today (answered
/// or not), and each task with a survey, a row per live outcome.
///
/// A missing value says why, with a code of its own (`MissingReason`):
/// not shared (the participant declined), not chosen yet (they have not
/// answered whether to share), prefer not to answer, not shown (a condition
/// left the question out), not in this version, or empty (not answered).
/// Each column lists its codes as its `missingValues`, with their labels. A
/// column of text never holds a code, which a participant could have typed:
/// its cell is empty and `<item>_missing` beside it says why. The same
/// store gives the same bytes.
public struct DataPackage: Sendable {
    public struct File: Sendable {
        /// Relative to the package's folder.
        public var path: String
        public var text: String
    }

    public var export: StudyExport
    public var plan: CarePlan
    /// The moment the package is as of: each participant's today is its day in their own zone.
    public var now: Date
    /// The one day every participant's today is, when `--today` fixes it.
    public var fixedToday: LocalDate?

    public init(export: StudyExport, plan: CarePlan, now: Date, fixedToday: LocalDate? = nil) {
        self.export = export
        self.plan = plan
        self.now = now
        self.fixedToday = fixedToday
    }

    /// `datapackage.json` first, then the CSVs in its order, then the loaders for Python and R.
    public func files() throws -> [File] {
        let study = [participants(), consents(), grants(), withdrawals(), taskVersions(), events()]
        // Every task a participant acts on has its table: surveys, taps, checklists and logs.
        var taskTables: [Table] = []
        for task in plan.study.tasks where !task.isOnboarding {
            var table = outcomes(of: task)
            // A task named like another table (events, consents, the dictionary, …) keeps both.
            while (study + taskTables).contains(where: { $0.name == table.name || $0.path == table.path })
                || table.name == Self.dictionaryName || table.path == Self.dictionaryName + ".csv" {
                table.name = "task-" + table.name
                table.path = "task-" + table.path
            }
            taskTables.append(table)
        }
        let tables = [study[0], dictionary(taskTables)] + study.dropFirst() + taskTables
        let descriptor: [String: Any] = [
            Self.markerKey: "carefeed export --format datapackage",
            // Data Package v2, whose missing values carry their labels.
            "$schema": "https://datapackage.org/profiles/2.0/datapackage.json",
            "name": Self.packageName(plan.study.title),
            "title": plan.study.title,
            "created": created,
            "description": "The answers, consents and choices of the study's participants, as CareFeed exports them. "
                + "Only what each participant chose to share is here: a withheld value is missing with the reason "
                + "\"not shared\" or \"not chosen yet\" (in a column of text, in its <item>_missing column). "
                + "Events and figures run up to each participant's own today, in their time zone, \(asOf) (created): "
                + "the rule the site's index and overview count by, so a build of the same store on the same day agrees. "
                + "Participants are named by their study ID only"
                + (export.names ? "; names and signatures are included, for a team allowed to see them." : "."),
            "resources": tables.map(\.descriptor),
        ]
        let json = try JSONSerialization.data(withJSONObject: descriptor,
                                              options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return [File(path: "datapackage.json", text: String(decoding: json, as: UTF8.self) + "\n")]
            + tables.map { File(path: $0.path, text: $0.csv) }
            + [File(path: "load.py", text: Self.loadPython), File(path: "load.R", text: Self.loadR(tables))]
    }

    /// What each health permission covers: the questions, scores or tasks a decline withholds.
    static func covers(_ rules: [SharingRule]) -> String {
        guard !rules.isEmpty else { return "" }
        return " A health permission not granted withholds what it covers: " + rules.sorted { $0.permissionID < $1.permissionID }
            .map { "\($0.permissionID) covers \($0.types.sorted().joined(separator: ", "))" }.joined(separator: "; ") + "."
    }

    /// The descriptor's key that says carefeed wrote the package, so that a
    /// later export replaces only a package of its own.
    static let markerKey = "x-carefeed"

    /// Whether the descriptor at `path` is one carefeed wrote.
    public static func isOurs(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path),
              let descriptor = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return false }
        return descriptor[markerKey] != nil
    }

    // MARK: - The tables

    /// The study's own language, which a participant or a consent without one of its own is in.
    private var ownLanguage: String { plan.study.ownLanguage.tag.identifier }

    private func participants() -> Table {
        let outcomes = Dictionary(grouping: export.outcomes.filter { !$0.isDeleted }, by: \.participantID)
        let records = Dictionary(grouping: export.consentRecords, by: \.participantID)
        let withdrawals = Dictionary(export.withdrawals.map { ($0.participantID, $0) }, uniquingKeysWith: { first, _ in first })
        var table = Table(name: "participants", title: "Participants",
                          description: "One row per participant, by study ID.", primaryKey: ["study_id"], foreignKey: false)
        table.fields = [
            Field(name: "study_id", type: "string", title: "Study ID", description: "The participant's ID in the study.",
                  constraints: ["required": true, "unique": true]),
        ]
        if export.names {
            table.fields.append(Field(name: "name", type: "string", title: "Name", description: "The participant's name."))
        }
        table.fields += [
            Field(name: "language", type: "string", title: "Language",
                  description: "The language the participant reads the study in, a BCP 47 tag."),
            Field(name: "time_zone", type: "string", title: "Time zone",
                  description: "The IANA time zone the participant's days are counted in."),
            Field(name: "enrolled_on", type: "date", title: "Enrolled on",
                  description: "The day the participant enrolled: their day 1 of the study, as the site counts."),
            Field(name: "joined_on", type: "date", title: "Joined on",
                  description: "The participant's own day they finished joining (consent and choices); empty until they have."),
            Field(name: "withdrawn_on", type: "date", title: "Withdrawn on",
                  description: "The participant's own day they withdrew; empty for one who has not."),
            Field(name: "finished_on", type: "date", title: "Finished on",
                  description: "The day after the last of the participant's events could be answered, once nothing is left "
                      + "for them \(asOf); empty while something is, and for one who withdrew."),
        ] + plan.study.dates.map { date in
            Field(name: date.id + "_date", type: "date", title: date.label,
                  description: "The participant's \(date.id) date, as last given, which schedules count from; empty until "
                      + "it is known.")
        } + [
            Field(name: "status", type: "string", title: "Status",
                  description: "Where the participant stands on their own today \(asOf): enrolled (not yet signed), consented "
                      + "(signed, not yet finished onboarding), active (onboarded, with tasks to come), re-consent "
                      + "pending (asked to sign a new version of the consent), finished (no task left) or withdrawn: "
                      + "as the site's index says it.",
                  constraints: ["required": true, "enum": Standing.names]),
        ]
        for participant in export.participants.sorted(by: { $0.id < $1.id }) {
            let today = today(of: participant)
            let feed = plan.feed(for: participant, outcomes: outcomes[participant.id] ?? [], today: today,
                                 withdrawal: withdrawals[participant.id])
            let standing = Standing(feed: feed, records: records[participant.id] ?? [], documents: plan.study.consentDocuments,
                                    withdrawal: withdrawals[participant.id])
            table.rows.append([.text(participant.id)] + (export.names ? [.text(participant.name)] : [])
                + [.text(participant.language ?? ownLanguage), .text(participant.timeZone.identifier),
                   .plain(participant.enrolledOn.description), .plain(feed.joinedOn?.description ?? ""),
                   .plain(feed.withdrawnOn?.description ?? ""), .plain(feed.finishedOn?.description ?? "")]
                + plan.study.dates.map { .plain(participant.dates[$0.id]?.description ?? "") }
                + [.text(standing.name)])
        }
        return table
    }

    private func consents() -> Table {
        var table = Table(name: "consents", title: "Consents",
                          description: "Each consent a participant signed: the document, its version and language, and "
                              + "the SHA-256 of the exact text they read.", primaryKey: ["record_id"])
        table.fields = [
            Self.recordID("The consent record's number in the store."),
            Self.studyID,
            Field(name: "document", type: "string", title: "Document", description: "The consent document's ID."),
            Field(name: "version", type: "string", title: "Version", description: "The document's version as signed."),
            Field(name: "language", type: "string", title: "Language",
                  description: "The language of the text signed, a BCP 47 tag."),
            Field(name: "sha256", type: "string", title: "SHA-256", description: "The SHA-256 of the text signed, in hex.",
                  constraints: ["pattern": "[0-9a-f]{64}"]),
            Field(name: "signed_at", type: "datetime", title: "Signed at", description: "When it was signed, in UTC."),
            Field(name: "signature_kind", type: "string", title: "Signature",
                  description: "How it was signed: drawn, or typed (the printed name as the signature).")
        ]
        if export.names {
            table.fields.append(Field(name: "printed_name", type: "string", title: "Printed name",
                                      description: "The name the participant printed."))
        }
        for record in export.consentRecords.sorted(by: { $0.id < $1.id }) {
            table.rows.append([.plain(String(record.id)), .text(record.participantID), .text(record.documentID),
                               .text(record.version), .text(record.language ?? ownLanguage), .text(record.sha256),
                               .plain(Self.datetime(record.signedAt)), .text(record.signature.kind)]
                              + (export.names ? [.text(record.printedName)] : []))
        }
        return table
    }

    private func grants() -> Table {
        var table = Table(name: "grants", title: "Permission grants",
                          description: "Each answer a participant gave to a permission, in the order given; the latest "
                              + "for a permission is in force.", primaryKey: ["record_id"])
        table.fields = [
            Self.recordID("The grant's number in the store."),
            Self.studyID,
            Field(name: "permission", type: "string", title: "Permission",
                  description: "The permission's ID in the study." + Self.covers(export.healthPermissions)),
            Field(name: "kind", type: "string", title: "Kind", description: "What the permission is for."),
            Field(name: "granted", type: "boolean", title: "Granted", description: "Whether the participant said yes."),
            Field(name: "detail", type: "string", title: "Detail", description: "A detail of the answer, when it has one."),
            Field(name: "recorded_at", type: "datetime", title: "Recorded at", description: "When it was given, in UTC."),
        ]
        for grant in export.permissionGrants.sorted(by: { $0.id < $1.id }) {
            table.rows.append([.plain(String(grant.id)), .text(grant.participantID), .text(grant.permissionID),
                               .text(grant.kind), .plain(grant.granted ? "true" : "false"), .text(grant.detail ?? ""),
                               .plain(Self.datetime(grant.recordedAt))])
        }
        return table
    }

    private func withdrawals() -> Table {
        var table = Table(name: "withdrawals", title: "Withdrawals",
                          description: "Each participant who left the study. What they gave before is kept.",
                          primaryKey: ["study_id"])
        table.fields = [
            Self.studyID,
            Field(name: "withdrawn_at", type: "datetime", title: "Withdrawn at", description: "When, in UTC."),
            Field(name: "gave_reason", type: "boolean", title: "Gave a reason",
                  description: "Whether the participant said why. The reason itself is their own words, which may "
                      + "name someone, so it is exported only with --names."),
        ]
        if export.names {
            table.fields.append(Field(name: "reason", type: "string", title: "Reason", description: "Their own words."))
        }
        for withdrawal in export.withdrawals.sorted(by: { $0.participantID < $1.participantID }) {
            let reason = withdrawal.givenReason
            table.rows.append([.text(withdrawal.participantID), .plain(Self.datetime(withdrawal.withdrawnAt)),
                               .plain(reason == nil ? "false" : "true")] + (export.names ? [.text(reason ?? "")] : []))
        }
        return table
    }

    /// A row per live outcome of `task`, a column per question (per option
    /// of a multiple choice) and per score, of every version the store has;
    /// a task done with a tap has its tap's column, a log its entry's number.
    private func outcomes(of task: StudyTask) -> Table {
        let definitions = plan.allDefinitions.filter { $0.id == task.id }
        let isLog = task.kind == .log
        var table = Table(name: Self.resourceName(task.id), path: "\(task.id).csv", title: task.title,
                          description: "One row per answered event of the task '\(task.id)', by participant and event "
                              + (isLog ? "number and entry" : "number") + ", up to the participant's own today \(asOf). "
                              + Self.missingDescription,
                          primaryKey: isLog ? ["study_id", "occurrence", "entry"] : ["study_id", "occurrence"])
        table.fields = [
            Self.studyID,
            Self.occurrence("The event's number in the participant's schedule, from 0."),
            Self.taskVersion("The version of the task that was answered, as the store numbered it."),
            Self.eventDay,
            Field(name: "answered_at", type: "datetime", title: "Answered at", description: "When the answers were saved, in UTC."),
        ]
        // A task whose schedule names visits says which each answer's event is, after its number.
        let hasVisits = plan.tasks.first { $0.id == task.id }?.timeline.hasVisits ?? false
        if hasVisits { table.fields.insert(Self.visit, at: 2) }
        if isLog {
            table.fields.insert(Field(name: "entry", type: "integer", title: "Entry",
                                      description: "The entry's number among the entries of its day, from 0.",
                                      constraints: ["required": true, "minimum": 0]), at: 2)
        }
        table.fields += Self.analysisFields
        let tap = task.kind.tapValue
        if let tap {
            var field = Field(name: tap.kind, type: "boolean", title: tap.kind == "logged" ? "Logged" : "Done",
                              description: "true: the participant marked it \(tap.kind) with a tap.")
            field.missingValues = [.notAnswered, .notShared, .notChosen]
            table.fields.append(field)
        }
        let columns = Self.itemColumns(definitions)
        table.fields += columns.map(\.field)
        let scores = Self.scoreColumns(definitions)
        table.fields += scores.map(\.field)
        let sharingOf = export.sharing()
        let visitOf = export.visits()
        let participantsByID = Dictionary(export.participants.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        // Up to each participant's today, as events.csv and the overview count: the one cut-off.
        let outcomes = export.outcomes.filter { outcome in
            outcome.taskID == task.id && !outcome.isDeleted
                && participantsByID[outcome.participantID].map { outcome.eventDay <= today(of: $0) } ?? true
        }
            .sorted { ($0.participantID, $0.occurrence, $0.createdAt) < ($1.participantID, $1.occurrence, $1.createdAt) }
        for outcome in outcomes {
            let sharing = sharingOf(outcome)
            let version = plan.task(task.id, version: outcome.taskVersion)
            let answers = Dictionary(grouping: outcome.values, by: \.kind).mapValues { $0.map(\.value) }
            let asked = Set((version?.askedItems(answers: answers) ?? []).map(\.id))
            let inVersion = Set(version?.formItems.map(\.id) ?? [])
            var row: [Cell] = [.text(outcome.participantID), .plain(String(outcome.occurrence)),
                               .plain(String(outcome.taskVersion)), .plain(outcome.eventDay.description),
                               .plain(Self.datetime(outcome.createdAt))]
            if hasVisits { row.insert(.text(visitOf(outcome) ?? ""), at: 2) }
            if isLog { row.insert(.plain(String(outcome.entry ?? 0)), at: 2) }
            row += Self.analysisCells(outcome, participant: participantsByID[outcome.participantID])
            if let tap {
                let withheld = sharing.withholding(taskID: task.id, kind: tap.kind)
                row.append(.plain(withheld.map { Self.reason($0).code } ?? (outcome.values.contains(tap) ? "true" : "")))
            }
            for column in columns {
                let id = column.item
                let values = answers[id] ?? []
                let missing: MissingReason? = !inVersion.contains(id) ? .notInVersion
                    : sharing.withholding(taskID: task.id, kind: id).map(Self.reason)
                    ?? (asked.contains(id) ? nil : .notShown)
                    ?? (values.contains(.preferNotToAnswer) ? .preferNotToAnswer : nil)
                if column.isReason {
                    row.append(.plain(missing?.code ?? ""))
                } else if let missing {
                    // A column of text leaves the cell empty: the reason is in the column beside it.
                    row.append(.plain(column.field.type == "string" ? "" : missing.code))
                } else if let option = column.option {
                    row.append(.plain(values.isEmpty ? "" : values.contains(.text(option)) ? "true" : "false"))
                } else {
                    row.append(values.first.map { Self.cell($0, field: column.field) } ?? .plain(""))
                }
            }
            let derived = Dictionary(export.scores(outcome, sharing: sharing).map { ($0.kind, $0.value) },
                                     uniquingKeysWith: { first, _ in first })
            for score in scores {
                if let value = derived[score.id]?.number {
                    // At full precision, as every other export writes it: the shortest text that reads back as the same double.
                    row.append(.plain(Self.plain(value)))
                } else if let definition = version?.score(score.id) {
                    // Withheld with an item it is worked out from, or too few answers for it.
                    let withheld = definition.items.compactMap { sharing.withholding(taskID: task.id, kind: $0) }
                    let missing: MissingReason = withheld.isEmpty ? .tooFewAnswers : withheld.contains(.declined) ? .notShared : .notChosen
                    row.append(.plain(missing.code))
                } else {
                    row.append(.plain(MissingReason.notInVersion.code))
                }
            }
            table.rows.append(row)
        }
        return table
    }
}

extension DataPackage {
    static let missingDescription = "A missing value says why: each column lists its codes and what they mean in "
        + "its missingValues (an empty cell is a question not answered). A text's cell is empty when it is missing; "
        + "the column <item>_missing beside it says why."

    static func reason(_ withholding: Sharing.Withholding) -> MissingReason {
        withholding == .declined ? .notShared : .notChosen
    }
}
