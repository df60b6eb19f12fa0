import CareModel
import Feed
import HTTP
import Pages
import Words

/// The feed's `AnswerGate` as the server answers it: 409 and a page that says why.
enum TaskGate {
    static func refusal(day: LocalDate, through lastDay: LocalDate? = nil, title: String, _ context: RequestContext) -> HTTPResponse? {
        let respond = context.respond
        let words = respond.words
        let back = (Word.goToToday, context.todayRoute)
        switch AnswerGate.refusal(changing: day, through: lastDay, feed: context.feed, standing: context.standing) {
        case nil:
            return nil
        case .reconsentPending:
            return respond.message(.conflict, .readNewConsentFirst, words(.readNewConsentFirstText), link: (.readTheConsentForm, .reconsent))
        case .withdrawn:
            return respond.message(.conflict, .youHaveLeftTitle, words(.youHaveLeftText), link: back)
        case .notJoined:
            return respond.message(.conflict, .joinFirst, words(.joinFirstText), link: (.join, .onboarding(step: 1)))
        case .dayLocked:
            return respond.message(.conflict, .dayLocked, words(.dayLockedText, ["day": context.reader.format.day(lastDay ?? day)]), link: back)
        case .notOpenYet:
            return respond.message(.conflict, .notOpenYet, words(.notOpenYetText, ["task": title, "day": context.reader.format.day(day)]), link: back)
        }
    }
}
