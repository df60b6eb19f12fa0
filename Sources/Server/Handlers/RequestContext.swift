import CareModel
import CareStore
import StudyModel
import Feed
import Foundation
import HTTP
import Pages
import Words

/// What a handler needs to answer one request: the participant's data as
/// the cache has it, the content in force, the session and its form token.
struct RequestContext {
    /// The participant, their feed and outcomes are the snapshot's, read through it rather than copied for each request.
    var participant: Participant { snapshot.participant }
    /// The time of the request, read once from the server's clock.
    var now: Date
    var today: LocalDate
    /// The plan in the participant's language.
    var plan: CarePlan
    /// The plan in the study's own language, whose words the store keeps.
    var ownPlan: CarePlan
    var feed: ParticipantFeed { snapshot.feed }
    var outcomes: [Outcome] { snapshot.outcomes }
    var links: ServerLinks
    /// The language the participant reads their pages in.
    var language: Language
    /// The participant, reading their own pages.
    var reader: Reader { .participant(links: links, language: language) }
    var respond: Responder
    var session: String
    var csrfToken: String
    var method: HTTPMethod
    /// A POST's fields; nil for GET and HEAD.
    var form: FormData?
    /// Where the cached feed came from, so pages made from it are cached with it.
    var snapshot: ParticipantCache.Snapshot

    var standing: Standing { snapshot.standing }
    var todayRoute: Route { .feed(today) }

    /// The context of an admitted request: the participant's data from the
    /// cache, worked out again if the store, the content or the day changed.
    init(_ admitted: RequestGuard.Admitted, participantID: String, state: ParticipantApp.ContentState, generation: Int,
         store: CareStore, cache: ParticipantCache, configuration: ParticipantApp.Configuration, liveReload: Bool,
         signOutToken: String? = nil, stamp storeStamp: CareStore.ChangeStamp? = nil) throws {
        let stamp = try store.participantStamp(id: participantID, stamp: storeStamp)
        let now = configuration.now()
        let study = state.plan.study
        let language = { (participant: Participant) in
            Self.language(of: participant, acceptLanguage: admitted.acceptLanguage, study: study)
        }
        snapshot = try cache.snapshot(of: participantID, stamp: stamp, generation: generation,
                                      today: { configuration.today(of: $0, at: now) }, language: { language($0).tag }) {
            guard let participant = try store.participant(id: participantID) else {
                throw CareStoreError.notFound("no participant '\(participantID)' in the store")
            }
            let records = try store.records(participantID: participant.id, includingAuditLog: false)
            let outcomes = records.liveOutcomes
            let today = configuration.today(of: participant, at: now)
            let tag = language(participant).tag
            // The cards carry their task's words: the plan is the participant's language's.
            let view = ParticipantView(participant: participant, records: records,
                                       plan: Self.plan(state.plan(in: tag), today: today, configuration), today: today,
                                       audience: .participant)
            return ParticipantCache.Snapshot(stamp: stamp, generation: generation, today: today, language: tag,
                                             participant: participant, records: records, outcomes: outcomes, view: view)
        }
        self.now = now
        today = snapshot.today
        self.language = language(snapshot.participant)
        plan = Self.plan(state.plan(in: self.language.tag), today: today, configuration)
        ownPlan = Self.plan(state.plan, today: today, configuration)
        let pages = FeedBounds.pageDays(enrolledOn: snapshot.participant.enrolledOn, today: today)
        links = ServerLinks(days: pages.lowerBound.ordinal...pages.upperBound.ordinal)
        respond = Responder(study: plan.study, language: self.language, diagnostics: state.diagnostics, liveReload: liveReload,
                            isPreview: configuration.previewsEdits, signOutToken: signOutToken)
        session = admitted.session
        csrfToken = admitted.csrfToken
        method = admitted.method
        form = admitted.form
    }

    /// Values as the store keeps them, whatever language they were answered
    /// in: a unit in the study's own words, as exports and charts read it.
    func stored(_ values: [OutcomeValue], taskID: String, version: Int) -> [OutcomeValue] {
        guard let items = ownPlan.task(taskID, version: version)?.formItems else { return values }
        return values.map { value in items.first { $0.id == value.kind }?.stored(value.value) ?? value }
    }

    /// The plan the participant sees: the editor's preview sees each edit at once.
    static func plan(_ plan: CarePlan, today: LocalDate, _ configuration: ParticipantApp.Configuration) -> CarePlan {
        configuration.previewsEdits ? plan.previewing(from: today) : plan
    }

    /// The participant's chosen language while the study offers it, else the
    /// one of the study's their browser prefers, else the study's own.
    static func language(of participant: Participant, acceptLanguage: String?, study: Study) -> Language {
        if let chosen = participant.language.flatMap(LanguageTag.init), let language = study.language(chosen) {
            return language
        }
        return LanguageChoice.preferred(by: acceptLanguage, among: study.languages) ?? study.ownLanguage
    }
}
