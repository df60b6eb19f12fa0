import CareModel
import StudyModel
import Feed
import Foundation
import Pages

/// What a site build knew when it wrote the site, kept in the site's marker
/// file: a digest of the inputs every page depends on, and per participant a
/// fingerprint of their data and the figures their row of the study index
/// shows. A rebuild whose inputs match renders only participants whose
/// fingerprint changed, and the index from everyone's figures.
struct BuildManifest: Codable, Equatable {
    /// Bumped when the manifest or the site's layout changes meaning: a site
    /// with another format is rebuilt whole.
    static let format = 7

    struct Entry: Codable, Equatable {
        var fingerprint: String
        var figures: ParticipantFigures
    }

    var about = "Written by carefeed build. The folder is replaced or updated on each build; do not edit it."
    var format = BuildManifest.format
    var inputs: String
    var participants: [String: Entry]

    init(inputs: String, participants: [String: Entry]) {
        self.inputs = inputs
        self.participants = participants
    }

    /// The manifest of the site at `output`; nil when there is none this
    /// build can trust, which makes the build a whole one.
    static func read(_ output: String) -> BuildManifest? {
        guard let data = FileManager.default.contents(atPath: output + "/" + SiteBuilder.marker) else { return nil }
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        guard let manifest = try? decoder.decode(BuildManifest.self, from: data), manifest.format == format else { return nil }
        return manifest
    }

    func data() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // A decimal answer that is not a finite number must not stop a build.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try encoder.encode(self)
    }
}

/// A participant's figures as their row of the study index shows them: all
/// of `ParticipantSummary` but the participant and their today, which the
/// manifest entry's fingerprint ties to the store's.
struct ParticipantFigures: Codable, Equatable {
    struct Ring: Codable, Equatable {
        var completed: Int
        var total: Int
    }

    /// The latest answer of a charted value: `kind` is the series' value.
    struct Latest: Codable, Equatable {
        enum Value: Codable, Equatable {
            case integer(Int)
            case decimal(Double)
            case boolean(Bool)
            case text(String)
            case date(LocalDate)
            case time(LocalTime)
            case preferNotToAnswer

            init(_ value: OutcomeValue.Value) {
                self = switch value {
                case .integer(let number): .integer(number)
                case .decimal(let number): .decimal(number)
                case .boolean(let yes): .boolean(yes)
                case .text(let text): .text(text)
                case .date(let date): .date(date)
                case .time(let time): .time(time)
                case .preferNotToAnswer: .preferNotToAnswer
                }
            }

            var outcomeValue: OutcomeValue.Value {
                switch self {
                case .integer(let number): .integer(number)
                case .decimal(let number): .decimal(number)
                case .boolean(let yes): .boolean(yes)
                case .text(let text): .text(text)
                case .date(let date): .date(date)
                case .time(let time): .time(time)
                case .preferNotToAnswer: .preferNotToAnswer
                }
            }
        }

        var task: String
        var kind: String
        var value: Value
        var unit: String?
        var day: LocalDate
    }

    var isOnboarded: Bool
    var lastSevenDays: Ring?
    var overall: Ring?
    var latest: [Latest]
    /// The charted series not shared, as `task/value`.
    var notShared: [String]
    /// The charted series whose sharing is not chosen yet, as `task/value`.
    var notChosen: [String]
    var consentVersion: String?
    var status: ConsentStatus
    var lastAnswer: LocalDate?
    var flags: [ParticipantFlag]
    /// What the participant adds to the study's overview.
    var overview: ParticipantOverview

    init(_ summary: ParticipantSummary, overview: ParticipantOverview) {
        self.overview = overview
        isOnboarded = summary.isOnboarded
        lastSevenDays = summary.lastSevenDays.map { Ring(completed: $0.completed, total: $0.total) }
        overall = summary.overall.map { Ring(completed: $0.completed, total: $0.total) }
        latest = summary.latest.map { latest in
            Latest(task: latest.series.task, kind: latest.value.kind, value: Latest.Value(latest.value.value),
                   unit: latest.value.unit, day: latest.day)
        }
        notShared = summary.notShared.map { $0.task + "/" + $0.value }
        notChosen = summary.notChosen.map { $0.task + "/" + $0.value }
        consentVersion = summary.consentVersion
        status = summary.status
        lastAnswer = summary.lastAnswer
        flags = summary.flags
    }

    /// The summary these figures were taken from, for `participant` on `today`.
    func summary(of participant: Participant, today: LocalDate, study: Study) -> ParticipantSummary {
        let series = study.insights.flatMap(\.series)
        return ParticipantSummary(
            participant: participant, today: today, isOnboarded: isOnboarded,
            lastSevenDays: lastSevenDays.map { AdherenceRing(completed: $0.completed, total: $0.total) },
            overall: overall.map { AdherenceRing(completed: $0.completed, total: $0.total) },
            latest: latest.compactMap { latest in
                guard let chart = series.first(where: { $0.task == latest.task && $0.value == latest.kind }) else { return nil }
                return (chart, OutcomeValue(kind: latest.kind, value: latest.value.outcomeValue, unit: latest.unit), latest.day)
            },
            notShared: notShared.compactMap { key in series.first { $0.task + "/" + $0.value == key } },
            notChosen: notChosen.compactMap { key in series.first { $0.task + "/" + $0.value == key } },
            consentVersion: consentVersion, status: status, lastAnswer: lastAnswer, flags: flags)
    }
}
