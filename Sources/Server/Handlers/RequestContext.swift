import CareModel
import Content
import Feed
import HTTP

/// What a handler needs to answer one request: the participant's data as
/// the cache has it, the content in force, the session and its form token.
struct RequestContext {
    var participant: Participant
    var today: LocalDate
    var plan: CarePlan
    var feed: ParticipantFeed
    var outcomes: [Outcome]
    var links: ServerLinks
    var respond: Responder
    var session: String
    var csrfToken: String
    var form: FormData?
    /// Where the cached feed came from, so pages made from it are cached with it.
    var snapshot: ParticipantCache.Snapshot

    var isPost: Bool { form != nil }
    var todayRoute: Route { .feed(today) }
}
