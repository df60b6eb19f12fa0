import CareModel
@testable import Server
import Testing
import TestSupport

/// Routes parsed from a method and a path, and written back as paths.
@Suite struct RouteTests {
    static let routes: [Route] = [
        .root, .feed(Fixtures.date("2026-03-09")), .onboarding(step: 3), .onboardingReview(step: 3),
        .task(id: "checkIn", occurrence: 4), .deleteAnswers(task: "checkIn", occurrence: 4),
        .taskDone(task: "checkIn", occurrence: 4), .insights, .educationIndex,
        .education(slug: "meniscus"), .consentRecord, .consentDocument(id: "recover"), .asset(path: "css/carefeed.css"),
        .live, .myData, .calendar,
    ]

    @Test(arguments: routes)
    func everyRouteIsParsedFromItsOwnPath(_ route: Route) {
        #expect(Route(method: "GET", path: route.path) == route)
    }

    @Test func theSpecsRoutesForTheDayAreParsed() {
        #expect(Route(method: "GET", path: "/tasks/checkIn/0/delete") == .deleteAnswers(task: "checkIn", occurrence: 0),
                "GET asks to confirm")
        #expect(Route(method: "POST", path: "/tasks/checkIn/0/delete") == .deleteAnswers(task: "checkIn", occurrence: 0))
        #expect(Route(method: "GET", path: "/tasks/checkIn/0/done") == .taskDone(task: "checkIn", occurrence: 0))
        #expect(Route(method: "POST", path: "/tasks/checkIn/0/done") == nil, "the completion step only shows")
        #expect(Route(method: "GET", path: "/calendar.ics") == .calendar)
        #expect(Route(method: "POST", path: "/calendar.ics") == nil)
        #expect(Route(method: "GET", path: "/tasks/checkIn/-1/done") == nil)
        #expect(Route(method: "GET", path: "/tasks/checkIn/0/finish") == nil)
        #expect(Route(method: "GET", path: "/calendar") == nil)
    }

    @Test func pageNamesMayEndInHTMLAsOnTheSite() {
        #expect(Route(method: "GET", path: "/feed/2026-03-09.html") == .feed(Fixtures.date("2026-03-09")))
        #expect(Route(method: "GET", path: "/education/meniscus.html") == .education(slug: "meniscus"))
        #expect(Route(method: "GET", path: "/consent/recover.html") == .consentDocument(id: "recover"))
    }

    @Test func onlyFormsTakeAPost() {
        #expect(Route(method: "POST", path: "/onboarding/2") == .onboarding(step: 2))
        #expect(Route(method: "POST", path: "/tasks/checkIn/0") == .task(id: "checkIn", occurrence: 0))
        for path in ["/", "/feed/2026-03-09", "/insights", "/education", "/consent", "/assets/css/carefeed.css", "/_live"] {
            #expect(Route(method: "POST", path: path) == nil, "POST \(path)")
        }
    }

    @Test func pathsThatNameNothingAreNotRoutes() {
        for path in ["/feed/yesterday", "/feed/2026-02-30", "/feed", "/tasks/checkIn/-1", "/tasks/checkIn/x",
                     "/tasks/checkIn", "/onboarding/one", "/onboarding/3/sign", "/assets", "/insights/more", "/nothing"] {
            #expect(Route(method: "GET", path: path) == nil, "GET \(path)")
        }
    }

    @Test func assetPathsKeepTheirFolders() {
        #expect(Route(method: "GET", path: "/assets/models/knee.model.js") == .asset(path: "models/knee.model.js"))
        #expect(Route(method: "GET", path: "//assets//js/live.js") == .asset(path: "js/live.js"))
    }
}
