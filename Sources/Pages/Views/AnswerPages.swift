import CareModel
import StudyModel
import Markup

/// The pages around saved answers: the task's closing words after saving,
/// and the question before deleting them.
public enum AnswerPages {
    /// What a page about one event's saved answers shows.
    public struct Context {
        public var task: StudyTask
        public var event: ScheduledEvent
        public var outcome: Outcome
        public var participant: Participant
        public var study: Study
        public var reader: Reader
        public var today: LocalDate

        public init(task: StudyTask, event: ScheduledEvent, outcome: Outcome, participant: Participant, study: Study,
                    reader: Reader, today: LocalDate) {
            self.task = task
            self.event = event
            self.outcome = outcome
            self.participant = participant
            self.study = study
            self.reader = reader
            self.today = today
        }

        var feed: String { reader.links.feed(participant.id, today) ?? "/" }
    }

    /// The task's completion step, shown once its answers are saved: its
    /// title and text (such as when to call the surgeon), what was saved, and
    /// the way back to the day.
    public static func completion(_ step: CompletionStep, context: Context, frame: Layout.Frame = .plain) -> HTML {
        let words = context.reader.words
        let format = context.reader.format
        // An answer that raises an alert: who to call comes first, in calm words, before anything else.
        var main = callUs(context.study.alerts(raisedBy: context.outcome, version: context.task), context: context)
        main += "<div class=\"completion\">\(Layout.icon("checkmark.circle.fill", reader: context.reader))"
            + "<h1>\(step.title)</h1></div>\n"
        if let text = step.text { main += "<p class=\"lead completion-text\">\(text)</p>\n" }
        // What was saved, an answer a line and the scores after them: a questionnaire's dozen answers are no run-on line.
        let answers = format.answerList(context.outcome, task: context.task, study: context.study)
        let scores = format.scores(context.outcome, task: context.task, sharing: context.reader.sharing)
        let time = format.time(context.outcome.createdAt, in: context.participant.timeZone)
        let title = context.event.visit.map { words(.taskVisit, ["task": context.task.title, "visit": $0]) } ?? context.task.title
        main += "<p class=\"answers\">\(words(.savedAt, ["task": title, "time": time]))</p>\n"
        if !answers.isEmpty || !scores.isEmpty {
            main += "<ul class=\"answer-list\">" + answers.map { "<li>\($0)</li>" as HTML }.joined()
                + scores.map { "<li class=\"score\">\($0)</li>" as HTML }.joined() + "</ul>\n"
        }
        main += "<p class=\"form-actions\"><a class=\"button\" href=\"\(context.feed)\">\(words(.backToToday))</a></p>\n"
        if let slug = context.study.safety, let note = context.study.note(slug) {
            main += "<p><a class=\"help-link\" href=\"\(context.reader.links.note(note.slug))\">"
                + "\(Layout.icon("info.circle.fill", reader: context.reader))\(note.title)</a></p>\n"
        }
        return Layout.page(title: step.title, study: context.study, reader: context.reader,
                           nav: .participant(id: context.participant.id, today: context.today, current: .feed),
                           main: main, frame: frame)
    }

    /// The note the alerts name and the care team's numbers, at the top of
    /// the completion step; nothing when no alert is raised.
    static func callUs(_ alerts: [TaskAlert], context: Context) -> HTML {
        guard !alerts.isEmpty else { return "" }
        let reader = context.reader
        var html: HTML = "<section class=\"call-us card\" aria-labelledby=\"call-us\">\n"
            + "<h2 id=\"call-us\">\(reader.words(.alertCallUs))</h2>\n<p>\(reader.words(.alertCallUsText))</p>\n"
        var shown: Set<String> = []
        for slug in alerts.compactMap(\.show) where shown.insert(slug).inserted {
            guard let note = context.study.note(slug) else { continue }
            html += "<p><a class=\"help-link\" href=\"\(reader.links.note(note.slug))\">"
                + "\(Layout.icon("info.circle.fill", reader: reader))\(note.title)</a></p>\n"
        }
        return html + CareTeamPage.numbers(context.study, reader: reader) + "</section>\n"
    }

    /// Asks before deleting: what will be deleted, a button that deletes,
    /// and a way back that changes nothing.
    public static func confirmDelete(context: Context, action: String, csrfToken: String,
                                     frame: Layout.Frame = .plain) -> HTML {
        let words = context.reader.words
        let format = context.reader.format
        let answers = format.answers(context.outcome, task: context.task, study: context.study)
        var main: HTML = "<p class=\"back\"><a href=\"\(context.feed)\"><span class=\"arrow\" aria-hidden=\"true\">←</span> \(words(.backToToday))</a></p>\n"
        main += "<h1>\(words(.deleteTheseAnswers))</h1>\n"
        main += "<p class=\"lead\">\(words.html(.yourAnswersTo, ["task": "<strong>\(context.task.title)</strong>", "day": "\(format.day(context.event.day))", "time": "\(format.time(context.outcome.createdAt, in: context.participant.timeZone))"]))</p>\n"
        main += "<p class=\"answers answers-to-delete\">\(answers.isEmpty ? words(.doneNoAnswers) : answers)</p>\n"
        main += "<p>\(words(.deleteExplained))</p>\n"
        main += "<form method=\"post\" action=\"\(action)\" class=\"confirm-delete\">\n"
            + "<input type=\"hidden\" name=\"csrf\" value=\"\(csrfToken)\">\n"
            + "<p class=\"form-actions\"><a class=\"button button-secondary\" href=\"\(context.feed)\">\(words(.cancelKeep))</a> "
            + "<button type=\"submit\" class=\"button button-danger\" data-busy-label=\"\(words(.deleting))\">\(words(.deleteAnswers))</button></p>\n"
            + "</form>\n"
        return Layout.page(title: words(.deleteTheseAnswers), study: context.study, reader: context.reader,
                           nav: .participant(id: context.participant.id, today: context.today, current: .feed),
                           main: main, scripts: ["js/busy.js"], frame: frame)
    }
}
