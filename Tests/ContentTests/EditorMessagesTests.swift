import Content
import Foundation
import Testing
import TestSupport

/// Messages said in an editor's words: a YAML syntax error names the line
/// that does not line up and what to change, a time says what was written
/// and what was meant, a contrast rounds as people read it, and a link is
/// followed to the note, document or heading it names.
@Suite struct EditorMessagesTests {
    func diagnostics(_ files: [String: String]) -> [String] {
        guard let study = try? StudyFolder(files: files) else { return ["cannot write the study"] }
        let result = ContentLoader.load(directory: study.content, publicDirectory: study.publicFolder)
        return result.diagnostics.map {
            $0.description.replacingOccurrences(of: study.content + "/", with: "")
        }
    }

    func note(_ frontMatter: String, body: String = "Walking helps.") -> [String: String] {
        ["content/education/walking.md": "---\n" + frontMatter + "\n---\n" + body + "\n"]
    }

    @Test func aLineThatLinesUpWithNothingIsNamedWithTheLinesItCouldJoin() {
        #expect(diagnostics(note("""
            title: Walking
            summary: Why.
            model:
              src: models/knee.glb
             format: glb
            """)) == [
            "education/walking.md:6:2: error: line 6 is indented 1 space, which lines up with no line above it; "
                + "indent it 2 spaces, as 'src' is on line 5, or start it at the left edge, as 'model' is on line 4",
        ])
        #expect(diagnostics(["content/tasks/walk.md": """
            ---
            id: walk
            title: Walk
            schedule:
              - start: enrollment
                every: 1 day
                 at: "08:00"
            ---
            """]) == [
            "tasks/walk.md:7:6: error: line 7 is indented 5 spaces, more than 'every' on line 6, so YAML reads it as "
                + "more of the value of 'every'; indent it 4 spaces, like 'every'",
        ])
    }

    @Test func aTabAColonAndAnOpenBracketAreSaidInWords() {
        #expect(diagnostics(note("title: Walking\n\tsummary: Why.")) == [
            "education/walking.md:3:1: error: line 3 is indented with a tab; YAML indents with spaces only, "
                + "so put spaces in place of the tab",
        ])
        #expect(diagnostics(note("title: Walking: the first weeks\nsummary: Why.")) == [
            "education/walking.md:2:8: error: the value of 'title' holds ': ', which YAML reads as the start of "
                + "another key; put the value in quotes: title: \"Walking: the first weeks\"",
        ])
        #expect(diagnostics(note("title: Walking\nsummary: Why.\norder: [1, 2")) == [
            "education/walking.md:4:8: error: the '[' on line 4 is not closed; close it with ']' and put a comma "
                + "between its entries",
        ])
        #expect(diagnostics(note("title: 'Walking\nsummary: Why.")) == [
            "education/walking.md:2:8: error: the quote that opens on line 2 is not closed; end the text with ' on "
                + "the same line, or write '' for a ' inside it",
        ])
    }

    @Test func aLineBesideItemsOrAnItemBesideKeysIsSaidAsSuch() {
        #expect(diagnostics(note("title: Walking\nsummary: Why.\nmodel:\n  highlight:\n    - knee\n    shin")) == [
            "education/walking.md:7:5: error: line 7 lines up with the list item on line 6 but does not start with "
                + "'- '; write '- ' before it to make it another item of the list",
        ])
        #expect(diagnostics(note("title Walking\nsummary: Why.")) == [
            "education/walking.md:2:1: error: line 2 has no ': ' after its key; write the key, a colon and a space, "
                + "then the value, such as 'title: Walking'",
        ])
        #expect(diagnostics(note("title: Walking\nsummary: Why.\n- order: 2")) == [
            "education/walking.md:4:1: error: line 4 starts a list item ('- ') beside 'summary' on line 3, which is a "
                + "key; put the list under a key that ends with ':', indented more than it",
        ])
    }

    @Test func lineEndsQuotesOverLinesAndWideCharactersKeepTheirPlaces() {
        // Windows line ends: the lines are still told apart.
        let crlf = StudyFolder.minimal["content/study.yaml"]!.replacingOccurrences(of: "\n", with: "\r\n")
            .replacingOccurrences(of: "timezone: Europe/Berlin", with: "timezone: Europe/Berlin\r\n  foo: 1")
        #expect(diagnostics(["content/study.yaml": crlf]) == [
            "study.yaml:5:3: error: line 5 is indented 2 spaces, more than 'timezone' on line 4, so YAML reads it as "
                + "more of the value of 'timezone'; start it at the left edge, like 'timezone'",
        ])
        // A quote closed on a later line is no open quote; the line that does not line up is named.
        #expect(diagnostics(note("title: \"Walking\n  far\"\nsummary: Why.\n order: 2")) == [
            "education/walking.md:5:2: error: line 5 is indented 1 space, more than 'summary' on line 4, so YAML "
                + "reads it as more of the value of 'summary'; start it at the left edge, like 'summary'",
        ])
        // A quote in a comment below closes nothing an editor meant.
        #expect(diagnostics(note("title: \"Walking\n# say \"hello\" here\nsummary: Why.")).first?
            .hasPrefix("education/walking.md:2:8: error: the quote that opens on line 2 is not closed") == true)
        // A link after Japanese text is at its character's column, not its byte's.
        let japanese = diagnostics(note("title: 歩く\nsummary: 理由。", body: "歩くことは[メモ](memo.md)です。"))
        #expect(japanese.first?.hasPrefix("education/walking.md:5:6: error: the link memo.md leads to no note") == true)
    }

    @Test func aSyntaxErrorInOneFileHidesNoOtherFilesMistakes() {
        var files = note("title: Walking\n  summary: Why.")
        files["content/tasks/walk.md"] = "---\nid: walk\ntitle: Walk\nschedule:\n  - { start: enrollment, every: 1 day, at: \"8:00\" }\n---\n"
        let said = diagnostics(files)
        #expect(said.count == 2)
        #expect(said.first?.hasPrefix("education/walking.md:3:3: error: line 3 is indented 2 spaces") == true)
        #expect(said.last == "tasks/walk.md:5:44: error: at \"8:00\" is not a wall-clock time \"HH:MM\"; write it as "
                + "\"08:00\", or give a list of times such as [\"08:00\", \"20:00\"]")
    }

    @Test func aTimeIsRepeatedWithWhatWasMeant() {
        func said(_ at: String) -> String? {
            diagnostics(["content/tasks/walk.md": "---\nid: walk\ntitle: Walk\nschedule:\n  - { start: enrollment, every: 1 day, at: \(at) }\n---\n"])
                .first { $0.contains("wall-clock") }
        }
        #expect(said("\"6.30 pm\"")?.contains("at \"6.30 pm\" is not a wall-clock time \"HH:MM\"; write it as \"18:30\"") == true)
        #expect(said("12am")?.contains("write it as \"00:00\"") == true)
        #expect(said("\"25:00\"")?.contains("at \"25:00\" is not a wall-clock time \"HH:MM\", such as \"08:00\"") == true)
        #expect(said("noon")?.contains("at \"noon\" is not a wall-clock time \"HH:MM\", such as \"08:00\"") == true)
    }

    @Test func aContrastIsRoundedAsPeopleReadItAndNeverUpToTheMinimum() {
        func said(_ color: String) -> String? {
            diagnostics(["content/study.yaml": StudyFolder.minimal["content/study.yaml"]!.replacingOccurrences(
                of: "legend: Steps }", with: "legend: Steps, color: \"\(color)\" }")])
                .first { $0.contains("against the chart's white background") }
        }
        // #c8c8c8 is 1.67:1, once printed as 1.6:1.
        #expect(said("#c8c8c8")?.contains("is 1.7:1 against") == true)
        #expect(said("#999999")?.contains("is 2.8:1 against") == true)
        // #959595 is 2.995:1: under the minimum, so never "3:1".
        #expect(said("#959595")?.contains("is 2.99:1 against") == true)
        #expect(said("#949494") == nil, "3.03:1 meets the minimum")
    }

    @Test func aLinkIsFollowedToTheNoteDocumentOrHeadingItNames() {
        var files = note("title: Walking\nsummary: Why.", body: """
            ## Why walk

            See [swelling](swelling.md), [the German note](walking.de-DE.md), [why](#why-walk),
            [how](#how-far) and [consent](../consent/walking.md#purpose).
            """)
        files["content/education/walking.de-DE.md"] = "---\ntitle: Gehen\nsummary: Warum.\n---\nGehen hilft.\n"
        #expect(diagnostics(files).filter { $0.contains("link") || $0.contains("anchor") } == [
            "education/walking.md:7:5: error: the link swelling.md leads to no note: there is no education/swelling.md; "
                + "the notes are: walking",
            "education/walking.md:7:30: error: the link walking.de-DE.md leads to a translation; link to the note "
                + "itself, walking.md, and each reader is shown it in their own language",
            "education/walking.md:8:1: error: no heading of this page has the anchor #how-far; its headings are #why-walk",
        ])
    }
}
