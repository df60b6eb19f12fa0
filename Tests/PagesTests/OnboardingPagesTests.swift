import CareModel
import Content
import Foundation
import Pages
import Testing
import TestSupport
import StudyModel

@Suite struct OnboardingPagesTests {
    let study: Study
    let context: OnboardingPages.Context
    let token = "c5rf-70k3n"

    /// Steps 1 to 6: instruction, consent, permissions, form, model, completion.
    init() throws {
        let folder = try StudyFolder(files: [
            "content/tasks/join.md": """
                ---
                id: join
                title: Join
                impactsAdherence: false
                schedule:
                  - { start: enrollment, every: 1 day, allDay: true }
                survey:
                  - type: instruction
                    title: Welcome
                    text: What taking part means.
                    image: images/map.svg
                    items:
                      - { icon: heart.fill, text: Your health data, detail: You choose what you share. }
                      - { icon: lock.fill, text: Your privacy }
                  - type: consent
                    document: walking
                    signature: drawn
                  - type: permissions
                    title: What you share
                    text: Choose what you allow.
                    items:
                      - { id: shareSteps, kind: health, title: Share your steps, text: Your step counts., types: [steps, walk] }
                      - { id: reminders, kind: notifications, title: Reminders }
                  - type: form
                    title: About you
                    items:
                      - { id: shoes, text: Which shoes do you walk in?, required: true, answer: { text: { maxLength: 80 } } }
                      - { id: surface, text: Where do you walk?, answer: { choice: { options: [Road, Park, Trail], multiple: true } } }
                  - type: model
                    education: walking
                  - type: completion
                    title: Done
                    text: Thank you.
                ---
                """,
            "content/education/walking.md": """
                ---
                title: Walking
                summary: Why walking helps.
                model: { src: models/leg.glb, format: glb, alt: A leg }
                ---
                Walk.
                """,
        ])
        let result = ContentLoader.load(directory: folder.content, publicDirectory: nil)
        study = try #require(result.study, "\(result.diagnostics)")
        let links = SiteLinks(page: "onboarding/1.html", feedDays: { _, _ in true })
        context = OnboardingPages.Context(task: try #require(study.task("join")), study: study,
                                          participant: Fixtures.participant(), reader: .site(links), csrfToken: token,
                                          stepPath: { "/onboarding/\($0)" })
    }

    func step(_ number: Int, _ fields: OnboardingFields = OnboardingFields(), errors: [String: String] = [:]) -> String {
        OnboardingPages.step(number, context: context, fields: fields, errors: errors).markup
    }

