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
    static let deviceCookie = "carefeed_device"
    private static let deviceCookiePrefix = Array((deviceCookie + "=").utf8)

    /// The responder for someone not signed in: no language to store for them, so no link to choose one.
    func anonymousResponder(for request: HTTPRequest) -> Responder {
        var respond = responder(for: request)
        respond.links.offersLanguage = false
        return respond
    }

    func handleHosted(_ request: HTTPRequest, _ hosting: Hosting) -> HTTPResponse {
        let anonymous = requestGuard.issuedSession(in: request.header("cookie"))
        var newSession: String?
        var response = hostedResponse(request, hosting, anonymous: anonymous) {
            // A session for the join form's token, started only where one is needed.
            if let anonymous { return anonymous }
            let started = requestGuard.newSession()
            newSession = started
            return started
        }
        RequestGuard.addHeaders(to: &response, newSession: newSession, https: hosting.isHTTPS)
        return response
    }

    private func hostedResponse(_ request: HTTPRequest, _ hosting: Hosting, anonymous: String?,
                                session: () -> String) -> HTTPResponse {
        let now = configuration.now()
        let device = RequestGuard.session(in: request.header("cookie"), cookie: Self.deviceCookiePrefix)
        let participantID: String?
        do {
            participantID = try device.flatMap { try store.sessionParticipant(tokenSHA256: HostTokens.hash($0), at: now) }
        } catch {
            return storeFailure(error, request)
        }
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        if segments.count == 2, segments[0] == "calendar", segments[1].hasSuffix(".ics"), request.method.isSafe {
            return calendarFeed(request, token: String(segments[1].dropLast(4)), hosting, now: now)
        }
        if segments.count == 2, segments[0] == "join" {
            return join(request, token: segments[1], hosting, device: participantID == nil ? nil : device,
                        session: session(), now: now)
        }
        // A participant's pages, or the stylesheet and icons anyone may have.
        let isAsset = segments.first == "assets" && request.method.isSafe
        guard let participantID, let device else {
            let admitted = requestGuard.admit(HTTPRequest(method: .get, path: request.path, headers: request.headers),
                                              session: anonymous ?? "", sentCookie: anonymous != nil)
            if case .failure(.text(let status, let text, let headers)) = admitted {
                return HTTPResponse.text(text, status: status).adding(headers)
            }
            if isAsset, case .success(let admitted) = admitted {
                return route(request, admitted, participantID: "")
            }
            let respond = anonymousResponder(for: request)
            // The care team's numbers are for anyone: whom to ask for a new link.
            if segments == ["care-team"], request.method.isSafe {
                return respond.page(CareTeamPage.render(study: respond.study, reader: .participant(links: respond.links, language: respond.language),
                                                        nav: .none, frame: respond.frame))
            }
            return respond.message(.unauthorized, .openYourLinkTitle, respond.words(.openYourLinkText))
        }
        switch requestGuard.admit(request, session: device, sentCookie: true) {
        case .failure(.text(let status, let text, let headers)):
            return HTTPResponse.text(text, status: status).adding(headers)
        case .failure(.message(let status, let title, let text, let error)):
            let respond = responder(for: request)
            return respond.message(status, title, respond.words(text, ["error": error ?? ""]))
        case .success(let admitted):
            if segments == ["sign-out"] {
                return signOut(request, device: device, participantID: participantID, hosting, now: now)
            }
            let response = route(request, admitted, participantID: participantID, signOutToken: admitted.csrfToken)
            if request.method == .post, response.status.rawValue < 400 {
                hosting.changed()
            }
            return response
        }
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
            hosting.log("join refused: too many links tried from \(client)")
            return respond.message(.tooManyRequests, .tooManyTriesTitle, respond.words(.tooManyTriesText))
                .adding([("Retry-After", "900")])
        }
        let newDevice = HostTokens.session()
        let joined: String?
        do {
            // The same browser joining again (a shared tablet) ends the session it had.
            if let device { try store.signOut(tokenSHA256: HostTokens.hash(device), at: now) }
            joined = HostTokens.isLinkShaped(token)
                ? try store.join(tokenSHA256: HostTokens.hash(token), sessionSHA256: HostTokens.hash(newDevice),
                                 calendarSHA256: HostTokens.hash(HostTokens.calendar(ofSession: newDevice)), at: now,
                                 device: request.header("user-agent").map { String($0.prefix(200)) })
                : nil
        } catch {
            return storeFailure(error, request)
        }
        guard let joined else {
            joins.failed(client, at: now)
            hosting.log("join refused: an unknown, used or expired link from \(client)")
            return respond.message(.notFound, .linkNotWorkingTitle, respond.words(.linkNotWorkingText))
        }
        hosting.log("\(joined) joined on a new device")
        hosting.changed()
        return HTTPResponse.seeOther("/").adding([("Set-Cookie", deviceCookie(newDevice, hosting))])
    }

    private func signOut(_ request: HTTPRequest, device: String, participantID: String, _ hosting: Hosting,
                         now: Date) -> HTTPResponse {
        guard request.method == .post else { return responder(for: request).notFound() }
        do {
            try store.signOut(tokenSHA256: HostTokens.hash(device), at: now)
        } catch {
            return storeFailure(error, request)
        }
        hosting.changed()
        let respond = anonymousResponder(for: request)
        return respond.message(.ok, .signedOutTitle, respond.words(.signedOutText))
            .adding([("Set-Cookie", deviceCookie(nil, hosting))])
    }

    /// A participant's calendar subscription: the coming weeks' events not
    /// yet answered, by a read-only token of its own, which ends with its session.
    private func calendarFeed(_ request: HTTPRequest, token: String, _ hosting: Hosting, now: Date) -> HTTPResponse {
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
        "\(Self.deviceCookie)=\(token ?? ""); Path=/; HttpOnly; SameSite=Lax; Max-Age=\(token == nil ? 0 : Int(CareStore.sessionIdleLimit))"
            + (hosting.isHTTPS ? "; Secure" : "")
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
