import CareModel
import Foundation
import StudyModel

/// A condition as `js/conditions.js` reads it from a `data-show-if`
/// attribute: the same test, its values written as the form sends them
/// (`yes` for true), so the script compares what the participant entered.
enum ConditionScript {
    static func json(_ condition: Condition, task: StudyTask) -> String {
        let object = value(condition, task: task)
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    private static func value(_ condition: Condition, task: StudyTask) -> Any {
        // A typed or scale number as a number, which the script reads with the participant's decimal comma.
        func sent(_ item: String, _ value: String) -> Any {
            switch task.formItems.first(where: { $0.id == item })?.answer {
            case .boolean?: return value == "true" ? "yes" : "no"
            case .scale?, .numeric?: return Double(plain: value) ?? value
            default: return value
            }
        }
        switch condition {
        case .equals(let item, let value): return ["item": item, "equals": sent(item, value)]
        case .notEquals(let item, let value): return ["item": item, "notEquals": sent(item, value)]
        case .atLeast(let item, let number): return ["item": item, "atLeast": number]
        case .atMost(let item, let number): return ["item": item, "atMost": number]
        case .answered(let item, let answered): return ["item": item, "answered": answered]
        case .includes(let item, let value): return ["item": item, "includes": value]
        case .all(let conditions): return ["all": conditions.map { Self.value($0, task: task) }]
        case .any(let conditions): return ["any": conditions.map { Self.value($0, task: task) }]
        case .not(let condition): return ["not": Self.value(condition, task: task)]
        }
    }
}
