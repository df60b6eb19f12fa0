import CareModel
import Markup

/// Reads a task's front matter: id, title, adherence, schedule and survey.
extension FieldReader {
    func task(_ node: YAMLNode, fileID: String, instructions: HTML) -> StudyTask? {
        guard let fields = fields(node, in: "the task", allowed: ["id", "title", "impactsAdherence", "schedule", "survey"],
                                  required: ["id", "title", "schedule"]) else { return nil }
        let id = identifier(fields["id"], "the task id")
        if let id, id != fileID, let idNode = fields["id"] {
            error("the task id '\(id)' must match its file name '\(fileID).md'", at: idNode)
        }
        let title = text(fields["title"], "the task title")
        let impactsAdherence = fields["impactsAdherence"].map { boolean($0, "impactsAdherence") ?? true } ?? true
        let schedule = fields["schedule"].flatMap(schedule)
        let survey = fields["survey"].flatMap { surveyNode in
            list(surveyNode, "survey").map { $0.compactMap(step) }
        } ?? []
        // With errors reported, a partial task still goes on to have its
        // references checked, so one run names every mistake.
        guard let schedule = schedule ?? (hasErrors ? Schedule([]) : nil) else { return nil }
        return StudyTask(id: id ?? fileID, title: title ?? fileID, impactsAdherence: impactsAdherence,
                         schedule: schedule, survey: survey, instructions: instructions, file: file)
    }
}
