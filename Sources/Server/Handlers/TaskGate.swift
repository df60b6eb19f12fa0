import CareModel
import Feed
import HTTP
import Pages

/// The feed's `AnswerGate` as the server answers it: 409 and a page that says why.
enum TaskGate {
    static func refusal(day: LocalDate, title: String, _ context: RequestContext) -> HTTPResponse? {
        let respond = context.respond
        let back = ("Go to today", context.todayRoute)
        switch AnswerGate.refusal(changing: day, feed: context.feed, status: context.status) {
        case nil:
            return nil
        case .reconsentPending:
            return respond.message(.conflict, "Please read the new consent form first",
                                   "The consent form has changed. Your tasks open again once you have read and signed it. "
                                   + "Nothing was saved.", link: ("Read the consent form", .reconsent))
        case .withdrawn:
            return respond.message(.conflict, "You have left the study",
                                   "Thank you for taking part. Nothing more is asked of you, and nothing new is saved.",
                                   link: back)
        case .notJoined:
            return respond.message(.conflict, "Join the study first", "Tasks open once you have joined the study.",
                                   link: ("Join", .onboarding(step: 1)))
        case .dayLocked:
            return respond.message(.conflict, "This day is locked", "\(Format.day(day)) has passed. Past days cannot be changed, "
                                   + "so nothing was changed.", link: back)
        case .notOpenYet:
            return respond.message(.conflict, "Not open yet", "\(title) for \(Format.day(day)) opens on that day. Nothing was saved.",
                                   link: back)
        }
    }
}
