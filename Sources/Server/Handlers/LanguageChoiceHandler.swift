import CareStore
import HTTP
import Pages
import Words

/// `/language`: the study's languages, and the participant's choice stored
/// with them, so every page, the calendar and their data download follow it.
struct LanguageChoiceHandler {
    let store: CareStore

    func respond(_ context: RequestContext) throws -> HTTPResponse {
        let study = context.plan.study
        guard let form = context.form else {
            return context.respond.page(LanguagePage.render(study: study, reader: context.reader, action: Route.language.path,
                                                            back: context.todayRoute.path, csrfToken: context.csrfToken,
                                                            frame: context.respond.frame))
        }
        guard try Self.store(form["language"], for: context, in: store) else {
            return context.respond.message(.unprocessableContent, .languageNotOffered, context.respond.words(.languageNotOfferedText),
                                           link: (.goToToday, context.todayRoute))
        }
        return .seeOther(Self.localPath(form["back"]) ?? context.todayRoute.path)
    }

    /// Stores `tag` as the participant's language when the study offers it; false otherwise.
    static func store(_ tag: String?, for context: RequestContext, in store: CareStore) throws -> Bool {
        guard let tag = tag.flatMap(LanguageTag.init), context.plan.study.language(tag) != nil else { return false }
        if context.participant.language != tag.identifier {
            try store.setLanguage(tag.identifier, participantID: context.participant.id)
        }
        return true
    }

    /// A path on this server, never another site's address.
    static func localPath(_ text: String?) -> String? {
        guard let text, text.hasPrefix("/"), !text.hasPrefix("//"), !text.contains("\\"),
              text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else { return nil }
        return text
    }
}