    func review(_ fields: OnboardingFields) throws -> String {
        OnboardingPages.review(2, document: try #require(study.consentDocument("walking")), context: context, fields: fields).markup
    }

    func fields(printedName: String = "", signature: Signature? = nil) -> OnboardingFields {
        var fields = OnboardingFields()
        fields.printedName = printedName
        fields.signature = signature
        return fields
    }

    @Test func anInstructionStepShowsItsTitleTextImageAndEachIconItem() {
        let page = step(1)
        #expect(page.contains("<h1>Welcome</h1>\n<p class=\"lead\">What taking part means.</p>\n"
                              + "<img class=\"note-image\" src=\"../assets/images/map.svg\" alt=\"\">\n"))
        #expect(page.contains("<ul class=\"icon-items\">"
                              + "<li><img class=\"icon\" src=\"../assets/icons/heart.fill.svg\" alt=\"\" width=\"24\" height=\"24\">"
                              + "<span><strong>Your health data</strong><span class=\"icon-detail\">You choose what you share.</span></span></li>"
                              + "<li><img class=\"icon\" src=\"../assets/icons/lock.fill.svg\" alt=\"\" width=\"24\" height=\"24\">"
                              + "<span><strong>Your privacy</strong></span></li></ul>"))
        #expect(page.contains("<button type=\"submit\" class=\"button\">Continue</button>"))
    }

    @Test func theConsentStepShowsTheDocumentWithItsVersionBeforeTheSignature() throws {
        let page = step(2)
        let document = try #require(study.consentDocument("walking"))
        #expect(page.contains("<h1>Consent</h1>\n<p class=\"day-meta\">Version 2. "))
        let text = try #require(page.range(of: "<div class=\"prose consent-text\" role=\"region\" "
                                               + "aria-label=\"Consent document\">\n\(document.html.markup)</div>"))
        let name = try #require(page.range(of: "name=\"printedName\""))
        #expect(text.upperBound < name.lowerBound)
    }

    @Test func theConsentStepAsksForAPrintedNameASignatureOnThePadOrATypedSignature() {
        let page = step(2)
        #expect(page.contains("<label for=\"field-printedName\" class=\"field-label\">Your full name, printed</label>\n"
                              + "<input type=\"text\" name=\"printedName\" id=\"field-printedName\" value=\"\" autocomplete=\"name\">"))
        #expect(page.contains("<div class=\"signature-pad\" data-signature-pad hidden><canvas class=\"signature-canvas\""))
        #expect(page.contains("<input type=\"hidden\" name=\"signature\" value=\"\" data-signature-input>"))
        #expect(page.contains("<input type=\"checkbox\" name=\"typedSignature\" value=\"yes\"> "))
        #expect(page.contains("<script src=\"../assets/js/signature-pad.js\"></script>"))
        #expect(page.contains("<button type=\"submit\" class=\"button\">Review</button>"))
    }

    @Test func theConsentStepKeepsThePrintedNameAndTheSignatureEntered() {
        let drawn = step(2, fields(printedName: "Ada Lovelace", signature: .drawn(pathData: "M1 1 L5 5")))
        #expect(drawn.contains("name=\"printedName\" id=\"field-printedName\" value=\"Ada Lovelace\""))
        #expect(drawn.contains("<input type=\"hidden\" name=\"signature\" value=\"M1 1 L5 5\" data-signature-input>"))
        #expect(drawn.contains("name=\"typedSignature\" value=\"yes\"> "))
        let typed = step(2, fields(printedName: "Ada Lovelace", signature: .typed(name: "Ada Lovelace")))
        #expect(typed.contains("<input type=\"checkbox\" name=\"typedSignature\" value=\"yes\" checked> "))
        #expect(typed.contains("<input type=\"hidden\" name=\"signature\" value=\"\" data-signature-input>"))
    }

    @Test func thePermissionsStepListsEachPermissionWithWhatItShares() {
        let page = step(3)
        #expect(page.contains("<h1>What you share</h1>\n<p class=\"lead\">Choose what you allow.</p>\n"))
        #expect(page.contains("name=\"grant\" value=\"shareSteps\" data-permission-kind=\"health\""))
        #expect(page.contains("<span><strong>Share your steps</strong></span></label>\n<p class=\"field-hint\">Your step counts.</p>\n"
                              + "<p class=\"field-hint\">Shares: Steps, Walk</p>\n"))
        #expect(page.contains("name=\"grant\" value=\"reminders\" data-permission-kind=\"notifications\""))
        #expect(page.contains("<script src=\"../assets/js/permissions.js\"></script>"))
    }

    @Test func thePermissionsStepKeepsWhatTheParticipantGrantedOrDeclinedAndWhatTheBrowserAnswered() {
        var fields = OnboardingFields()
        fields.permissions = ["shareSteps": (granted: false, detail: nil), "reminders": (granted: true, detail: "granted")]
        let page = step(3, fields)
        #expect(page.contains("value=\"shareSteps\" data-permission-kind=\"health\"> "))
        #expect(page.contains("value=\"reminders\" data-permission-kind=\"notifications\" data-said-blocked=\"Your browser blocked notifications; you can allow them later in its settings.\" checked> "))
        #expect(page.contains("<input type=\"hidden\" name=\"detail-reminders\" value=\"granted\" data-permission-detail=\"reminders\">"))
        #expect(page.contains("<input type=\"hidden\" name=\"detail-shareSteps\" value=\"\" data-permission-detail=\"shareSteps\">"))
    }

    @Test func aFormStepKeepsTheEntriesAndMarksTheRequiredQuestion() {
        var fields = OnboardingFields()
        fields.entries = ["shoes": ["Trainers"], "surface": ["Park", "Trail"]]
        let page = step(4, fields)
        #expect(page.contains("<h1>About you</h1>"))
        #expect(page.contains("Which shoes do you walk in? <span class=\"required\">(required)</span></label>"))
        #expect(page.contains("maxlength=\"80\">Trainers</textarea>"))
        #expect(page.contains("value=\"Road\"> Road</label>"))
        #expect(page.contains("value=\"Park\" checked> Park</label>"))
        #expect(page.contains("value=\"Trail\" checked> Trail</label>"))
    }

    @Test func theModelStepLinksToItsNote() {
        #expect(step(5).contains("<h1>Walking</h1>\n<p class=\"lead\">Why walking helps. "
                                 + "<a href=\"../education/walking.html\">Open the note and its 3D model</a></p>"))
    }

    @Test func theCompletionStepSaysSoAndLeadsToTheTasks() {
        let page = step(6)
        #expect(page.contains("<h1>Done</h1>\n<p class=\"lead\">Thank you.</p>"))
        #expect(page.contains("<button type=\"submit\" class=\"button\">Go to my tasks</button>"))
    }

    @Test func eachStepSaysWhichStepOfHowManyItIsAndHasNoSiteNavigation() {
        for number in 1...6 {
            let page = step(number)
            #expect(page.contains("<p class=\"progress\">Step \(number) of 6</p>"), "step \(number)")
            #expect(!page.contains("<nav"), "step \(number)")
        }
    }

    @Test func everyStepAfterTheFirstLinksBackToTheOneBefore() {
        #expect(!step(1).contains(">Back</a>"))
        for number in 2...6 {
            #expect(step(number).contains("<a class=\"button button-secondary\" href=\"/onboarding/\(number - 1)\">Back</a> "),
                    "step \(number)")
        }
    }

    @Test func everyFormPostsToItsOwnStepWithTheCSRFTokenGiven() throws {
        let csrf = "<input type=\"hidden\" name=\"csrf\" value=\"\(token)\">"
        for number in 1...6 {
            let page = step(number)
            #expect(page.contains("<form method=\"post\" action=\"/onboarding/\(number)\" class=\"onboarding\" novalidate>\n\(csrf)"),
                    "step \(number)")
            #expect(page.components(separatedBy: "<form").count == 2, "step \(number)")
        }
        let review = try review(fields(printedName: "Ada", signature: .drawn(pathData: "M1 1 L5 5")))
        #expect(review.contains("<form method=\"post\" action=\"/onboarding/2/review\" class=\"onboarding\">\n\(csrf)"))
        #expect(review.components(separatedBy: "<form").count == 2)
    }

    @Test func errorsAreShownBesideTheirFieldsAndListedInASummaryLinkingToEach() {
        let page = step(2, errors: ["printedName": "Enter your full name.", "signature": "Sign, or tick the box."])
        #expect(page.contains("<div class=\"error-summary\" role=\"alert\"><h2>Please check</h2><ul>"
                              + "<li><a href=\"#field-printedName\">Enter your full name.</a></li>"
                              + "<li><a href=\"#field-signature\">Sign, or tick the box.</a></li></ul></div>"))
        #expect(page.contains("<div class=\"field has-error\">\n"
                              + "<label for=\"field-printedName\" class=\"field-label\">Your full name, printed</label>\n"
                              + "<p class=\"field-error\" id=\"field-printedName-error\">Enter your full name.</p>\n"
                              + "<input type=\"text\" name=\"printedName\" id=\"field-printedName\" value=\"\" autocomplete=\"name\" "
                              + "aria-invalid=\"true\" aria-describedby=\"field-printedName-error\">"))
        #expect(page.contains("<fieldset class=\"signature-field\" id=\"field-signature\"><legend>Sign with your finger or mouse</legend>\n"
                              + "<p class=\"field-error\" id=\"signature-error\">Sign, or tick the box.</p>"))
    }

    @Test func aFormStepsErrorIsShownBesideItsQuestionAndLinkedFromTheSummary() {
        let page = step(4, errors: ["shoes": "Say which shoes."])
        #expect(page.contains("<li><a href=\"#field-shoes\">Say which shoes.</a></li>"))
        #expect(page.contains("<p class=\"field-error\" id=\"field-shoes-error\">Say which shoes.</p>"))
        #expect(page.contains("<textarea name=\"shoes\" id=\"field-shoes\" rows=\"4\" maxlength=\"80\" "
                              + "aria-describedby=\"field-shoes-error\" aria-invalid=\"true\">"))
        #expect(!step(4).contains("error-summary"))
    }

    /// The text's SHA-256 and the time zone are the record's (the consent page shows them), not the participant's to check.
    @Test func theReviewShowsTheDocumentThePrintedNameAndTheDrawnSignature() throws {
        let document = try #require(study.consentDocument("walking"))
        let page = try review(fields(printedName: "Ada Lovelace", signature: .drawn(pathData: "M1 1 L5 5")))
        #expect(page.contains("<p class=\"progress\">Step 2 of 6</p>"))
        #expect(page.contains("<dl class=\"record-facts\">\n<dt>Document</dt><dd>Consent, version 2</dd>\n"
                              + "<dt>Printed name</dt><dd>Ada Lovelace</dd>\n</dl>"))
        #expect(!page.contains("<code class=\"hash\">") && !page.contains("America/New_York"))
        #expect(page.contains("<svg class=\"signature-drawing\" viewBox=\"0 0 300 100\" role=\"img\" "
                              + "aria-label=\"Signature of Ada Lovelace, drawn\"><path d=\"M1 1 L5 5\""))
        #expect(page.contains("<input type=\"hidden\" name=\"sha256\" value=\"\(document.sha256)\">"))
        #expect(page.contains("<a class=\"button button-secondary\" href=\"/onboarding/2\">Change</a> "))
    }

    @Test func theReviewShowsATypedSignatureAsTheNameTyped() throws {
        let page = try review(fields(printedName: "Ada Lovelace", signature: .typed(name: "Ada Lovelace")))
        #expect(page.contains("<p class=\"typed-signature\">Ada Lovelace</p>"))
        #expect(!page.contains("<svg class=\"signature-drawing\""))
    }

    @Test func namesAndAnswersWithMarkupCharactersAreEscaped() throws {
        let name = "Ada \"<b>\" & Co"
        let escaped = "Ada &quot;&lt;b&gt;&quot; &amp; Co"
        var entered = fields(printedName: name, signature: .typed(name: name))
        entered.entries = ["shoes": ["<script>x</script> & \"boots\""]]
        entered.permissions = ["reminders": (granted: true, detail: "\"><script>")]
        #expect(step(2, entered).contains("id=\"field-printedName\" value=\"\(escaped)\""))
        #expect(step(3, entered).contains("name=\"detail-reminders\" value=\"&quot;&gt;&lt;script&gt;\""))
        #expect(step(4, entered).contains(">&lt;script&gt;x&lt;/script&gt; &amp; &quot;boots&quot;</textarea>"))
        let review = try review(entered)
        #expect(review.contains("<dt>Printed name</dt><dd>\(escaped)</dd>"))
        #expect(review.contains("<p class=\"typed-signature\">\(escaped)</p>"))
        for page in [step(2, entered), step(3, entered), step(4, entered), review] {
            #expect(!page.contains("<script>") && !page.contains("<b>"))
        }
    }
}
