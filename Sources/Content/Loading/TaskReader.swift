import CareModel
import Markup
import StudyModel

/// Reads a task's front matter: id, title, adherence, schedule and survey,
/// and whether it is a log.
extension FieldReader {
    func task(_ node: YAMLNode, fileID: String, instructions: HTML) -> StudyTask? {
        guard let fields = fields(node, in: "the task", allowed: ["id", "title", "impactsAdherence", "schedule", "survey", "log", "button", "scores", "alerts"],
                                  required: ["id", "title"]) else { return nil }
        let id = identifier(fields["id"], "the task id")
        if let id, id != fileID, let idNode = fields["id"] {
            error("the task id '\(id)' must match its file name '\(fileID).md'", at: idNode)
        }
        let title = text(fields["title"], "the task title")
        let isLog = fields["log"].flatMap { boolean($0, "log") } ?? false
        if fields["schedule"] == nil && !isLog {
            error("the task is missing 'schedule'", at: node)
        }
        let impactsAdherence = fields["impactsAdherence"].map { boolean($0, "impactsAdherence") ?? true } ?? !isLog
        let schedule = fields["schedule"].flatMap(schedule) ?? (isLog && fields["schedule"] == nil ? Self.everyDay : nil)
        surveyItems = []
        surveyItemIDs = Set(fields["survey"].map(Self.itemIDs) ?? [])
        conditionNodes = []
        let survey = fields["survey"].flatMap { surveyNode in
            list(surveyNode, "survey").map { $0.compactMap(step) }
        } ?? []
        if survey.contains(where: { if case .consent = $0 { true } else { false } }) {
            for node in conditionNodes {
                error("the onboarding task asks every question of its steps, so it has no showIf; "
                      + "ask what follows an answer in a task of its own", at: node)
            }
        }
        if let surveyNode = fields["survey"] { quizBeforeConsent(surveyNode) }
        let formItems = survey.flatMap { step -> [FormItem] in if case .form(let form) = step { form.items } else { [] } }
        let scores = fields["scores"].flatMap { self.scores($0, survey: formItems) }
        let alerts = fields["alerts"].flatMap { self.alerts($0, items: formItems, scores: scores ?? []) }
        cardKind(fields, isLog: isLog, hasSurvey: !survey.isEmpty)
        let button = fields["button"].flatMap { text($0, "button") }
        if let buttonNode = fields["button"], !isLog {
            error("button names a log task's button, and this task has no log: true", at: buttonNode)
        }
        // With errors reported, a partial task still goes on to have its
        // references checked, so one run names every mistake.
        guard let schedule = schedule ?? (hasErrors ? Schedule([]) : nil) else { return nil }
        var task = StudyTask(id: id ?? fileID, title: title ?? fileID, impactsAdherence: impactsAdherence,
                             schedule: schedule, survey: survey, instructions: instructions, file: file, log: isLog ? true : nil,
                             button: isLog ? button : nil, scores: scores.flatMap { $0.isEmpty ? nil : $0 })
        task.alerts = alerts.flatMap { $0.isEmpty ? nil : $0 }
        return task
    }

    /// A question with `expect` asks about the consent before it is signed:
    /// in a step before the onboarding task's consent step.
    private func quizBeforeConsent(_ survey: YAMLNode) {
        guard case .sequence(let steps) = survey.value else { return }
        let consent = steps.firstIndex { step in
            if case .scalar("consent", _)? = CrossReferences.value("type", in: step)?.value { true } else { false }
        }
        for (index, step) in steps.enumerated() {
            guard let items = CrossReferences.value("items", in: step), case .sequence(let nodes) = items.value else { continue }
            for node in nodes {
                guard let expect = CrossReferences.value("expect", in: node), consent.map({ index > $0 }) ?? true else { continue }
                error("expect asks a question about the consent before it is signed: put this item in a form step before "
                      + "the onboarding task's consent step", at: expect)
            }
        }
    }

    /// The ids of every form item written in a survey, read loosely: to tell
    /// a condition naming a later item from one naming no item at all.
    private static func itemIDs(_ survey: YAMLNode) -> [String] {
        guard case .sequence(let steps) = survey.value else { return [] }
        return steps.flatMap { step -> [String] in
            guard let items = CrossReferences.value("items", in: step), case .sequence(let nodes) = items.value else { return [] }
            return nodes.compactMap { node in
                if case .scalar(let id, _)? = CrossReferences.value("id", in: node)?.value { id } else { nil }
            }
        }
    }

    /// A log without a schedule is offered every day from enrollment on.
    private static let everyDay = Schedule([ScheduleElement(start: .enrollment(plusDays: 0), interval: .days(1), time: .allDay)])

    /// What a log and a checklist may not have: a log is one tap with no
    /// survey, never counted, offered all day; a checklist's boxes are times.
    private func cardKind(_ fields: Fields, isLog: Bool, hasSurvey: Bool) {
        let elements = fields["schedule"].flatMap { node -> [YAMLNode]? in
            if case .sequence(let items) = node.value { items } else { nil }
        } ?? []
        if isLog {
            if hasSurvey, let surveyNode = fields["survey"] {
                error("a log task has no survey: each entry is one tap on its card; remove survey, or log: true "
                      + "to ask questions", at: surveyNode)
            }
            if let adherence = fields["impactsAdherence"], boolean(adherence, "impactsAdherence") == true {
                error("a log task never counts toward adherence, as its entries are taken as needed; "
                      + "remove impactsAdherence", at: adherence)
            }
            for element in elements {
                if let window = CrossReferences.value("window", in: element) {
                    error("a log is offered all day on each of its days and asks for nothing, so it has no window", at: window)
                }
                if let at = CrossReferences.value("at", in: element) {
                    error("a log task is offered all day on the days its schedule names; use allDay: true, not at",
                          at: at)
                }
            }
            return
        }
        guard !hasSurvey else { return }
        let isChecklist = elements.contains { element in
            if case .sequence(let times)? = CrossReferences.value("at", in: element)?.value { times.count > 1 } else { false }
        }
        guard isChecklist else { return }
        for element in elements {
            if let allDay = CrossReferences.value("allDay", in: element) {
                error("a checklist has one box for each time of day, so every element needs at times, not allDay: true",
                      at: allDay)
            }
        }
    }
}
