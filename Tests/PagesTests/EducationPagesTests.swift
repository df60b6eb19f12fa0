import CareModel
import Content
import Foundation
import Pages
import Testing
import TestSupport
import StudyModel

@Suite struct EducationPagesTests {
    /// The viewer's words for its script, in the page's language.
    static let saidAttributes = "data-said-reset=\"Reset view\" data-said-turn=\"Turn the model\" data-said-turning=\"Done turning\" "
    let study: Study
    let indexLinks = SiteLinks(page: "education/index.html", feedDays: { _, _ in true })
    let noteLinks = SiteLinks(page: "education/walking.html", feedDays: { _, _ in true })

    /// Three notes: `walking` with a model, `stairs` with a model and nothing optional, `shoes` with none.
    init() throws {
        let folder = try StudyFolder(files: [
            "content/education/walking.md": """
                ---
                title: Walking
                summary: Why walking helps.
                order: 1
                model:
                  src: models/leg.glb
                  format: glb
                  alt: A leg from the side
                  poster: images/leg.svg
                  camera: { azimuth: 30, elevation: 15, distance: 2.5 }
                  highlight: [knee, shin]
                  annotations:
                    - { id: thigh, label: Thigh, text: The upper leg., position: [0, 0.5, 0.1] }
                    - { id: knee, label: Knee, text: The joint., position: [0.25, 0, -0.15] }
                    - { id: shin, label: Shin, text: The lower leg., position: [0, -0.5, 0.1] }
                ---
                ## Why

                Walking **helps**.
                """,
            "content/education/stairs.md": """
                ---
                title: Stairs
                summary: Up with the good leg.
                order: 2
                model: { src: models/steps/stair.v2.gltf, format: gltf, alt: A staircase. }
                ---
                Take them one at a time.
                """,
            "content/education/shoes.md": """
                ---
                title: Shoes
                summary: Soles & laces, "in short".
                order: 3
                ---
                Wear flat shoes.
                """,
        ])
        let result = ContentLoader.load(directory: folder.content, publicDirectory: nil)
        study = try #require(result.study, "\(result.diagnostics)")
    }

