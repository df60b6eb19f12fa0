import CareModel
import Words

/// The one rule for a question's answer: the values it stores from what a
/// participant typed, and whether stored values are an answer to it.
extension FormItem {
    /// What the participant typed for this question (several texts for a
    /// multiple choice; each trimmed, none empty), read and judged: the
    /// values to store, or the first reason they cannot be.
    public func read(_ typed: [String], numbers: Formats) -> Result<[OutcomeValue], ValueProblem> {
        var values: [OutcomeValue] = []
        for text in typed {
            if text == Self.preferNotToAnswerValue, offersPreferNotToAnswer {
                values.append(OutcomeValue(kind: id, value: .preferNotToAnswer))
                continue
            }
            switch answer.read(text, numbers: numbers) {
            case .success(let value): values.append(stored(value))
            case .failure(let problem): return .failure(problem)
            }
        }
        return problem(values).map { .failure($0) } ?? .success(values)
    }

    /// `value` as this question stores it, with its unit ("prefer not to
    /// answer" is no amount, so it has none).
    public func stored(_ value: OutcomeValue.Value) -> OutcomeValue {
        OutcomeValue(kind: id, value: value, unit: value == .preferNotToAnswer ? nil : answer.unit)
    }

    /// Why `values`, all stored for this question in one outcome, are not
    /// an answer to it; nil when they are, or when there are none (whether
    /// it must be answered is the task's to say).
    public func problem(_ values: [OutcomeValue]) -> ValueProblem? {
        refusal(values)?.problem
    }

    /// The first problem with `values`, with the value it is about where it is about one.
    private func refusal(_ values: [OutcomeValue]) -> ItemProblem? {
        func refused(_ problem: ValueProblem, _ value: OutcomeValue.Value? = nil) -> ItemProblem {
            ItemProblem(item: id, problem: problem, value: value)
        }
        if values.contains(where: { $0.value == .preferNotToAnswer }) {
            guard offersPreferNotToAnswer else { return refused(.preferNotNotOffered) }
            guard values.count == 1 else { return refused(.preferNotWithAnswer) }
            return values[0].unit == nil ? nil : refused(.wrongUnit(expected: nil, given: values[0].unit))
        }
        if values.count > 1 {
            guard case .choice(_, true) = answer else { return refused(.severalForOne) }
        }
        var chosen: Set<String> = []
        for value in values {
            if let problem = answer.problem(value.value) { return refused(problem, value.value) }
            if value.unit != answer.unit { return refused(.wrongUnit(expected: answer.unit, given: value.unit), value.value) }
            if case .text(let text) = value.value, case .choice = answer, !chosen.insert(text).inserted {
                return refused(.optionTwice(text))
            }
        }
        return nil
    }

    /// What is wrong with each question's values among `values` (one
    /// outcome's): a kind no question has, a question that was not asked
    /// with a value (`asked` are the questions the values themselves ask),
    /// a required question asked and not answered, a value its question
    /// does not take. Empty when every value is an answer.
    public static func problems(_ values: [OutcomeValue], items: [FormItem], asked: [FormItem]) -> [ItemProblem] {
        let byKind = Dictionary(grouping: values, by: \.kind)
        let askedIDs = Set(asked.map(\.id))
        var problems: [ItemProblem] = []
        let known = Set(items.map(\.id))
        for kind in Set(byKind.keys).subtracting(known).sorted() {
            problems.append(ItemProblem(item: kind, problem: .noSuchQuestion))
        }
        for item in items {
            let given = byKind[item.id] ?? []
            if !askedIDs.contains(item.id) {
                if !given.isEmpty { problems.append(ItemProblem(item: item.id, problem: .notAsked)) }
            } else if given.isEmpty {
                if item.isRequired { problems.append(ItemProblem(item: item.id, problem: .unanswered)) }
            } else if let refusal = item.refusal(given) {
                problems.append(refusal)
            }
        }
        return problems
    }
}

extension StudyTask {
    /// What is wrong with one outcome's `values` as answers to this version
    /// of the task; empty when this version could have stored them. A task
    /// without questions stores one value of its own kind, a tap: `done` or
    /// `logged`, true.
    public func problems(_ values: [OutcomeValue]) -> [ItemProblem] {
        let items = formItems
        guard items.isEmpty else {
            let answers = Dictionary(grouping: values, by: \.kind).mapValues { $0.map(\.value) }
            return FormItem.problems(values, items: items, asked: askedItems(answers: answers))
        }
        guard let tap = kind.tapValue else {
            return values.map { ItemProblem(item: $0.kind, problem: .noSuchQuestion) }
        }
        if values.count > 1 { return [ItemProblem(item: tap.kind, problem: .severalForOne)] }
        return values.compactMap { value in
            if value.kind != tap.kind { return ItemProblem(item: value.kind, problem: .noSuchQuestion) }
            if value.value != tap.value { return ItemProblem(item: tap.kind, problem: .notItsType(value.value)) }
            return value.unit == nil ? nil : ItemProblem(item: tap.kind, problem: .wrongUnit(expected: nil, given: value.unit))
        }
    }
}
