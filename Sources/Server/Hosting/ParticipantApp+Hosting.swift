import CareModel
import CareStore
import Foundation
import HTTP
import Markup
import Pages
import Support

/// A hosted study: the participant comes from the request's device
/// session, resolved before any handler runs; the handlers are the
/// preview's. Without a session, only the personal link, the calendar
/// subscription and the stylesheet and icons answer.
extension ParticipantApp {
    /// The device cookie's name: under HTTPS with the `__Host-` prefix, so
    /// no other site of the same domain can set one for this one.
    static func deviceCookie(_ hosting: Hosting) -> String {
        hosting.isHTTPS ? "__Host-carefeed_device" : "carefeed_device"
    }

    /// The responder for someone not signed in: no language to store for them, so no link to choose one.
    func anonymousResponder(for request: HTTPRequest) -> Responder {
        var respond = responder(for: request)
        respond.links.offersLanguage = false
        return respond
    }

    func handleHosted(_ request: HTTPRequest, _ hosting: Hosting) -> HTTPResponse {
        // Over plain HTTP from beyond this machine, when participants come by HTTPS: to the study's address, setting nothing.
        if let url = hosting.url, hosting.isHTTPS, !request.isTLS, !request.isFromLoopback {
            return HTTPResponse(status: 308, headers: [("Location", url + request.path)], body: .bytes([]))
        }
        var newSession: String?
        var response = hostedResponse(request, hosting) {
            // A session for the join form's token, read or started only where one is needed.
            if let anonymous = requestGuard.issuedSession(in: request.header("cookie")) { return anonymous }
            let started = requestGuard.newSession()
            newSession = started
            return started
        }
        let secure = request.isTLS || (request.isFromLoopback && request.header("x-forwarded-proto")?.lowercased() == "https")
        RequestGuard.addHeaders(to: &response, newSession: newSession, https: hosting.isHTTPS, strictTransport: secure)
        return response
    }

    private func hostedResponse(_ request: HTTPRequest, _ hosting: Hosting, session: () -> String) -> HTTPResponse {
        // The Host first, for every route: the calendar and the join page too.
        guard requestGuard.allowsHost(of: request) else {
            return HTTPResponse.text("This server only answers requests to the study's address.\n", status: .forbidden)
        }
        let now = configuration.now()
        let cookie = Array((Self.deviceCookie(hosting) + "=").utf8)
        let device = RequestGuard.session(in: request.header("cookie"), cookie: cookie)
        let signedIn: (id: String, renewed: Bool)?
        var stamp: CareStore.ChangeStamp?
        do {
            // Read once for the session and the participant's pages: each asks whether anything changed since.
            stamp = try store.changeStamp()
            signedIn = try device.flatMap { try store.sessionParticipant(tokenSHA256: HostTokens.hash($0), at: now, stamp: stamp) }
            if signedIn?.renewed == true { stamp = nil }
        } catch {
            return storeFailure(error, request)
        }
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        if segments.count == 2, segments[0] == "calendar", segments[1].hasSuffix(".ics"), request.method.isSafe {
            return calendarFeed(request, token: String(segments[1].dropLast(4)), now: now)
        }
        if segments.count == 2, segments[0] == "join" {
            return join(request, token: segments[1], hosting, device: signedIn == nil ? nil : device, session: session(), now: now)
        }
        guard let signedIn, let device else { return notSignedIn(request, segments: segments) }
        var response: HTTPResponse
        switch requestGuard.admit(request, session: device, sentCookie: true) {
        case .failure(.text(let status, let text, let headers)):
            response = HTTPResponse.text(text, status: status).adding(headers)
        case .failure(.message(let status, let title, let text, let error)):
            let respond = responder(for: request)
            response = respond.message(status, title, respond.words(text, ["error": error ?? ""]))
        case .success(let admitted):
            if segments == ["sign-out"] {
                return signOut(request, device: device, hosting, now: now)
            }
            response = route(request, admitted, participantID: signedIn.id, signOutToken: admitted.csrfToken,
                             stamp: request.method == .post ? nil : stamp)
            if request.method == .post, response.status.rawValue < 400 {
                hosting.changed()
            }
        }
        // Used again after an hour or more: the cookie lasts another 180 days from now.
        if signedIn.renewed { response.headers.append(("Set-Cookie", deviceCookie(device, hosting))) }
        return response
    }

    /// Someone without a session: the stylesheet and icons, the care team's
    /// numbers (whom to ask for a new link), and otherwise one page asking
    /// for the personal link.
    private func notSignedIn(_ request: HTTPRequest, segments: [String]) -> HTTPResponse {
        let respond = anonymousResponder(for: request)
        guard request.method.isSafe else {
            return respond.message(.unauthorized, .openYourLinkTitle, respond.words(.openYourLinkText))
        }
        if segments.first == "assets", case .success(let admitted) = requestGuard.admit(request, session: "", sentCookie: false) {
            return route(request, admitted, participantID: "")
        }
        if segments == ["care-team"] {
            return respond.page(CareTeamPage.render(study: respond.study, reader: .participant(links: respond.links,
                                                                                               language: respond.language),
                                                    nav: .none, frame: respond.frame))
        }
        return respond.message(.unauthorized, .openYourLinkTitle, respond.words(.openYourLinkText))
    }