    func note(_ slug: String, nav: Navigation = .study(current: .education)) throws -> String {
        EducationPages.note(try #require(study.note(slug)), study: study, reader: .site(noteLinks), nav: nav).markup
    }

    @Test func theIndexListsEveryNoteWithItsSummaryAndLink() {
        let page = EducationPages.index(study: study, reader: .site(indexLinks)).markup
        let list = [
            "<ul class=\"note-list\">\n",
            "<li><a href=\"../education/walking.html\"><span class=\"note-title\">Walking</span>",
            "<span class=\"note-summary\">Why walking helps.</span></a></li>\n",
            "<li><a href=\"../education/stairs.html\"><span class=\"note-title\">Stairs</span>",
            "<span class=\"note-summary\">Up with the good leg.</span></a></li>\n",
            "<li><a href=\"../education/shoes.html\"><span class=\"note-title\">Shoes</span>",
            "<span class=\"note-summary\">Soles &amp; laces, &quot;in short&quot;.</span></a></li>\n</ul>",
        ]
        #expect(page.contains(list.joined()))
    }

    @Test func aNoteWithAModelHasAViewerNamingTheModelCameraAndHighlightedParts() throws {
        #expect(try note("walking").contains("<article class=\"note\">\n<h1>Walking</h1>\n<p class=\"lead\">Why walking helps.</p>\n"
                                             + "<figure class=\"model-viewer\" data-model=\"models/leg.glb\" " + Self.saidAttributes
                                             + "data-highlight=\"knee shin\" data-camera=\"30 15 2.5\">\n"))
    }

    @Test func aModelWithoutACameraOrHighlightsIsViewedFromTheDefaultCamera() throws {
        #expect(try note("stairs").contains("<figure class=\"model-viewer\" data-model=\"models/steps/stair.v2.gltf\" " + Self.saidAttributes
                                            + "data-highlight=\"\" data-camera=\"0 10 2.5\">\n"))
    }

    @Test func theViewerShowsThePosterWithTheModelsDescriptionAsItsAlt() throws {
        let page = try note("walking")
        #expect(page.contains("<div class=\"model-stage\"><img class=\"model-poster\" src=\"../assets/images/leg.svg\" "
                              + "alt=\"A leg from the side\"></div>\n"))
        #expect(page.contains("<figcaption><span class=\"model-alt\">A leg from the side.</span> "))
    }

    @Test func aModelWithoutAPosterShowsItsDescriptionInstead() throws {
        let page = try note("stairs")
        #expect(page.contains("<div class=\"model-stage\"><p class=\"model-poster\">A staircase.</p></div>\n"))
        #expect(page.contains("<span class=\"model-alt\">A staircase.</span>"))
        #expect(!page.contains("<ol class=\"annotations\">"))
    }

    @Test func eachAnnotationIsListedInTheNotesOrderWithItsNumberAndPosition() throws {
        let annotations = [
            "<ol class=\"annotations\">\n",
            "<li id=\"annotation-thigh\" data-annotation=\"thigh\" data-position=\"0 0.5 0.1\">",
            "<span class=\"annotation-number\" aria-hidden=\"true\">1</span>",
            "<span class=\"annotation-text\"><strong>Thigh</strong> The upper leg.</span></li>\n",
            "<li id=\"annotation-knee\" data-annotation=\"knee\" data-position=\"0.25 0 -0.15\">",
            "<span class=\"annotation-number\" aria-hidden=\"true\">2</span>",
            "<span class=\"annotation-text\"><strong>Knee</strong> The joint.</span></li>\n",
            "<li id=\"annotation-shin\" data-annotation=\"shin\" data-position=\"0 -0.5 0.1\">",
            "<span class=\"annotation-number\" aria-hidden=\"true\">3</span>",
            "<span class=\"annotation-text\"><strong>Shin</strong> The lower leg.</span></li>\n</ol>\n<figcaption>",
        ]
        #expect(try note("walking").contains(annotations.joined()))
    }

    @Test func aNoteWithAModelLoadsThreeJSItsLoadersTheModelAndTheViewerInThatOrder() throws {
        let scripts = try note("walking").matches(of: /<script src="([^"]*)"><\/script>/).map { String($0.output.1) }
        #expect(scripts == ["../assets/js/three.min.js", "../assets/js/GLTFLoader.js", "../assets/js/OrbitControls.js",
                            "../assets/models/leg.model.js", "../assets/js/model-viewer.js"])
    }

    @Test func theModelsScriptIsNamedForTheModelFileWithoutItsFolderOrExtension() throws {
        #expect(ModelMetadata.scriptName(forModel: "models/leg.glb") == "leg.model.js")
        #expect(ModelMetadata.scriptName(forModel: "models/steps/stair.v2.gltf") == "stair.v2.model.js")
        #expect(try note("stairs").contains("<script src=\"../assets/models/stair.v2.model.js\"></script>"))
    }

    @Test func aNoteWithoutAModelHasNoViewerAndNoScripts() throws {
        let page = try note("shoes")
        #expect(page.contains("<p class=\"lead\">Soles &amp; laces, &quot;in short&quot;.</p>\n<div class=\"prose\">\n"))
        #expect(!page.contains("model-viewer"))
        #expect(!page.contains("<script"))
    }

    @Test func aNoteShowsItsTextAndLinksBackToAllNotes() throws {
        let page = try note("walking")
        #expect(page.contains("<p>Walking <strong>helps</strong>.</p>"))
        #expect(page.contains("</article>\n<p><a href=\"../education/index.html\">All notes</a></p>"))
    }

    @Test func onTheSiteTheNotesNavigationIsTheStudysWithLearnCurrent() {
        let page = EducationPages.index(study: study, reader: .site(indexLinks)).markup
        #expect(page.contains("<nav aria-label=\"Main\"><ul class=\"nav\"><li><a href=\"../index.html\">Participants</a></li>"
                              + "<li><a href=\"../overview.html\">Overview</a></li>"
                              + "<li><a href=\"../education/index.html\" aria-current=\"page\">Learn</a></li></ul></nav>"))
    }

    @Test func aParticipantsNotesCarryTheirNavigationToTheirFeedInsightsConsentAndAuditTrail() throws {
        let nav = Navigation.participant(id: "p1", today: Fixtures.date("2026-03-04"), current: .education)
        let expected = [
            "<nav aria-label=\"Main\"><ul class=\"nav\"><li><a href=\"../index.html\">Participants</a></li>",
            "<li><a href=\"../overview.html\">Overview</a></li>",
            "<li><a href=\"../participants/p1/feed/2026-03-04.html\">Feed</a></li>",
            "<li><a href=\"../participants/p1/insights.html\">Insights</a></li>",
            "<li><a href=\"../education/index.html\" aria-current=\"page\">Learn</a></li>",
            "<li><a href=\"../participants/p1/consent.html\">Consent</a></li>",
            "<li><a href=\"../participants/p1/audit.html\">Audit trail</a></li></ul></nav>",
        ].joined()
        #expect(EducationPages.index(study: study, reader: .site(indexLinks), nav: nav).markup.contains(expected))
        #expect(try note("walking", nav: nav).contains(expected))
    }
}
