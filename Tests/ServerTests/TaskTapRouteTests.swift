import CareModel
@testable import Server
import Testing

/// The routes of taps and of the care team, parsed and written back.
extension RouteTests {
    @Test func tapsArePostsAndTheCareTeamAPage() {
        for route in [Route.checkOff(task: "iceKnee", occurrence: 7), .logEntry(task: "painMedicine")] {
            #expect(Route(method: "POST", path: route.path) == route)
            #expect(Route(method: "GET", path: route.path) == nil, "GET \(route.path)")
        }
        #expect(Route.checkOff(task: "iceKnee", occurrence: 7).path == "/tasks/iceKnee/7/check")
        #expect(Route.logEntry(task: "painMedicine").path == "/tasks/painMedicine/log")
        #expect(Route(method: "GET", path: "/care-team") == .careTeam)
        #expect(Route(method: "GET", path: "/care-team.html") == nil, "the site's file name is not a route")
        #expect(Route(method: "POST", path: "/care-team") == nil)
        #expect(Route(method: "POST", path: "/tasks/iceKnee/-1/check") == nil)
        #expect(Route(method: "POST", path: "/tasks/checkIn/0") == .task(id: "checkIn", occurrence: 0), "a survey still posts its answers")
    }
}
