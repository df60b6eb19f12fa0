import Assets
import CareModel
import CareStore
import Content
import Feed
import Foundation
import HTTP
import Pages

/// The participant's preview server as a function from request to response:
/// routes of SPEC §8 for one participant, testable without a socket.
public final class ParticipantApp: @unchecked Sendable {
    // Unchecked: `state`, `drafts` and `snapshot` are only touched with `lock` held;
    // `live` is set once, before the server starts; the rest is immutable.
    public struct Configuration: Sendable {
        public var participantID: String
        /// Fixed today for previews and tests; nil for the real date in the participant's zone.
        public var today: LocalDate?
        /// The server's secret: each session's form token is derived from it.
        public var secret: String
        /// A Host name answered besides the loopback names: the `--host` given.
        public var host: String?

        public init(participantID: String, today: LocalDate?, secret: String, host: String? = nil) {
            self.participantID = participantID
            self.today = today
            self.secret = secret
            self.host = host
        }
    }

    /// The content in force, and the errors of the last reload that failed.
    public struct ContentState: Sendable {
        public var plan: CarePlan
        public var assets: Assets
        public var diagnostics: [Diagnostic]

        public init(plan: CarePlan, assets: Assets, diagnostics: [Diagnostic] = []) {
            self.plan = plan
            self.assets = assets
            self.diagnostics = diagnostics
        }
    }

    let store: CareStore
    let configuration: Configuration
    private let lock = NSLock()
    private var state: ContentState
    /// Counts content updates, so what was computed from older content is not reused.
    private var generation = 0
    /// Stands for the form token in cached pages: random, so no content can hold it.
    private let tokenStandIn = ParticipantApp.randomHex(words: 4)
    /// What each session has entered during onboarding, until it finishes.
    private var drafts: [String: OnboardingDraft] = [:]
    /// Set when live reload runs: pages then carry the reload script.
    var live: LiveReload?

    public init(store: CareStore, content: ContentState, configuration: Configuration) {
        self.store = store
        self.state = content
        self.configuration = configuration
    }

    /// Replaces the content after an edit, or keeps the last good content and
    /// shows `diagnostics` on every page.
    public func update(_ change: (inout ContentState) -> Void) {
        lock.withLock {
            change(&state)
            generation += 1
        }
    }

    /// Watches `folders` and tells open pages to reload after `reload` ran.
    public func enableLiveReload(folders: [String], reload: @escaping @Sendable () -> Void) {
        live = LiveReload(folders: folders, onChange: reload)
    }

    public func stopLiveReload() {
        live?.stop()
    }

    var content: ContentState {
        lock.withLock { state }
    }

