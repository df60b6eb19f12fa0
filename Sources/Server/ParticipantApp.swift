import CareModel
import CareStore
import HTTP
import Markup
import Pages
import Words
import Support

/// The participant's preview server as a function from request to response:
/// every route of the preview for one participant, testable without a socket.
/// It checks the request, routes it and composes the answer; each job has a
/// type of its own.
public final class ParticipantApp: Sendable {
    let store: CareStore
    let configuration: Configuration
    let requestGuard: RequestGuard
    /// The content, and a count of its updates, so what was computed from older content is not reused.
    let content: Locked<(state: ContentState, generation: Int)>
    private let cache: ParticipantCache
    private let onboarding: OnboardingFlow
    private let lifecycle: ConsentLifecycle
    /// A task's answers: a hosted study's with a mail relay store each alert's e-mail with its answer.
    private let answers: TaskAnswers
    /// Failed joins by client address, on a hosted study.
    let joins = JoinLimiter()
    /// Stands for the form token in cached pages: random, so no content can hold it.
    private let tokenStandIn = ParticipantApp.randomHex(words: 4)
    /// Set when live reload runs: pages then carry the reload script.
    private let live = Locked<LiveReload?>(nil)

    public init(store: CareStore, content: ContentState, configuration: Configuration) {
        self.store = store
        self.content = Locked((content, 0))
        self.configuration = configuration
        requestGuard = RequestGuard(secret: configuration.secret, host: configuration.hosting?.host ?? configuration.host)
        // A hosted study keeps the participants active lately, and the drafts of many sessions at once.
        let hosted = configuration.hosting != nil
        cache = ParticipantCache(capacity: hosted ? 2_048 : 1)
        onboarding = OnboardingFlow(store: store, now: configuration.now, drafts: hosted ? 4_096 : nil)
        lifecycle = ConsentLifecycle(store: store, now: configuration.now, drafts: hosted ? 4_096 : nil)
        answers = TaskAnswers(store: store, mailsAlerts: configuration.hosting?.mailsAlerts ?? false)
    }

    /// Replaces the content after an edit, or keeps the last good content and
    /// shows `diagnostics` on every page.
    public func update(_ change: (inout ContentState) -> Void) {
        content.update { content in
            change(&content.state)
            content.generation += 1
        }
    }

    /// Watches `folders` and tells open pages to reload after `reload` ran.
    public func enableLiveReload(folders: [String], reload: @escaping @Sendable () -> Void) {
        live.update { $0 = LiveReload(folders: folders, onChange: reload) }
    }

    public func stopLiveReload() {
        live.value?.stop()
    }

    public func csrfToken(forSession session: String) -> String {
        requestGuard.csrfToken(forSession: session)
    }

    /// A session id this server accepts, as a browser is given one.
    public func newSession() -> String {
        requestGuard.newSession()
    }

    /// `words` × 64 random bits as lowercase hex: the server's secret.
    public static func randomHex(words: Int) -> String {
        RequestGuard.randomHex(words: words)
    }

