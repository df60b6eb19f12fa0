import CareModel
import Markup
import StudyModel
import Testing
import Words

/// The one rule for a value: what each answer format reads from typed text
/// and which stored values fit a question, as the server, `import` and
/// `demo` all ask it.
@Suite struct ValueModelTests {
    static let english = Formats(LanguageTag("en-US")!)

    static func item(_ id: String, _ answer: AnswerFormat, required: Bool = false, preferNot: Bool = false,
                     showIf: Condition? = nil) -> FormItem {
        FormItem(id: id, text: id, isRequired: required, answer: answer, measure: nil, showIf: showIf,
                 preferNotToAnswer: preferNot)
    }

    static let pain = item("pain", .scale(min: 0, max: 10, step: 1, minLabel: nil, maxLabel: nil), required: true, preferNot: true)
    static let weight = item("weight", .numeric(min: 30, max: 300, decimals: 1, unit: "kg"), preferNot: true)
    static let side = item("side", .choice(options: [ChoiceOption("Left"), ChoiceOption("Right")], multiple: false))
    static let sign = item("sign", .choice(options: [ChoiceOption("+"), ChoiceOption("-")], multiple: true))
    static let locking = item("locking", .boolean)
    static let often = item("often", .choice(options: [ChoiceOption(value: "1", text: "Rarely"), ChoiceOption(value: "2", text: "Often")],
                                             multiple: false),
                            required: true, showIf: .equals(item: "locking", value: "true"))
    static let note = item("note", .text(maxLength: nil))

    static let task = StudyTask(id: "check", title: "Check", impactsAdherence: true, schedule: Schedule([]),
                                survey: [.form(FormStep(title: nil, text: nil,
                                                        items: [pain, weight, side, sign, locking, often, note]))],
                                instructions: HTML(""), log: nil, button: nil)

    static func value(_ item: FormItem, _ value: OutcomeValue.Value) -> OutcomeValue {
        item.stored(value)
    }

    static func problems(_ values: [OutcomeValue]) -> [ValueProblem] {
        task.problems([value(pain, .integer(3))] + values).map(\.problem)
    }

    @Test func aValueTheFormWouldRefuseIsNoAnswer() {
        #expect(Self.problems([]) == [])
        #expect(Self.task.problems([Self.value(Self.pain, .decimal(3.5))]).map(\.problem)
                == [.offScale(min: 0, max: 10, step: 1)], "3.5 on a whole 0–10 scale")
        #expect(Self.problems([Self.value(Self.side, .text("Left")), Self.value(Self.side, .text("Right"))]) == [.severalForOne])
        #expect(Self.problems([Self.value(Self.locking, .boolean(false)), Self.value(Self.often, .text("2"))]) == [.notAsked],
                "a value for a question its condition hides")
        #expect(Self.problems([Self.value(Self.locking, .boolean(true))]) == [.unanswered])
        #expect(Self.problems([Self.value(Self.weight, .preferNotToAnswer), Self.value(Self.weight, .decimal(80))])
                == [.preferNotWithAnswer])
        #expect(Self.problems([OutcomeValue(kind: "weight", value: .decimal(80), unit: "lb")])
                == [.wrongUnit(expected: "kg", given: "lb")])
        #expect(Self.problems([Self.value(Self.weight, .decimal(5.123456))]) == [.tooManyDecimals(allowed: 1)])
        #expect(Self.problems([Self.value(Self.weight, .decimal(5.1))]) == [.belowMinimum(30)])
        #expect(Self.problems([Self.value(Self.weight, .decimal(75.123456))]) == [.tooManyDecimals(allowed: 1)])
        #expect(Self.problems([Self.value(Self.weight, .decimal(75.3))]) == [])
        #expect(Self.problems([Self.value(Self.weight, .integer(75))]) == [.notItsType(.integer(75))],
                "a number with decimals is stored as a decimal, as the form reads it")
        #expect(Self.problems([Self.value(Self.note, .text(String(repeating: "a", count: 100_000)))])
                == [.tooLong(limit: 10_000, length: 100_000)], "a text without maxLength keeps to 10,000 characters")
        #expect(Self.problems([Self.value(Self.note, .text("a\0b"))]) == [.holdsNUL])
        #expect(Self.problems([Self.value(Self.note, .text("ok \u{301}"))]) == [], "a combining mark after a space is not white space")
        #expect(Self.problems([Self.value(Self.note, .text("ok "))]) == [.notItsType(.text("ok "))], "a form trims")
        #expect(Self.problems([OutcomeValue(kind: "mood", value: .text("fine"))]) == [.noSuchQuestion])
        #expect(Self.problems([Self.value(Self.side, .preferNotToAnswer)]) == [.preferNotNotOffered])
        #expect(Self.problems([Self.value(Self.sign, .text("+")), Self.value(Self.sign, .text("-"))]) == [])
        #expect(Self.problems([Self.value(Self.sign, .text("+")), Self.value(Self.sign, .text("+"))]) == [.optionTwice("+")])
    }

    @Test func typedTextIsReadInTheParticipantsLanguageAndNeverCutOrRounded() {
        let arabic = Formats(LanguageTag("ar")!), german = Formats(LanguageTag("de-DE")!)
        #expect(Self.weight.read(["٧٥٫٣"], numbers: arabic) == .success([Self.value(Self.weight, .decimal(75.3))]))
        #expect(Self.weight.read(["75,3"], numbers: german) == .success([Self.value(Self.weight, .decimal(75.3))]))
        #expect(Self.weight.read(["75.325"], numbers: Self.english) == .failure(.tooManyDecimals(allowed: 1)),
                "never rounded to fit")
        #expect(Self.weight.read(["٣ kg"], numbers: arabic) == .failure(.notANumber))
        #expect(Self.pain.read(["3.5"], numbers: Self.english) == .failure(.offScale(min: 0, max: 10, step: 1)),
                "never rounded to a whole number")
        #expect(Self.pain.read(["٣"], numbers: arabic) == .success([Self.value(Self.pain, .integer(3))]))
        #expect(Self.pain.read(["preferNotToAnswer"], numbers: Self.english) == .success([Self.value(Self.pain, .preferNotToAnswer)]))
        #expect(Self.pain.read(["preferNotToAnswer", "3"], numbers: Self.english) == .failure(.preferNotWithAnswer))
        #expect(Self.side.read(["preferNotToAnswer"], numbers: Self.english) == .failure(.notAnOption("preferNotToAnswer")))
    }

    @Test func aScaleThatStartsBetweenWholeNumbersStoresDecimals() {
        let half = Self.item("half", .scale(min: 0.5, max: 4.5, step: 1, minLabel: nil, maxLabel: nil))
        #expect(half.read(["1.5"], numbers: Self.english) == .success([Self.value(half, .decimal(1.5))]))
        #expect(half.answer.value(1.5) == .decimal(1.5), "demo stores what the form stores")
    }
}