    // MARK: Routing

    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        let cookie = Self.session(in: request.header("cookie"))
        let session = cookie ?? Self.randomHex(words: 2)
        var response = route(request, cookie: cookie, session: session)
        if cookie == nil {
            response.headers.append(("Set-Cookie", "\(Self.sessionCookie)=\(session); Path=/; HttpOnly; SameSite=Strict"))
        }
        response.headers += [
            ("Content-Security-Policy", Self.contentSecurityPolicy),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
            ("X-Frame-Options", "DENY"),
        ]
        if response.header("Cache-Control") == nil {
            response.headers.append(("Cache-Control", "no-store"))
        }
        return response
    }

    static let contentSecurityPolicy = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        + "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    /// The token every form of a session carries: a forged form from another
    /// site has the cookie sent along but cannot know the token.
    public func csrfToken(forSession session: String) -> String {
        String(SHA256.hex(configuration.secret + ":" + session).prefix(40))
    }

    static let sessionCookie = "carefeed_session"

    /// `words` × 64 random bits as lowercase hex: session ids, the server's secret.
    public static func randomHex(words: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<words).map { _ in
            let value = generator.next() as UInt64
            let hex = String(value, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// The session id in a Cookie header, if it has the shape this server gives.
    static func session(in header: String?) -> String? {
        guard let header else { return nil }
        // Read as bytes: every request carries the cookie.
        let name = Array((sessionCookie + "=").utf8)
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        for part in header.utf8.split(separator: UInt8(ascii: ";")) {
            let pair = part.drop(while: isSpace).reversed().drop(while: isSpace).reversed()
            guard pair.starts(with: name) else { continue }
            let value = pair.dropFirst(name.count)
            if value.count == 32, value.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains($0) }) {
                return String(decoding: value, as: UTF8.self)
            }
        }
        return nil
    }

    private func isAllowed(host: String?) -> Bool {
        if Self.isLoopback(host: host) { return true }
        guard let allowed = configuration.host, var host = host?.lowercased() else { return false }
        if let colon = host.lastIndex(of: ":"), !host.hasSuffix("]") { host = String(host[..<colon]) }
        return host == allowed.lowercased()
    }

    /// - Parameters:
    ///   - cookie: the session the browser sent, if any; a POST needs one.
    ///   - session: that session, or the new one this response starts.
    private func route(_ request: HTTPRequest, cookie: String?, session: String) -> HTTPResponse {
        let token = csrfToken(forSession: session)
        guard isAllowed(host: request.header("host")) else {
            return .text("This server only answers requests to localhost.\n", status: 403)
        }
        let isPost = request.method == "POST"
        guard isPost || request.method == "GET" || request.method == "HEAD" else {
            var response = HTTPResponse.text("Use GET or POST.\n", status: 405)
            response.headers.append(("Allow", "GET, HEAD, POST"))
            return response
        }
        var form: FormData?
        if isPost {
            if let origin = request.header("origin"), origin != "null", !isAllowed(host: Self.hostPart(ofOrigin: origin)) {
                return message(403, "Not allowed", "This form came from another site, so nothing was saved.")
            }
            if request.header("sec-fetch-site") == "cross-site" {
                return message(403, "Not allowed", "This form came from another site, so nothing was saved.")
            }
            guard (request.header("content-type") ?? "").lowercased().hasPrefix("application/x-www-form-urlencoded") else {
                return message(415, "Not a form", "Send the form as application/x-www-form-urlencoded.")
            }
            do {
                form = try FormData(request.body)
            } catch {
                return message(400, "Form not understood", "\(error). Nothing was saved.")
            }
            guard cookie != nil, form?["csrf"] == token else {
                return message(403, "Please try again",
                               "This form is out of date or did not come from this page, so nothing was saved. "
                               + "Go back, reload the page and send it again.")
            }
        }
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        // Assets and the event stream need neither the store nor the feed.
        if !isPost, segments.first == "assets", segments.count >= 2 {
            return asset(segments.dropFirst().joined(separator: "/"))
        }
        if !isPost, segments == ["_live"] {
            return liveEvents()
        }
        do {
            let context = try self.context(session: session, token: token)
            switch (isPost, segments.first, segments.count) {
            case (false, nil, _):
                return .seeOther(context.feed.isOnboarded(on: context.today) ? "/feed/\(context.today)" : "/onboarding/1")
            case (false, "feed", 2):
                return feedPage(segments[1], context)
            case (_, "onboarding", 2):
                return try onboarding(segments, post: form, context)
            case (_, "onboarding", 3) where segments[2] == "review":
                return try onboarding(segments, post: form, context)
            case (_, "tasks", 3):
                return try task(segments, post: form, context)
            case (true, "tasks", 4) where segments[3] == "delete":
                return try task(segments, post: form, context)
            case (false, "insights", 1):
                let day = request.query["day"].flatMap { LocalDate(iso: $0) } ?? context.today
                return page(InsightsPage.render(participant: context.participant, outcomes: context.outcomes, day: day,
                                                today: context.today, plan: context.plan, links: context.links))
            case (false, "education", 1):
                return page(EducationPages.index(study: context.plan.study, links: context.links, nav: nav(context, "education")))
            case (false, "education", 2):
                guard let note = context.plan.study.note(Self.stripHTML(segments[1])) else { return notFound() }
                return page(EducationPages.note(note, study: context.plan.study, links: context.links, nav: nav(context, "education")))
            case (false, "consent", 1):
                return page(ConsentPages.record(participant: context.participant,
                                                records: try store.consentRecords(participantID: context.participant.id),
                                                today: context.today, study: context.plan.study, links: context.links))
            case (false, "consent", 2):
                guard let document = context.plan.study.consentDocument(Self.stripHTML(segments[1])) else { return notFound() }
                return page(ConsentPages.document(document, study: context.plan.study, links: context.links))
            default:
                return notFound()
            }
        } catch let error as DatabaseError where error.isStorageFailure {
            let reason = error.isDiskFull ? "is full" : error.isReadOnly ? "is read-only" : "could not be written"
            var response = message(503, "Not saved",
                                   "This was not saved because the computer's storage \(reason). Nothing was changed. "
                                   + "Please tell the study team, then try again.")
            response.headers.append(("Retry-After", "30"))
            return response
        } catch {
            return message(500, "Something went wrong", "\(error). Nothing was changed.")
        }
    }

    // MARK: Pages

    struct Context {
        var participant: Participant
        var today: LocalDate
        var plan: CarePlan
        var feed: ParticipantFeed
        var outcomes: [Outcome]
        var links: ServerLinks
        var diagnostics: [Diagnostic]
        var session: String
        /// The form token of this request's session.
        var csrfToken: String
        /// The store's change stamp and the content generation the feed was worked out from.
        var stamp: CareStore.ChangeStamp
        var generation: Int
    }

    /// The participant, their outcomes and their feed as last computed, and
    /// what they were computed from: computed again only after anyone wrote,
    /// the content changed or the day turned.
    private struct Snapshot {
        var stamp: CareStore.ChangeStamp
        var generation: Int
        var today: LocalDate
        var participant: Participant
        var outcomes: [Outcome]
        var feed: ParticipantFeed
        /// Day feed pages rendered so far.
        var feedPages: [LocalDate: PageTemplate] = [:]
    }

    private var snapshot: Snapshot?

    private func context(session: String, token: String) throws -> Context {
        let (content, generation, cached) = lock.withLock { (state, self.generation, snapshot) }
        let stamp = try store.changeStamp()
        var current: Snapshot
        if let cached, cached.stamp == stamp, cached.generation == generation,
           cached.today == configuration.today ?? cached.participant.today(at: Date()) {
            current = cached
        } else {
            guard let participant = try store.participant(id: configuration.participantID) else {
                throw CareStoreError.notFound("no participant '\(configuration.participantID)' in the store")
            }
            let outcomes = try store.outcomes(participantID: participant.id)
            let today = configuration.today ?? participant.today(at: Date())
            current = Snapshot(stamp: stamp, generation: generation, today: today, participant: participant,
                               outcomes: outcomes, feed: content.plan.feed(for: participant, outcomes: outcomes, today: today))
            lock.withLock { [current] in snapshot = current }
        }
        let last = max(current.today, current.participant.enrolledOn).adding(days: 7)
        return Context(participant: current.participant, today: current.today, plan: content.plan, feed: current.feed,
                       outcomes: current.outcomes, links: ServerLinks(days: current.participant.enrolledOn.ordinal...last.ordinal),
                       diagnostics: content.diagnostics, session: session, csrfToken: token,
                       stamp: current.stamp, generation: current.generation)
    }

    private func feedPage(_ text: String, _ context: Context) -> HTTPResponse {
        guard let day = LocalDate(iso: Self.stripHTML(text)), context.links.feed(context.participant.id, day) != nil else {
            return message(404, "No such day", "Days from enrollment to a week from today have a page.",
                           link: ("Go to today", "/feed/\(context.today)"))
        }
        return HTTPResponse(status: 200, headers: [("Content-Type", "text/html; charset=utf-8")],
                            body: .bytes(feedTemplate(day, context).filled(with: Array(context.csrfToken.utf8))))
    }

    /// A finished page cut where the form token goes, so each request only
    /// joins the parts around its own token.
    struct PageTemplate {
        var parts: [[UInt8]]

        /// Cuts `bytes` at each `standIn`.
        init(_ bytes: [UInt8], cutAt standIn: [UInt8]) {
            parts = []
            var start = 0
            var index = 0
            while index + standIn.count <= bytes.count {
                if bytes[index] == standIn[0], bytes[index..<(index + standIn.count)].elementsEqual(standIn) {
                    parts.append(Array(bytes[start..<index]))
                    index += standIn.count
                    start = index
                } else {
                    index += 1
                }
            }
            parts.append(Array(bytes[start...]))
        }

        func filled(with token: [UInt8]) -> [UInt8] {
            var page: [UInt8] = []
            page.reserveCapacity(parts.reduce(0) { $0 + $1.count } + (parts.count - 1) * token.count)
            for (index, part) in parts.enumerated() {
                if index > 0 { page += token }
                page += part
            }
            return page
        }
    }

    /// A day's feed page as the snapshot's data shows it, rendered once with
    /// a stand-in for the form token.
    private func feedTemplate(_ day: LocalDate, _ context: Context) -> PageTemplate {
        if let cached = lock.withLock({ snapshot?.feedPages[day] }) {
            return cached
        }
        let html = decorated(FeedPage.render(context.feed.day(day), plan: context.plan, links: context.links,
                                             csrfToken: tokenStandIn), context)
        let template = PageTemplate(Array(html.utf8), cutAt: Array(tokenStandIn.utf8))
        lock.withLock {
            // Only into the snapshot this context came from: a newer one has other data.
            if snapshot?.stamp == context.stamp, snapshot?.generation == context.generation, snapshot?.today == context.today {
                snapshot?.feedPages[day] = template
            }
        }
        return template
    }

    private func nav(_ context: Context, _ current: String) -> [NavItemValue] {
        [NavItemValue(title: "Feed", href: "/feed/\(context.today)", isCurrent: current == "feed"),
         NavItemValue(title: "Insights", href: "/insights", isCurrent: current == "insights"),
         NavItemValue(title: "Learn", href: "/education", isCurrent: current == "education"),
         NavItemValue(title: "Consent", href: "/consent", isCurrent: current == "consent")]
    }

    // MARK: Tasks

    private func task(_ segments: [String], post form: FormData?, _ context: Context) throws -> HTTPResponse {
        guard let feedTask = context.plan.tasks.first(where: { $0.id == segments[1] }), !feedTask.isOnboarding,
              let occurrence = Int(segments[2]), occurrence >= 0,
              let event = Self.event(feedTask, occurrence: occurrence, participant: context.participant, today: context.today),
              let task = context.plan.task(feedTask.id, version: event.version) else {
            return notFound()
        }
        let back = ("Go to today", "/feed/\(context.today)")
        guard context.feed.isOnboarded(on: context.today) else {
            return message(409, "Join the study first", "Tasks open once you have joined the study.", link: ("Join", "/onboarding/1"))
        }
        if event.day < context.today {
            return message(409, "This day is locked", "\(Format.day(event.day)) has passed. Answers for past days "
                           + "cannot be given, changed or deleted, so nothing was changed.", link: back)
        }
        if event.day > context.today {
            return message(409, "Not open yet", "\(task.title) for \(Format.day(event.day)) opens on that day. "
                           + "Nothing was saved.", link: back)
        }
        let existing = context.feed.outcome(taskID: task.id, occurrence: occurrence)
        let action = "/tasks/\(task.id)/\(occurrence)"
        if segments.count == 4 {
            do {
                if let existing { try store.deleteOutcome(id: existing.id, at: Date()) }
            } catch CareStoreError.notFound {
                // Deleted already, by the first of two clicks.
            }
            return .seeOther("/feed/\(context.today)")
        }
        guard let form else {
            if existing != nil { return .seeOther("/feed/\(context.today)") }
            return page(SurveyPage.render(task: task, event: event, participant: context.participant, study: context.plan.study,
                                          entry: SurveyEntry(), links: context.links, action: action,
                                          csrfToken: context.csrfToken, todayHref: "/feed/\(context.today)"), context)
        }
        switch SurveyValidation.validate(task, form: form) {
        case .failure(let entry):
            return page(SurveyPage.render(task: task, event: event, participant: context.participant, study: context.plan.study,
                                          entry: entry, links: context.links, action: action,
                                          csrfToken: context.csrfToken, todayHref: "/feed/\(context.today)"),
                        context, status: 422)
        case .success(let values):
            do {
                try store.addOutcome(NewOutcome(participantID: context.participant.id, taskID: task.id, event: event,
                                                values: values), at: Date())
            } catch CareStoreError.alreadyAnswered {
                // The same answers sent twice (a double click, the back
                // button) are answered as the first was; different ones would
                // be silently lost, so they are refused and said so.
                let stored = try store.outcomes(participantID: context.participant.id)
                    .first { $0.taskID == task.id && $0.occurrence == occurrence }
                guard stored?.values == values else {
                    return message(409, "Already answered",
                                   "\(task.title) already has answers for today: "
                                   + (stored.map { Format.answers($0, task: task) } ?? "") + ". "
                                   + "To change them, delete them on today's page and answer again. Nothing was changed.",
                                   link: ("Go to today", "/feed/\(context.today)"))
                }
            }
            return .seeOther("/feed/\(context.today)")
        }
    }

    /// The task's event with this occurrence, looked for up to a year past today.
    static func event(_ task: FeedTask, occurrence: Int, participant: Participant, today: LocalDate) -> ScheduledEvent? {
        task.timeline.events(enrolledOn: participant.enrolledOn, in: participant.timeZone, from: participant.enrolledOn,
                             to: max(today, participant.enrolledOn).adding(days: 366))
            .first { $0.occurrence == occurrence }
    }

    // MARK: Onboarding

    private func onboarding(_ segments: [String], post form: FormData?, _ context: Context) throws -> HTTPResponse {
        guard let feedTask = context.plan.tasks.first(where: \.isOnboarding),
              let today = feedTask.timeline.events(enrolledOn: context.participant.enrolledOn, in: context.participant.timeZone,
                                                   from: context.today, to: context.today.adding(days: 1)).first,
              let task = context.plan.task(feedTask.id, version: today.version) else {
            return .seeOther("/feed/\(context.today)")
        }
        if context.feed.isOnboarded(on: context.today) {
            return .seeOther("/feed/\(context.today)")
        }
        guard let number = Int(segments[1]), (1...task.survey.count).contains(number) else { return notFound() }
        let pageContext = OnboardingPages.Context(task: task, study: context.plan.study, participant: context.participant,
                                                  links: context.links, csrfToken: context.csrfToken,
                                                  stepPath: { "/onboarding/\($0)" })
        let next = number < task.survey.count ? "/onboarding/\(number + 1)" : "/feed/\(context.today)"
        let draft = lock.withLock { drafts[context.session] ?? OnboardingDraft() }
        let isReview = segments.count == 3
        let show = { (draft: OnboardingDraft) in self.page(OnboardingPages.step(number, context: pageContext, draft: draft), context) }

        switch task.survey[number - 1] {
        case .consent(let consent):
            guard let document = context.plan.study.consentDocument(consent.document) else { return notFound() }
            if isReview {
                guard let signature = draft.signature, !draft.printedName.isEmpty else { return .seeOther("/onboarding/\(number)") }
                guard let form else {
                    return page(OnboardingPages.review(number, document: document, context: pageContext, draft: draft), context)
                }
                guard form["sha256"] == document.sha256 else {
                    return message(409, "The consent form has changed",
                                   "The study team changed the consent form after you reviewed it, so nothing was signed. "
                                   + "Please read it again.", link: ("Read the consent form", "/onboarding/\(number)"))
                }
                let signed = try store.consentRecords(participantID: context.participant.id)
                    .contains { $0.documentID == document.id && $0.version == document.version }
                if !signed {
                    try store.addConsentRecord(ConsentRecord(
                        participantID: context.participant.id, documentID: document.id, version: document.version,
                        sha256: document.sha256, html: document.html, printedName: draft.printedName,
                        signature: signature, signedAt: Date(), timeZone: context.participant.timeZone))
                }
                return .seeOther(next)
            }
            guard let form else { return show(draft) }
            var errors: [String: String] = [:]
            let updated = updateDraft(context.session) { draft in
                draft.printedName = (form["printedName"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                if draft.printedName.isEmpty { errors["printedName"] = "Type your full name." }
                if draft.printedName.count > 200 { errors["printedName"] = "Keep your name to 200 characters." }
                let path = (form["signature"] ?? "").trimmingCharacters(in: .whitespaces)
                if form["typedSignature"] == "yes" {
                    draft.signature = draft.printedName.isEmpty ? nil : .typed(name: draft.printedName)
                } else if path.isEmpty {
                    draft.signature = nil
                    errors["signature"] = "Draw your signature, or tick the box to sign with your typed name."
                } else if SignaturePath.isValid(path) {
                    draft.signature = .drawn(pathData: path)
                } else {
                    draft.signature = nil
                    errors["signature"] = "The signature could not be read. Clear it and draw it again."
                }
            }
            guard errors.isEmpty else {
                return page(OnboardingPages.step(number, context: pageContext, draft: updated, errors: errors), context, status: 422)
            }
            return .seeOther("/onboarding/\(number)/review")
        case .permissions(let permissions) where !isReview:
            guard let form else { return show(draft) }
            let granted = Set(form.all("grant"))
            for item in permissions.items {
                let detail = form["detail-\(item.id)"].flatMap { ["granted", "denied", "unsupported", "default"].contains($0) ? $0 : nil }
                try store.addPermissionGrant(PermissionGrant(participantID: context.participant.id, permissionID: item.id,
                                                             kind: item.kind.rawValue, granted: granted.contains(item.id),
                                                             detail: detail, recordedAt: Date()))
                updateDraft(context.session) { $0.permissions[item.id] = (granted.contains(item.id), detail) }
            }
            return .seeOther(next)
        case .form(let step) where !isReview:
            guard let form else { return show(draft) }
            switch SurveyValidation.validate(step.items, form: form) {
            case .failure(let entry):
                let updated = updateDraft(context.session) { $0.entries.merge(entry.values) { $1 } }
                return page(OnboardingPages.step(number, context: pageContext, draft: updated, errors: entry.errors), context,
                            status: 422)
            case .success(let values):
                updateDraft(context.session) { draft in
                    for item in step.items { draft.entries[item.id] = form.all(item.id) }
                    draft.answers[number] = values
                }
                return .seeOther(next)
            }
        case .completion where !isReview:
            guard form != nil else { return show(draft) }
            let records = try store.consentRecords(participantID: context.participant.id)
            for (index, step) in task.survey.enumerated() {
                guard case .consent(let consent) = step, let document = context.plan.study.consentDocument(consent.document),
                      !records.contains(where: { $0.documentID == document.id && $0.version == document.version }) else {
                    continue
                }
                return message(409, "Consent is not signed yet", "Sign the consent form before you finish joining.",
                               link: ("Go to the consent form", "/onboarding/\(index + 1)"))
            }
            let values = draft.answers.keys.sorted().flatMap { draft.answers[$0] ?? [] }
            do {
                try store.addOutcome(NewOutcome(participantID: context.participant.id, taskID: task.id, event: today,
                                                values: values), at: Date())
            } catch CareStoreError.alreadyAnswered {
                // Joined already, from another tab: nothing more to record.
            }
            lock.withLock { _ = drafts.removeValue(forKey: context.session) }
            return .seeOther("/feed/\(context.today)")
        case _ where !isReview:
            guard form != nil else { return show(draft) }
            return .seeOther(next)
        default:
            return notFound()
        }
    }

    /// Changes a session's draft in one locked step and returns it as changed.
    @discardableResult
    private func updateDraft(_ session: String, _ change: (inout OnboardingDraft) -> Void) -> OnboardingDraft {
        lock.withLock {
            var draft = drafts[session] ?? OnboardingDraft()
            change(&draft)
            drafts[session] = draft
            return draft
        }
    }

    // MARK: Assets and live reload

    private func asset(_ path: String) -> HTTPResponse {
        guard let data = content.assets.contents(path) else { return notFound() }
        return HTTPResponse(status: 200, headers: [("Content-Type", Self.contentType(path)), ("Cache-Control", "no-cache")],
                            body: .bytes([UInt8](data)))
    }

    private func liveEvents() -> HTTPResponse {
        guard let live else { return notFound() }
        let stream = LiveStream(live: live)
        return HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-cache")],
                            body: .stream { stream.next() })
    }

    // MARK: Responses

    private func page(_ html: String, _ context: Context? = nil, status: Int = 200) -> HTTPResponse {
        .html(decorated(html, context), status: status)
    }

    /// A page with what the server adds: the content's errors, if any, and
    /// the live-reload script.
    private func decorated(_ html: String, _ context: Context?) -> String {
        var html = html
        let diagnostics = context?.diagnostics ?? content.diagnostics
        if !diagnostics.isEmpty {
            var panel = "<section class=\"content-errors\" role=\"alert\"><h2>The content has errors</h2>"
                + "<p>The last good version is shown until they are fixed.</p><ul>"
            for diagnostic in diagnostics {
                panel += "<li><code>\(HTML.escape(diagnostic.description))</code></li>"
            }
            panel += "</ul></section>\n"
            html = Self.inserting(panel, after: "<main id=\"main\">\n", in: html)
        }
        if live != nil {
            html = Self.inserting("<script src=\"/assets/js/live.js\"></script>\n", before: "</body>", in: html)
        }
        return html
    }

    /// Splices `text` into a page at the first `marker` (after it) or the
    /// last (before it), searching bytes: pages are large and Foundation's
    /// string search is slow on Linux.
    static func inserting(_ text: String, after marker: String, in html: String) -> String {
        guard let range = byteRange(of: marker, in: html, fromEnd: false) else { return html }
        return splice(text, at: range.upperBound, in: html)
    }

    static func inserting(_ text: String, before marker: String, in html: String) -> String {
        guard let range = byteRange(of: marker, in: html, fromEnd: true) else { return html }
        return splice(text, at: range.lowerBound, in: html)
    }

    private static func byteRange(of marker: String, in html: String, fromEnd: Bool) -> Range<Int>? {
        let needle = Array(marker.utf8)
        let haystack = Array(html.utf8)
        guard haystack.count >= needle.count, !needle.isEmpty else { return nil }
        let last = haystack.count - needle.count
        let starts = fromEnd ? stride(from: last, through: 0, by: -1) : stride(from: 0, through: last, by: 1)
        for start in starts where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return start..<(start + needle.count) }
        }
        return nil
    }

    private static func splice(_ text: String, at offset: Int, in html: String) -> String {
        let bytes = Array(html.utf8)
        return String(decoding: bytes[..<offset] + Array(text.utf8) + bytes[offset...], as: UTF8.self)
    }

    private func message(_ status: Int, _ title: String, _ text: String, link: (String, String)? = nil) -> HTTPResponse {
        let study = content.plan.study
        var main = "<h1>\(HTML.escape(title))</h1>\n<p class=\"lead\">\(HTML.escape(text))</p>\n"
        if let (label, href) = link {
            main += "<p><a class=\"button\" href=\"\(HTML.escape(href))\">\(HTML.escape(label))</a></p>\n"
        }
        return page(MessagePage.render(title: title, main: main, study: study, links: ServerLinks(days: 0...0)), status: status)
    }

    private func notFound() -> HTTPResponse {
        message(404, "Page not found", "There is no page at this address.", link: ("Go to today", "/"))
    }

    static func stripHTML(_ segment: String) -> String {
        segment.hasSuffix(".html") ? String(segment.dropLast(5)) : segment
    }

    /// Whether a Host header names this machine: `localhost`, `127.0.0.1` or `[::1]`, with any port.
    static func isLoopback(host: String?) -> Bool {
        guard var host = host?.lowercased(), !host.isEmpty else { return false }
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return false }
            host = String(host[host.index(after: host.startIndex)..<close])
            return host == "::1"
        }
        if let colon = host.lastIndex(of: ":") {
            let port = host[host.index(after: colon)...]
            guard !port.isEmpty, port.allSatisfy(\.isNumber) else { return false }
            host = String(host[..<colon])
        }
        return host == "localhost" || host == "127.0.0.1"
    }

    /// `localhost:8080` from `http://localhost:8080`.
    static func hostPart(ofOrigin origin: String) -> String? {
        guard let range = origin.range(of: "://") else { return nil }
        return String(origin[range.upperBound...].prefix { $0 != "/" })
    }

    static func contentType(_ path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "webp": "image/webp"
        case "glb": "model/gltf-binary"
        case "gltf": "model/gltf+json"
        case "json": "application/json"
        case "html": "text/html; charset=utf-8"
        case "txt", "md": "text/plain; charset=utf-8"
        default: "application/octet-stream"
        }
    }
}
