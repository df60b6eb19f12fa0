import Foundation
import Testing
import TestSupport

/// The mistakes an editor makes in the study `carefeed init` wrote, each
/// planted at once: `check`, run in the study's folder with no flags, says
/// every one at its file, line and column, says how to fix it, and cites
/// the part of the reference (served at /docs) that tells how to write it.
@Suite struct EditorMistakesTests {
    /// The line and column where `needle` first stands in the file, 1-based.
    func position(of needle: String, in file: String, after: String? = nil) throws -> String {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let start = try after.map { try #require(text.range(of: $0)).upperBound } ?? text.startIndex
        let found = try #require(text.range(of: needle, range: start..<text.endIndex), "\(needle) in \(file)")
        let before = text[..<found.lowerBound]
        let line = before.filter { $0 == "\n" }.count + 1
        let column = before.distance(from: before.lastIndex(of: "\n").map(before.index(after:)) ?? before.startIndex,
                                     to: before.endIndex) + 1
        return "\(line):\(column)"
    }

    func edit(_ file: String, _ old: String, _ new: String) throws {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains(old), "the template has \(old) in \(file)")
        try text.replacingOccurrences(of: old, with: new).write(toFile: file, atomically: true, encoding: .utf8)
    }

    @Test func eachMistakeIsSaidAtItsLineAndColumnWithHowToFixIt() throws {
        let folder = try TemporaryDirectory()
        #expect(try Executables.carefeed(["init", "mystudy"], in: folder.path).status == 0)
        let study = folder.path + "/mystudy"
        let task = study + "/content/tasks/dailyCheckIn.md", onboarding = study + "/content/tasks/onboarding.md"
        let header = study + "/content/study.yaml", note = study + "/content/education/about-the-study.md"
        let consent = study + "/content/consent/participation.md"
        try edit(task, "        required: true\n        answer:\n          scale:",
                 "        requierd: true\n        answer:\n          scale:")
        try edit(task, "at: \"09:00\"", "at: 8am")
        try edit(task, "  - start: enrollment\n    end: enrollment + 28 days", "  - start: enrollment + 28 days\n    end: enrollment + 7 days")
        try edit(task, "  - type: completion", """
                  - id: mood
                    text: How is your mood?
                    answer:
                      choice:
                        options:
                          - { value: low, text: Low }
                          - { value: low, text: Good }
              - type: completion
            """)
        try edit(onboarding, "document: participation", "document: participaton")
        try edit(header, "legend: \"Wellbeing (0-10)\" }", "legend: \"Wellbeing (0-10)\", color: \"#dddddd\" }")
        try edit(consent, "\n## Questions", "\nRead [the diet note](../education/diet-tips.md) before you sign.\n\n## Questions")
        try edit(note, "\nsummary:", "\n summary:")

        let check = try Executables.carefeed(["check"], in: study)
        #expect(check.status == 1)
        let expected = [
            "content/consent/participation.md:\(try position(of: "[the diet note]", in: consent)): error: the link "
                + "../education/diet-tips.md leads to no note: there is no education/diet-tips.md; the notes are: "
                + "about-the-study (see /docs#links-and-images-in-markdown)",
            "content/education/about-the-study.md:\(try position(of: "summary:", in: note, after: "\ntitle:")): error: line 5 is indented "
                + "1 space, more than 'title' on line 4, so YAML reads it as more of the value of 'title'; start it at "
                + "the left edge, like 'title' (see /docs#how-the-files-are-written)",
            "content/study.yaml:\(try position(of: "\"#dddddd\"", in: header)): warning: color #dddddd is 1.4:1 against "
                + "the chart's white background, under the 3:1 that marks need to be told apart from it; a darker shade "
                + "such as \"#919191\" would do (see /docs#charts)",
            "content/tasks/dailyCheckIn.md:\(try position(of: "enrollment + 7 days", in: task)): error: end "
                + "(enrollment + 7 days) must come after start (enrollment + 28 days); end is exclusive (see /docs#schedules)",
            "content/tasks/dailyCheckIn.md:\(try position(of: "8am", in: task)): error: at \"8am\" is not a wall-clock "
                + "time \"HH:MM\"; write it as \"08:00\", or give a list of times such as [\"08:00\", \"20:00\"] "
                + "(see /docs#schedules)",
            "content/tasks/dailyCheckIn.md:\(try position(of: "requierd", in: task)): error: unknown key 'requierd' in "
                + "a form item; did you mean 'required'? (see /docs#questions-and-answers)",
            "content/tasks/dailyCheckIn.md:\(try position(of: "{ value: low", in: task, after: "{ value: low")): error: "
                + "two options store the value 'low'; each option needs a value of its own (see /docs#questions-and-answers)",
            "content/tasks/onboarding.md:\(try position(of: "participaton", in: onboarding)): error: no consent "
                + "document 'participaton'; expected a file consent/participaton.md; known: participation (see /docs#consent)",
            "7 errors, 1 warning in 5 files",
            "Each /docs#… is a part of the reference: carefeed serve shows it at /docs, such as http://localhost:8080/docs",
        ]
        #expect(check.error.split(separator: "\n").map(String.init) == expected)
        #expect(check.out == "")
    }
}
