import Foundation
import Markup
import Testing

/// The one place text becomes markup: what is interpolated as text is
/// escaped for both element content and quoted attributes, markup is kept.
@Suite struct HTMLTests {
    @Test func interpolatedTextHasEveryCharacterThatCouldEndATagOrAttributeEscaped() {
        let name = "Ana <b>\"Bo\" & 'Cy'</b>"
        let html: HTML = "<p title=\"\(name)\">\(name)</p>"
        let escaped = "Ana &lt;b&gt;&quot;Bo&quot; &amp; &#39;Cy&#39;&lt;/b&gt;"
        #expect(html.markup == "<p title=\"\(escaped)\">\(escaped)</p>")
    }

    @Test func textWithNothingToEscapeAndTextPastASCIIArePassedThrough() {
        let html: HTML = "<p>\("Schmerz: 3 · Schlaf 6,5 h · 痛み · ألم")</p>"
        #expect(html.markup == "<p>Schmerz: 3 · Schlaf 6,5 h · 痛み · ألم</p>")
    }

    @Test func markupIsKeptAndTextInsideItWasEscapedOnce() {
        let item: HTML = "<li>\("a < b")</li>"
        let list: HTML = "<ul>\(item)\([item, item])</ul>"
        #expect(list.markup == "<ul>" + String(repeating: "<li>a &lt; b</li>", count: 3) + "</ul>")
    }

    @Test func numbersAndValuesShownAsTextAndNothingForNil() {
        let missing: String? = nil, none: HTML? = nil
        let html: HTML = "\(42)|\(text: 3.5)|\(missing)|\(none)|\(Substring("<x>"))"
        #expect(html.markup == "42|3.5|||&lt;x&gt;")
    }

    @Test func piecesAreJoinedWithTheirSeparator() {
        let pieces: [HTML] = ["<b>1</b>", "<b>2</b>", "<b>3</b>"]
        #expect(pieces.joined(separator: " · ").markup == "<b>1</b> · <b>2</b> · <b>3</b>")
        #expect([HTML]().joined(separator: ", ").isEmpty)
        #expect((HTML.text("a&b") + "<br>").markup == "a&amp;b<br>")
    }

    @Test func trustedMarkupIsCodedAsItsPlainString() throws {
        let html = HTML(trusted: "<p>Signed &amp; kept</p>")
        let data = try JSONEncoder().encode([html])
        #expect(String(decoding: data, as: UTF8.self) == #"["<p>Signed &amp; kept<\/p>"]"#)
        #expect(try JSONDecoder().decode([HTML].self, from: data) == [html])
    }
}
