import CareModel
import Foundation
import StudyModel

/// `dictionary.csv`: every column of every task's table in one list, as
/// REDCap's data dictionary has them: its table, kind of field, label,
/// coded choices as `0, Never | 1, Rarely`, unit, bounds, when it is asked
/// (in CareFeed's words and in REDCap's branching logic), whether it is
/// required, and a score's formula.
extension DataPackage {
    static let dictionaryName = "dictionary"

    /// - Parameter tasks: the tables of the study's tasks but onboarding, in its order.
    func dictionary(_ tasks: [Table]) -> Table {
        var table = Table(name: Self.dictionaryName, title: "Data dictionary",
                          description: "One row per answer column of each task's table, as REDCap's data dictionary lists "
                              + "its fields: what an analysis needs to read a column without the study's content.",
                          primaryKey: ["table", "variable"], foreignKey: false)
        func text(_ name: String, _ title: String, _ description: String) -> Field {
            Field(name: name, type: "string", title: title, description: description)
        }
        table.fields = [
            text("variable", "Variable", "The column's name in its table."),
            text("table", "Table", "The table's file, such as kneeFunction.csv."),
            text("field_type", "Field type",
                 "slider (a scale), number, integer, yesno, radio (one choice), checkbox (one column per option), notes "
                     + "(text), date, time, or calc (a score worked out from answers)."),
            text("label", "Label", "The question, or the score's name, in the study's own language."),
            text("choices", "Choices", "A choice's codes and their words, as REDCap writes them: 0, Never | 1, Rarely."),
            text("unit", "Unit", "The unit of a number, in the study's words."),
            text("unit_ucum", "Unit (UCUM)", "The unit's UCUM code (unitsofmeasure.org), where it has one."),
            text("minimum", "Minimum", "The lowest value an answer can have."),
            text("maximum", "Maximum", "The highest value an answer can have."),
            text("branching_logic", "Asked when", "When the question is asked, in CareFeed's words; empty: always."),
            text("branching_logic_redcap", "Branching logic", "The same, in REDCap's branching logic."),
            text("required", "Required", "y: the participant must answer it when it is asked."),
            text("score_formula", "Score formula", "How a score is worked out from the answers."),
        ]
        // The task tables come in the study's order of tasks, as `files()` makes them.
        for (task, taskTable) in zip(plan.study.tasks.filter { !$0.isOnboarding }, tasks) {
            let path = taskTable.path
            let definitions = plan.allDefinitions.filter { $0.id == task.id }
            let current = definitions.first { $0.formItems.isEmpty == false } ?? task
            for column in Self.itemColumns(definitions) where !column.isReason {
                guard let item = definitions.lazy.flatMap(\.formItems).first(where: { $0.id == column.item }) else { continue }
                let condition = (definitions.first { $0.formItems.contains { $0.id == item.id } } ?? current).askedWhen(item.id)
                let (low, high) = Self.bounds(item.answer)
                table.rows.append([
                    .text(column.field.name), .text(path), .text(Self.fieldType(item.answer, option: column.option != nil)),
                    .text(column.field.title), .text(column.option == nil ? Self.choices(item.answer) : ""),
                    .text(Self.unit(item.answer) ?? ""), .text(Self.unit(item.answer).flatMap(FHIRTerms.ucum) ?? ""),
                    .plain(low.map(Self.plain) ?? ""), .plain(high.map(Self.plain) ?? ""),
                    .text(condition.map(Self.words) ?? ""), .text(condition.map(\.redcap) ?? ""),
                    .plain(item.isRequired ? "y" : ""), .text(""),
                ])
            }
            for (_, field) in Self.scoreColumns(definitions) {
                let minimum = (field.constraints?["minimum"] as? Double).map(Self.plain) ?? ""
                let maximum = (field.constraints?["maximum"] as? Double).map(Self.plain) ?? ""
                table.rows.append([.text(field.name), .text(path), .text("calc"), .text(field.title), .text(""), .text(""), .text(""),
                                   .plain(minimum), .plain(maximum), .text(""), .text(""), .plain(""), .text(field.description)])
            }
        }
        return table
    }

    static func fieldType(_ answer: AnswerFormat, option: Bool) -> String {
        switch answer {
        case .scale: "slider"
        case .numeric(_, _, let decimals, _): decimals == 0 ? "integer" : "number"
        case .boolean: "yesno"
        case .choice(_, let multiple): option ? "yesno" : multiple ? "checkbox" : "radio"
        case .text: "notes"
        case .date: "date"
        case .timeOfDay: "time"
        }
    }

    /// `0, Never | 1, Rarely`, and a scale's labelled ends.
    static func choices(_ answer: AnswerFormat) -> String {
        switch answer {
        case .choice(let options, _):
            return options.map { "\($0.value), \($0.text)" }.joined(separator: " | ")
        case .scale(let min, let max, _, let minLabel, let maxLabel) where minLabel != nil || maxLabel != nil:
            return [minLabel.map { "\(plain(min)), \($0)" }, maxLabel.map { "\(plain(max)), \($0)" }].compactMap { $0 }
                .joined(separator: " | ")
        default:
            return ""
        }
    }

    static func unit(_ answer: AnswerFormat) -> String? {
        if case .numeric(_, _, _, let unit) = answer { unit } else { nil }
    }

    /// A condition in CareFeed's words: `pain at least 8`, `all of (…; …)`.
    static func words(_ condition: Condition) -> String {
        switch condition {
        case .equals(let item, let value): "\(item) equals \(value)"
        case .notEquals(let item, let value): "\(item) is not \(value)"
        case .atLeast(let item, let number): "\(item) at least \(plain(number))"
        case .atMost(let item, let number): "\(item) at most \(plain(number))"
        case .answered(let item, let answered): answered ? "\(item) answered" : "\(item) not answered"
        case .includes(let item, let value): "\(item) includes \(value)"
        case .all(let conditions): "all of (" + conditions.map(words).joined(separator: "; ") + ")"
        case .any(let conditions): "any of (" + conditions.map(words).joined(separator: "; ") + ")"
        case .not(let inner): "not (" + words(inner) + ")"
        }
    }
}
