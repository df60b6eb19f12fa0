import CareModel
import Foundation
import StudyModel

/// The columns of a task's table: a question's type, range and meaning
/// from every version the store has of it, and the scores.
extension DataPackage {
    /// The columns several tables share, each described for its table.
    static func recordID(_ description: String) -> Field {
        Field(name: "record_id", type: "integer", title: "Record", description: description,
              constraints: ["required": true, "unique": true])
    }

    /// The visit an event is, as its schedule names it.
    static var visit: Field {
        Field(name: "visit", type: "string", title: "Visit",
              description: "The visit the event is, as the task's schedule names it (such as Week 6), in the study's own "
                  + "language; empty for an event that is not a named visit.")
    }

    static func occurrence(_ description: String) -> Field {
        Field(name: "occurrence", type: "integer", title: "Event", description: description,
              constraints: ["required": true, "minimum": 0])
    }

    static func taskVersion(_ description: String) -> Field {
        Field(name: "task_version", type: "integer", title: "Task version", description: description,
              constraints: ["required": true, "minimum": 1])
    }

    static var eventDay: Field {
        Field(name: "event_day", type: "date", title: "Event day", description: "The event's day, on the participant's calendar.")
    }

    static var studyID: Field {
        Field(name: "study_id", type: "string", title: "Study ID", description: "The participant, as in participants.csv.",
              constraints: ["required": true])
    }

    /// A column of a task's table that holds a question's answers: the
    /// question's own, an option's of a multiple choice, or the one that
    /// says why a text is missing.
    struct ItemColumn {
        var item: String
        var option: String?
        /// Whether the column holds the reason the item's text is missing, not its answer.
        var isReason = false
        var field: Field
    }

    /// The questions of every version, the current one's order first; a
    /// multiple choice has a yes-or-no column per option, and a column of
    /// text one beside it that says why the text is missing.
    static func itemColumns(_ definitions: [StudyTask]) -> [ItemColumn] {
        var order: [String] = []
        var formats: [String: [FormItem]] = [:]
        for definition in definitions {
            for item in definition.formItems {
                if formats[item.id] == nil { order.append(item.id) }
                formats[item.id, default: []].append(item)
            }
        }
        var columns: [ItemColumn] = []
        for id in order {
            let versions = formats[id] ?? []
            guard let current = versions.first else { continue }
            let reasons = Self.reasons(versions, definitions: definitions)
            if case .choice(_, true) = current.answer {
                let all = Self.options(versions)
                for option in all {
                    var field = Field(
                        name: "\(id)_\(option.value)", type: "boolean", title: "\(current.text): \(option.text)",
                        description: "Whether \"\(option.text)\" (stored as \(option.value)) was among the answers to "
                            + "\"\(current.text)\" (\(id), several may be chosen).")
                    field.missingValues = reasons
                    columns.append(ItemColumn(item: id, option: option.value, field: field))
                }
                continue
            }
            var field = field(id, versions, conditional: definitions.contains { $0.isConditional(id) })
            if case .choice = current.answer, field.type == "integer" || field.type == "string" {
                field.categories = Self.options(versions).map { option in
                    (field.type == "integer" ? PackageColumns.integerCode(option.value).map { $0 as Any } ?? option.value : option.value,
                     option.text)
                }
            }
            guard field.type == "string" else {
                field.missingValues = reasons
                columns.append(ItemColumn(item: id, field: field))
                continue
            }
            // Text as written: empty when missing, and why in the column beside it.
            field.missingValues = [.notAnswered]
            let reason = Field(name: PackageColumns.reasonColumn(id), type: "string", title: "\(current.text): why missing",
                               description: "Why \"\(current.text)\" (\(id)) has no answer, when it has none: "
                                   + reasons.filter { $0 != .notAnswered }.map { "\"\($0.code)\": \($0.label.lowercased())" }
                                       .joined(separator: "; ") + ". Empty when it has one or was not answered.",
                               constraints: ["enum": reasons.filter { $0 != .notAnswered }.map(\.code)])
            columns += [ItemColumn(item: id, field: field), ItemColumn(item: id, isReason: true, field: reason)]
        }
        return columns
    }