    // MARK: Routing

    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        if let hosting = configuration.hosting { return handleHosted(request, hosting) }
        let cookie = requestGuard.issuedSession(in: request.header("cookie"))
        let session = cookie ?? requestGuard.newSession()
        var response = switch requestGuard.admit(request, session: session, sentCookie: cookie != nil) {
        case .success(let admitted): route(request, admitted, participantID: configuration.participantID)
        case .failure(.text(let status, let text, let headers)): HTTPResponse.text(text, status: status).adding(headers)
        case .failure(.message(let status, let title, let text, let error)):
            responder(for: request).message(status, title, responder(for: request).words(text, ["error": error ?? ""]))
        }
        RequestGuard.addHeaders(to: &response, newSession: cookie == nil ? session : nil)
        return response
    }

    /// Answers a request let in, as `participantID`.
    /// `stamp`: the store's, when a hosted request read it to find its session.
    func route(_ request: HTTPRequest, _ admitted: RequestGuard.Admitted, participantID: String,
               signOutToken: String? = nil, stamp: CareStore.ChangeStamp? = nil) -> HTTPResponse {
        let context = { try self.context(admitted, participantID: participantID, signOutToken: signOutToken, stamp: stamp) }
        guard let route = Route(method: request.method, path: request.path) else {
            guard Route.isFeed(request.path), request.method != .post else { return responder(for: request).notFound() }
            return (try? noSuchDay(context())) ?? responder(for: request).notFound()
        }
        // Assets, the event stream and the reference need neither the store nor the feed.
        switch route {
        case .docs where configuration.hosting == nil:
            return responder(for: request).reference()
        case .asset(let path):
            return AssetResponses.response(path, from: content.value.state.assets) ?? responder(for: request).notFound()
        case .live:
            guard let live = live.value else { return responder(for: request).notFound() }
            let stream = LiveStream(live: live)
            return HTTPResponse(status: .ok, headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-cache")],
                                body: .stream(live.waker) { stream.next() })
        default:
            break
        }
        do {
            let context = try context()
            return try respond(to: route, request: request, context)
        } catch let error as DatabaseError where error.isStorageFailure {
            return responder(for: request).storageFailure(error)
        } catch {
            let respond = responder(for: request)
            return respond.message(.internalServerError, .somethingWentWrong, respond.words(.errorNothingChanged, ["error": "\(error)"]))
        }
    }

    private func respond(to route: Route, request: HTTPRequest, _ context: RequestContext) throws -> HTTPResponse {
        let respond = context.respond
        let study = context.plan.study
        let nav = { (section: Navigation.Section) in
            Navigation.participant(id: context.participant.id, today: context.today, current: section)
        }
        switch route {
        case .root:
            return .seeOther(context.feed.isOnboarded(on: context.today) ? context.todayRoute.path : Route.onboarding(step: 1).path)
        case .feed(let day):
            guard context.links.feed(context.participant.id, day) != nil else { return noSuchDay(context) }
            return HTTPResponse(status: .ok, headers: [("Content-Type", "text/html; charset=utf-8")],
                                body: .bytes(feedPage(day, context).filled(with: Array(context.csrfToken.utf8))))
        case .onboarding(let step):
            return try onboarding.handle(step: step, isReview: false, context)
        case .onboardingReview(let step):
            return try onboarding.handle(step: step, isReview: true, context)
        case .task(let id, let occurrence):
            return try answers.handle(task: id, occurrence: occurrence, .answer, context)
        case .deleteAnswers(let id, let occurrence):
            return try answers.handle(task: id, occurrence: occurrence, .delete, context)
        case .taskDone(let id, let occurrence):
            return try answers.handle(task: id, occurrence: occurrence, .done, context)
        case .calendar:
            if let hosting = configuration.hosting {
                return CalendarDownload.subscription(request, context, hosting: hosting)
            }
            return CalendarDownload.response(context)
        case .insights:
            let day = request.query["day"].flatMap { LocalDate(iso: $0) } ?? context.today
            let view = context.snapshot.view
            return respond.page(InsightsPage.render(participant: context.participant, outcomes: view.outcomes, day: day,
                                                    today: context.today, plan: context.plan, reader: context.reader,
                                                    withdrawal: view.withdrawal, feed: view.feed, frame: respond.frame))
        case .educationIndex:
            return respond.page(EducationPages.index(study: study, reader: context.reader, nav: nav(.education),
                                                     frame: respond.frame))
        case .education(let slug):
            guard let note = study.note(slug) else { return respond.notFound() }
            return respond.page(EducationPages.note(note, study: study, reader: context.reader, nav: nav(.education),
                                                    frame: respond.frame))
        case .consentRecord:
            let records = context.snapshot.records
            return respond.page(ConsentPages.record(participant: context.participant, records: records.consentRecords,
                                                    today: context.today, study: study, reader: context.reader,
                                                    grants: records.permissionGrants, withdrawal: records.withdrawal,
                                                    frame: respond.frame))
        case .signedCopy(let index):
            // Only the participant's own records, by their place among them: no record of anyone else is named.
            let records = context.snapshot.records.consentRecords
            // A record with no copy (its text is no longer the study's, or it is refused for print) has no page either.
            guard records.indices.contains(index), ConsentPages.hasSignedCopy(records[index], study: study, reader: context.reader),
                  let pdf = try? ConsentPages.signedCopy(records[index], study: study, reader: context.reader) else {
                return respond.notFound()
            }
            let name = "consent-\(context.participant.id)-\(index + 1).pdf"
            return HTTPResponse(status: .ok, headers: [("Content-Type", "application/pdf"),
                                                       ("Content-Disposition", "attachment; filename=\"\(name)\"")],
                                body: .bytes(pdf))
        case .consentDocument(let id):
            guard let document = study.consentDocument(id) else { return respond.notFound() }
            return respond.page(ConsentPages.document(document, study: study, reader: context.reader, frame: respond.frame))
        case .reconsent:
            return try lifecycle.reconsent(isReview: false, context)
        case .reconsentReview:
            return try lifecycle.reconsent(isReview: true, context)
        case .withdraw:
            return try lifecycle.withdraw(context)
        case .myData:
            return try MyDataDownload(store: store).response(context)
        case .checkOff(let id, let occurrence):
            return try TaskTaps(store: store).checkOff(task: id, occurrence: occurrence, context)
        case .logEntry(let id):
            return try TaskTaps(store: store).log(task: id, context)
        case .careTeam:
            return respond.page(CareTeamPage.render(study: study, reader: context.reader, nav: nav(.careTeam), frame: respond.frame))
        case .language:
            return try LanguageChoiceHandler(store: store).respond(context)
        case .asset, .live, .docs:
            return respond.notFound()
        }
    }

    /// Drops a session's unsaved drafts (a name, a drawn signature) as it signs out.
    func forgetDrafts(of session: String) {
        onboarding.forget(session)
        lifecycle.forget(session)
    }

    // MARK: Context and pages

    /// For a request answered before the participant's data is read: in
    /// the study's language the browser prefers.
    func responder(for request: HTTPRequest) -> Responder {
        let state = content.value.state
        let study = state.plan.study
        let language = LanguageChoice.preferred(by: request.header("accept-language"), among: study.languages) ?? study.ownLanguage
        return Responder(study: study, language: language, diagnostics: state.diagnostics, liveReload: live.value != nil,
                         isPreview: configuration.previewsEdits)
    }

    func context(_ admitted: RequestGuard.Admitted, participantID: String, signOutToken: String? = nil,
                 stamp: CareStore.ChangeStamp? = nil) throws -> RequestContext {
        let (state, generation) = content.value
        return try RequestContext(admitted, participantID: participantID, state: state, generation: generation, store: store,
                                  cache: cache, configuration: configuration, liveReload: live.value != nil,
                                  signOutToken: signOutToken, stamp: stamp)
    }

    /// A day's feed page as the snapshot's data shows it, rendered once with
    /// a stand-in for the form token.
    private func feedPage(_ day: LocalDate, _ context: RequestContext) -> PageTemplate {
        cache.feedPage(day, of: context.snapshot) {
            var notice: HTML?
            if case .reconsentPending(let id, let signed, _) = context.standing, let document = context.plan.study.consentDocument(id) {
                notice = ConsentLifecyclePages.reconsentCard(document: document, signedVersion: signed, reader: context.reader)
            }
            var frame = context.respond.frame
            // The sign-out button's token too: the page is one for every session of the participant.
            if frame.signOutToken != nil { frame.signOutToken = tokenStandIn }
            let html = FeedPage.render(context.feed.day(day, firstWeekday: context.language.format.firstWeekday), plan: context.plan, reader: context.reader,
                                       csrfToken: tokenStandIn, notice: notice, frame: frame)
            return PageTemplate(html.bytes, cutAt: Array(tokenStandIn.utf8))
        }
    }

    private func noSuchDay(_ context: RequestContext) -> HTTPResponse {
        context.respond.message(.notFound, .noSuchDay, context.respond.words(.noSuchDayText), link: (.goToToday, context.todayRoute))
    }
}

extension HTTPResponse {
    func adding(_ headers: [(String, String)]) -> HTTPResponse {
        var response = self
        response.headers += headers
        return response
    }
}
