import Content
import Testing
import TestSupport
import StudyModel

/// The repository's own study, `content/` with `Public/`.
@Suite struct ShippedStudyTests {
    @Test func theRecoverStudyChecksCleanWithItsPublicFolder() throws {
        let result = ContentLoader.load(directory: Repository.content, publicDirectory: Repository.publicFolder)
        #expect(result.diagnostics.map(\.description) == [])
        let study = try #require(result.study)
        #expect(study.tasks.map(\.id) == ["checkIn", "exercises", "iceKnee", "kneeFunction", "onboarding", "painMedicine",
                                             "rangeOfMotion"])
        #expect(study.tasks.map(\.kind) == [.survey, .simple, .checklist, .survey, .survey, .log, .survey])
        #expect(study.task("painMedicine")?.impactsAdherence == false)
        #expect(study.contacts.map(\.telURI) == ["tel:2125550142", "tel:2125550167", "tel:+12125550199"])
        #expect(study.task("onboarding")?.isOnboarding == true)
        #expect(study.task("onboarding")?.impactsAdherence == false)
        #expect(study.note("meniscus")?.model?.highlight == ["medial_meniscus", "lateral_meniscus"])
        #expect(study.featured == "meniscus")
    }

    @Test func rangeOfMotionHasOneEventOnDaySevenAndNoneAfterWeekFour() throws {
        let study = try #require(ContentLoader.load(directory: Repository.content, publicDirectory: nil).study)
        let schedule = try #require(study.task("rangeOfMotion")).schedule
        let enrolled = Fixtures.date("2026-03-01")
        let events = schedule.events(enrolledOn: enrolled, in: study.timeZone, from: enrolled, to: enrolled.adding(days: 60))
        #expect(events.map { enrolled.days(to: $0.day) } == [0, 1, 2, 3, 4, 5, 6, 7, 14, 21])
    }
}