    /// The reasons a question's answer can be missing, from its versions:
    /// not answered, not shared, not chosen yet, and where a version allows
    /// it, prefer not to answer, not shown, not in this version.
    static func reasons(_ versions: [FormItem], definitions: [StudyTask]) -> [MissingReason] {
        var reasons: [MissingReason] = [.notAnswered, .notShared, .notChosen]
        if versions.contains(where: \.offersPreferNotToAnswer) { reasons.append(.preferNotToAnswer) }
        // A condition on the question, or on its whole step.
        if let id = versions.first?.id, definitions.contains(where: { $0.isConditional(id) }) { reasons.append(.notShown) }
        if versions.count < definitions.count { reasons.append(.notInVersion) }
        return reasons
    }

    /// The field of a question, from the formats its versions had; a question
    /// whose versions disagree on the kind of value is text.
    static func field(_ id: String, _ versions: [FormItem], conditional: Bool = false) -> Field {
        let current = versions[0]
        let kinds = Set(versions.map { PackageColumns.type(of: $0.answer) })
        guard kinds.count == 1, let kind = kinds.first else {
            return Field(name: id, type: "string", title: current.text,
                         description: "\"\(current.text)\"; its versions asked for different kinds of answer, so it is text.")
        }
        var constraints: [String: Any] = [:]
        var description = "\"\(current.text)\""
        switch current.answer {
        case .scale(let min, let max, _, let minLabel, let maxLabel):
            let low = versions.compactMap { Self.bounds($0.answer).min }.min() ?? min
            let high = versions.compactMap { Self.bounds($0.answer).max }.max() ?? max
            constraints = ["minimum": number(low, kind), "maximum": number(high, kind)]
            description += ": a scale from \(number(min, kind))" + (minLabel.map { " (\($0))" } ?? "")
                + " to \(number(max, kind))" + (maxLabel.map { " (\($0))" } ?? "") + "."
        case .numeric(_, _, _, let unit):
            let lows = versions.map { Self.bounds($0.answer).min }
            let highs = versions.map { Self.bounds($0.answer).max }
            if lows.allSatisfy({ $0 != nil }), let low = lows.compactMap({ $0 }).min() { constraints["minimum"] = number(low, kind) }
            if highs.allSatisfy({ $0 != nil }), let high = highs.compactMap({ $0 }).max() { constraints["maximum"] = number(high, kind) }
            description += unit.map { unit in ", in \(unit)" + (FHIRTerms.ucum(unit).map { " (UCUM \($0))" } ?? "") + "." } ?? ": a number."
        case .boolean:
            description += ": yes (true) or no (false)."
        case .choice:
            let all = Self.options(versions)
            if kind == "integer" {
                // Codes that are numbers are ordinal answers: a range, so that R and pandas read them as numbers, not factors.
                let codes = all.compactMap { PackageColumns.integerCode($0.value) }
                constraints = ["minimum": codes.min() ?? 0, "maximum": codes.max() ?? 0]
            } else {
                constraints["enum"] = all.map(\.value)
            }
            description += ": one of " + all.map { "\($0.value) = \($0.text)" }.joined(separator: "; ") + "."
        case .text(let maxLength):
            let lengths = versions.map { item -> Int? in
                if case .text(let length) = item.answer { length } else { nil }
            }
            if lengths.allSatisfy({ $0 != nil }), let longest = lengths.compactMap({ $0 }).max() { constraints["maxLength"] = longest }
            description += ": text as written" + (maxLength.map { ", at most \($0) characters" } ?? "") + "."
        case .date(let min, let max):
            if let min { constraints["minimum"] = min.description }
            if let max { constraints["maximum"] = max.description }
            description += ": a day."
        case .timeOfDay:
            description += ": a time on the wall clock."
        }
        if versions.contains(where: \.offersPreferNotToAnswer) {
            description += " The participant may prefer not to answer."
        }
        if conditional {
            description += " Asked only when an earlier answer calls for it; otherwise \"not shown\"."
        }
        return Field(name: id, type: kind, title: current.text, description: description,
                     constraints: constraints.isEmpty ? nil : constraints)
    }

    /// `2`, `2.5`: a number as the package writes it.
    static func plain(_ value: Double) -> String {
        OutcomeValue.Value.decimal(value).text
    }

    /// A scale's or a number's bounds, where it has them.
    static func bounds(_ format: AnswerFormat) -> (min: Double?, max: Double?) {
        switch format {
        case .scale(let min, let max, _, _, _): (min, max)
        case .numeric(let min, let max, _, _): (min, max)
        default: (nil, nil)
        }
    }

