import CareModel
import StudyModel
import Feed
import Foundation
import Pages
import Support

/// What a site build knew when it wrote the site, kept in the site's marker
/// file: a digest of the inputs every page depends on, and per participant a
/// fingerprint of their data and the figures their row of the study index
/// shows. A rebuild whose inputs match renders only participants whose
/// fingerprint changed, and the index from everyone's figures.
struct BuildManifest: Equatable {
    static let format = 9
    static let about = "Written by carefeed build. The folder is replaced or updated on each build; do not edit it."

    struct Entry: Codable, Equatable {
        var fingerprint: String
        var figures: ParticipantFigures
    }

    /// The file's first line: what it is, its format, the inputs' digest.
    private struct Header: Codable {
        var about = BuildManifest.about
        var format = BuildManifest.format
        var inputs: String
    }

    /// Each later line: one participant's entry.
    private struct Line: Codable {
        var id: String
        var fingerprint: String
        var figures: ParticipantFigures
    }

    var inputs: String
    var participants: [String: Entry]
    /// Each participant's line as it was read, written again as it is while
    /// the entry is unchanged: encoding every entry anew was most of an
    /// update's time.
    private var lines: [String: (entry: Entry, bytes: Data)] = [:]

    init(inputs: String, participants: [String: Entry], reusing previous: BuildManifest? = nil) {
        self.inputs = inputs
        self.participants = participants
        lines = previous?.lines ?? [:]
    }

    static func == (left: BuildManifest, right: BuildManifest) -> Bool {
        left.inputs == right.inputs && left.participants == right.participants
    }

    /// The manifest of the site at `output`; nil without one, in another
    /// format or with a line that does not read, so the site is built whole.
    static func read(_ output: String) -> BuildManifest? {
        guard let data = FileManager.default.contents(atPath: output + "/" + SiteBuilder.marker) else { return nil }
        let rows = data.split(separator: UInt8(ascii: "\n"))
        guard let first = rows.first, let header = try? decoder().decode(Header.self, from: first),
              header.format == format else { return nil }
        // A line a participant, read in a share of the lines a core: the decoding, not the reading, takes the time.
        let lines = Array(rows.dropFirst())
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let share = max(1, (lines.count + cores - 1) / cores)
        let shares = stride(from: 0, to: lines.count, by: share).map { Array(lines[$0..<min(lines.count, $0 + share)]) }
        let read = concurrentMap(shares) { share in
            let decoder = decoder()
            return share.map { row in (try? decoder.decode(Line.self, from: row)).map { ($0, Data(row)) } }
        }.flatMap { $0 }
        var manifest = BuildManifest(inputs: header.inputs, participants: [:])
        for line in read {
            guard let (line, bytes) = line else { return nil }
            let entry = Entry(fingerprint: line.fingerprint, figures: line.figures)
            manifest.participants[line.id] = entry
            manifest.lines[line.id] = (entry, bytes)
        }
        return manifest
    }

    /// JSON Lines: the header, then each participant's entry by study ID,
    /// so the same site gives the same bytes.
    func data() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // A decimal answer that is not a finite number must not stop a build.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        var data = try encoder.encode(Header(inputs: inputs))
        for (id, entry) in participants.sorted(by: { $0.key < $1.key }) {
            data.append(UInt8(ascii: "\n"))
            if let kept = lines[id], kept.entry == entry {
                data.append(kept.bytes)
            } else {
                data.append(try encoder.encode(Line(id: id, fingerprint: entry.fingerprint, figures: entry.figures)))
            }
        }
        data.append(UInt8(ascii: "\n"))
        return data
    }

    private static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return decoder
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
    var standing: Standing
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
        standing = summary.standing
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
            consentVersion: consentVersion, standing: standing, lastAnswer: lastAnswer, flags: flags)
    }
}
