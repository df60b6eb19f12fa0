import Content
import Foundation
import Support
import Testing
import TestSupport
import StudyModel

@Suite struct MarkdownTests {
    @Test func rawHTMLAndJavascriptLinksComeOutInert() {
        let html = Markdown.html("""
            Hello <script>alert(1)</script>

            <iframe src="https://example.org"></iframe>

            [click](javascript:alert(1)) ![x](javascript:alert(2))
            """).markup
        #expect(!html.contains("<script"))
        #expect(!html.contains("<iframe"))
        #expect(!html.contains("javascript:"))
        #expect(html.contains("<!-- raw HTML omitted -->"))
    }

    @Test func headingsGetStableUniqueIDs() {
        let html = Markdown.html("# Why *walk*?\n\n## Why walk\n\n## Risks & benefits\n\n    <h2>code</h2>\n")
        #expect(html == """
            <h1 id="why-walk">Why <em>walk</em>?</h1>
            <h2 id="why-walk-2">Why walk</h2>
            <h2 id="risks-benefits">Risks &amp; benefits</h2>
            <pre><code>&lt;h2&gt;code&lt;/h2&gt;
            </code></pre>

            """)
    }

    /// A slug keeps letters and digits, lowered, one dash between runs; ASCII and other scripts alike.
    @Test func slugsKeepLettersAndDigitsJoinedByDashes() {
        let slugs = ["Swelling & Pain (Week 2)": "swelling-pain-week-2", "  ...  ": "section", "": "section",
                     "MRI: T2-Weighted": "mri-t2-weighted", "Äpfel und Birnen": "äpfel-und-birnen",
                     "Knie — Woche 1": "knie-woche-1", "Ölçüm 3": "ölçüm-3", "膝の運動": "膝の運動", "9 AM-5 PM": "9-am-5-pm"]
        for (heading, slug) in slugs {
            #expect(Markdown.slug(heading) == slug, "\(heading)")
        }
    }

    /// 300,000 emphasis marks on each side of one letter nest deeper than any
    /// stack: the heading's text is found without recursion, in a note under
    /// the 1 MB limit, on the loader's worker threads too.
    @Test func aHeadingNestedDeeperThanAnyStackIsRenderedAndItsNoteLoads() throws {
        let heading = "# " + String(repeating: "*", count: 300_000) + "a" + String(repeating: "*", count: 300_000) + "\n\nText.\n"
        #expect(Markdown.html(heading).markup.hasPrefix("<h1 id=\"a\">"))
        let study = try StudyFolder(files: ["content/education/deep.md": "---\ntitle: Deep\nsummary: Deep\n---\n" + heading])
        let result = ContentLoader.load(directory: study.content, publicDirectory: study.publicFolder)
        #expect(result.errors.isEmpty)
        #expect(result.study?.note("deep")?.html.markup.contains("<p>Text.</p>") == true)
    }

    @Test func relativeLinksResolveToSitePagesAndAssets() throws {
        let study = try StudyFolder()
        let result = ContentLoader.load(directory: study.content, publicDirectory: study.publicFolder)
        #expect(result.study?.note("walking")?.html == """
            <h2 id="why">Why</h2>
            <p>See <a href="../consent/walking.html">the consent</a> and <img src="../assets/images/map.svg" alt="a map" />.</p>

            """)
    }

    @Test func consentHashesAreTheSHA256OfTheRenderedHTML() throws {
        let study = try StudyFolder()
        let document = try #require(ContentLoader.load(directory: study.content, publicDirectory: nil).study?
            .consentDocument("walking"))
        #expect(document.html == "<h1 id=\"purpose\">Purpose</h1>\n<p>We study walking.</p>\n")
        #expect(document.sha256 == "60ad9bca4453b433acbd740ee12e36accda48f6ce1b3e4b9b694a3c43cd07257")
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(document.html.markup) == document.sha256)
    }
}
