import Content
import Foundation
import Pages
import Testing
import TestSupport
import StudyModel

/// Where a note's annotations are pinned on its model.
@Suite struct AnnotationPagesTests {
    @Test func anAnnotationWithoutAPositionCarriesItsNodesCentre() throws {
        let folder = try StudyFolder(files: ["content/education/walking.md": """
            ---
            title: Walking
            summary: Why walking helps.
            model:
              src: models/knee.glb
              format: glb
              alt: A knee
              annotations:
                - { id: medial_meniscus, label: Medial meniscus, text: The inner pad. }
                - { id: femur, label: Femur, text: The thigh bone. }
            ---
            Body.
            """])
        try FileManager.default.createDirectory(atPath: folder.publicFolder + "/models", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestStudy.publicFolder + "/models/knee.glb",
                                         toPath: folder.publicFolder + "/models/knee.glb")
        let study = try #require(ContentLoader.load(directory: folder.content, publicDirectory: folder.publicFolder).study)
        let note = try #require(study.note("walking"))
        let html = EducationPages.note(note, study: study, reader: .site(SiteLinks(page: "education/walking.html",
                                                                            feedDays: { _, _ in true }))).markup
        #expect(html.contains("<li id=\"annotation-medial_meniscus\" data-annotation=\"medial_meniscus\" "
                              + "data-position=\"0.25 0.03 -0.01\">"))
        #expect(html.contains("<li id=\"annotation-femur\" data-annotation=\"femur\" data-position=\"0 0.42 -0.03\">"))
    }

    @Test func theKneeNoteKeepsTheFrontEdgePositionsItGives() throws {
        let study = try #require(ContentLoader.load(directory: TestStudy.content, publicDirectory: TestStudy.publicFolder).study)
        let note = try #require(study.note("meniscus"))
        let html = EducationPages.note(note, study: study, reader: .site(SiteLinks(page: "education/meniscus.html",
                                                                            feedDays: { _, _ in true }))).markup
        #expect(html.contains("<li id=\"annotation-medial_meniscus\" data-annotation=\"medial_meniscus\" "
                              + "data-position=\"0.21 0.06 0.21\">"))
    }
}