    /// A personal link: GET shows one short page with a Start button (a
    /// mail scanner that fetches the link does not use it up); its POST
    /// uses the link and starts this browser's device session.
    private func join(_ request: HTTPRequest, token: String, _ hosting: Hosting, device: String?, session: String,
                      now: Date) -> HTTPResponse {
        let respond = anonymousResponder(for: request)
        let admitted = requestGuard.admit(request, session: session, sentCookie: request.method != .post
                                          || requestGuard.issuedSession(in: request.header("cookie")) != nil)
        switch admitted {
        case .failure(.text(let status, let text, let headers)):
            return HTTPResponse.text(text, status: status).adding(headers)
        case .failure(.message(let status, let title, let text, let error)):
            return respond.message(status, title, respond.words(text, ["error": error ?? ""]))
        case .success(let admitted) where request.method != .post:
            return respond.page(MessagePageForm.join(respond, action: "/join/" + (HostTokens.isLinkShaped(token) ? token : "x"),
                                                     csrfToken: admitted.csrfToken))
        case .success:
            break
        }
        let client = hosting.client(of: request)
        guard joins.allows(client, at: now) else {
            return respond.message(.tooManyRequests, .tooManyTriesTitle, respond.words(.tooManyTriesText))
                .adding([("Retry-After", "900")])
        }
        let newDevice = HostTokens.session()
        let joined: String?
        do {
            // The same browser joining again (a shared tablet) ends the session it had, only if the link works.
            joined = HostTokens.isLinkShaped(token)
                ? try store.join(tokenSHA256: HostTokens.hash(token), sessionSHA256: HostTokens.hash(newDevice),
                                 calendarSHA256: HostTokens.hash(HostTokens.calendar(ofSession: newDevice)), at: now,
                                 device: request.header("user-agent").map { String($0.prefix(200)) },
                                 ending: device.map(HostTokens.hash))
                : nil
        } catch {
            return storeFailure(error, request)
        }
        guard let joined else {
            if joins.failed(client, at: now) {
                hosting.log("joins from \(client) wait 15 minutes: \(joins.limit) unknown, used or expired links tried")
            }
            return respond.message(.notFound, .linkNotWorkingTitle, respond.words(.linkNotWorkingText))
        }
        if let device { forgetDrafts(of: device) }
        hosting.log("\(joined) joined on a new device")
        hosting.changed()
        return HTTPResponse.seeOther("/").adding([("Set-Cookie", deviceCookie(newDevice, hosting))])
    }

    private func signOut(_ request: HTTPRequest, device: String, _ hosting: Hosting, now: Date) -> HTTPResponse {
        guard request.method == .post else { return responder(for: request).notFound() }
        do {
            try store.signOut(tokenSHA256: HostTokens.hash(device), at: now)
        } catch {
            return storeFailure(error, request)
        }
        forgetDrafts(of: device)
        hosting.changed()
        let respond = anonymousResponder(for: request)
        return respond.message(.ok, .signedOutTitle, respond.words(.signedOutText))
            .adding([("Set-Cookie", deviceCookie(nil, hosting))])
    }

    /// A participant's calendar subscription: the coming weeks' events not
    /// yet answered, by a read-only token of its own, which ends with its session.
    private func calendarFeed(_ request: HTTPRequest, token: String, now: Date) -> HTTPResponse {
        let notFound = HTTPResponse.text("No calendar here.\n", status: .notFound)
        guard token.utf8.count == 40, token.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else {
            return notFound
        }
        do {
            let hash = HostTokens.hash(token)
            guard let participantID = try store.calendarParticipant(calendarSHA256: hash, at: now) else { return notFound }
            let admitted = RequestGuard.Admitted(method: .get, session: "", csrfToken: "", form: nil,
                                                 acceptLanguage: request.header("accept-language"))
            let context = try context(admitted, participantID: participantID)
            return CalendarDownload.feed(context, uidSecret: hash)
        } catch {
            return storeFailure(error, request)
        }
    }

    /// The device cookie, or with nil, the one that clears it.
    private func deviceCookie(_ token: String?, _ hosting: Hosting) -> String {
        "\(Self.deviceCookie(hosting))=\(token ?? ""); Path=/; HttpOnly; SameSite=Lax; "
            + "Max-Age=\(token == nil ? 0 : Int(CareStore.sessionIdleLimit))" + (hosting.isHTTPS ? "; Secure" : "")
    }

    /// A store that failed: 503, never a 404 or a stack trace.
    private func storeFailure(_ error: any Error, _ request: HTTPRequest) -> HTTPResponse {
        let respond = responder(for: request)
        if let error = error as? DatabaseError, error.isStorageFailure { return respond.storageFailure(error) }
        var response = respond.message(.serviceUnavailable, .somethingWentWrong, respond.words(.errorNothingChanged, ["error": ""]))
        response.headers.append(("Retry-After", "30"))
        return response
    }
}

/// The join page: what the link does, and its Start button.
enum MessagePageForm {
    static func join(_ respond: Responder, action: String, csrfToken: String) -> HTML {
        MessagePage.render(title: respond.words(.joinTitle), text: respond.words(.joinText),
                           form: (respond.words(.joinStart), action, csrfToken), study: respond.study,
                           reader: .participant(links: respond.links, language: respond.language), frame: respond.frame)
    }
}