    /// The scores of every version, with the range the current one gives.
    static func scoreColumns(_ definitions: [StudyTask]) -> [(id: String, field: Field)] {
        var seen: Set<String> = []
        var columns: [(id: String, field: Field)] = []
        for definition in definitions {
            for score in definition.scores ?? [] where seen.insert(score.id).inserted {
                let range = score.range(task: definition)
                var description = "\(score.label): the \(score.method.rawValue) of the answered items of "
                    + score.items.joined(separator: ", ")
                    + (score.reverse.isEmpty ? "" : ", with " + score.reverse.joined(separator: ", ") + " reversed (counted from the other end of its scale)")
                if let rescale = score.rescale {
                    description += ", then rescaled so that \(plain(rescale.from[0])) becomes \(plain(rescale.to[0])) and "
                        + "\(plain(rescale.from[1])) becomes \(plain(rescale.to[1]))"
                }
                description += ". \"too few answers\" when fewer than \(score.minAnswered) of the \(score.items.count) items "
                    + "were answered (\"prefer not to answer\" is not an answer)."
                if let range { description += " From \(plain(range.lowerBound)) to \(plain(range.upperBound))." }
                var field = Field(name: score.id, type: "number", title: score.label, description: description,
                                  constraints: range.map { ["minimum": $0.lowerBound, "maximum": $0.upperBound] })
                let inEvery = definitions.allSatisfy { $0.score(score.id) != nil }
                field.missingValues = [.notShared, .notChosen, .tooFewAnswers] + (inEvery ? [] : [.notInVersion])
                columns.append((score.id, field))
            }
        }
        return columns
    }

    /// Every option any version offered, by stored value, the current texts first.
    static func options(_ versions: [FormItem]) -> [ChoiceOption] {
        var seen: Set<String> = []
        var options: [ChoiceOption] = []
        for item in versions {
            if case .choice(let choices, _) = item.answer {
                for option in choices where seen.insert(option.value).inserted { options.append(option) }
            }
        }
        return options
    }

    /// A bound as its column's type writes it: whole for an integer column.
    static func number(_ value: Double, _ kind: String) -> Any {
        guard kind == "integer" || (value == value.rounded() && abs(value) < 1e15), let whole = Int(exactly: value.rounded())
        else { return value as Any }
        return whole as Any
    }

    /// A value in `field`'s column: a code in a number column is written as
    /// the number it is, and a choice's code as its `enum` has it (`-`
    /// stays `-`), never quoted against spreadsheets as a participant's
    /// text is: codes are the study's own, and `check` refuses one that
    /// would run as a formula.
    static func cell(_ value: OutcomeValue.Value, field: Field) -> Cell {
        guard case .text(let code) = value else { return cell(value) }
        if field.type == "integer" || field.type == "number" { return .plain(code) }
        if (field.constraints?["enum"] as? [String])?.contains(code) == true { return .plain(code) }
        return cell(value)
    }

    static func cell(_ value: OutcomeValue.Value) -> Cell {
        switch value {
        case .text(let text): .text(text)
        case .time(let time): .plain(time.description + ":00")
        // As typed: the value model stores a decimal exactly as it was written.
        case .decimal(let number): .plain(plain(number))
        default: .plain(value.text)
        }
    }

    /// `2026-03-02T08:14:00Z`: UTC to the second, as Table Schema's datetime reads it.
    static func datetime(_ instant: Date) -> String {
        let utc = Timestamp.utc(Date(timeIntervalSince1970: instant.timeIntervalSince1970.rounded(.down)))
        return String(utc.prefix(19)) + "Z"
    }

    /// A package name: lower case letters, digits and `-`.
    static func packageName(_ title: String) -> String {
        var name = ""
        for scalar in title.lowercased().unicodeScalars {
            if scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar)) {
                name.unicodeScalars.append(scalar)
            } else if !name.isEmpty && name.last != "-" {
                name += "-"
            }
        }
        while name.last == "-" { name.removeLast() }
        return name.isEmpty ? "carefeed-study" : name
    }

    static func resourceName(_ id: String) -> String {
        packageName(id.replacingOccurrences(of: "_", with: "-").map { $0.isUppercase ? "-" + $0.lowercased() : String($0) }.joined())
    }
}
