import Content
import Testing
import TestSupport

/// `check` refuses an item whose column in the data package would carry the
/// name of another, so every table's field names are unique.
@Suite struct PackageColumnTests {
    func errors(_ items: String, scores: String = "") -> [String] {
        let text = """
            ---
            id: visit
            title: Visit
            schedule:
              - { start: enrollment, allDay: true }
            survey:
              - type: form
                items:
            \(items)
            \(scores)
            ---
            """
        guard let study = try? StudyFolder(files: ["content/tasks/visit.md": text]) else { return ["no study"] }
        return ContentLoader.load(directory: study.content, publicDirectory: nil).diagnostics
            .map { $0.description.replacingOccurrences(of: study.content + "/", with: "") }
    }

    @Test(arguments: ["occurrence", "study_id", "answered_at", "event_day"])
    func anItemNamedLikeAColumnEveryTableHasIsRefused(_ id: String) {
        let found = errors("      - { id: \(id), text: When?, answer: text }")
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("tasks/visit.md:9:15: error: the item id '\(id)' is the name of a column every task's "
                                       + "table in the data package has") == true, "\(found)")
    }

    @Test func anOptionColumnNamedLikeAnotherItemIsRefused() {
        let found = errors("""
                  - { id: m, text: Which?, answer: { choice: { options: [a, b], multiple: true } } }
                  - { id: m_a, text: And?, answer: text }
            """)
        #expect(found == ["tasks/visit.md:10:15: error: the data package would have two columns named 'm_a' in this task's table; "
                          + "give the item or the score another id"])
        let otherWay = errors("""
                  - { id: m_a, text: And?, answer: text }
                  - { id: m, text: Which?, answer: { choice: { options: [a, b], multiple: true } } }
            """)
        #expect(otherWay == ["tasks/visit.md:10:15: error: the data package would have two columns named 'm_a' in this task's "
                             + "table, one of them for the option 'a' of 'm'; give the item or the score another id"])
    }

    @Test func anItemNamedLikeTheColumnSayingWhyATextIsMissingIsRefused() {
        let found = errors("""
                  - { id: note, text: Anything else?, answer: text }
                  - { id: note_missing, text: And?, answer: text }
            """)
        #expect(found == ["tasks/visit.md:10:15: error: the data package would have two columns named 'note_missing' in this "
                          + "task's table; give the item or the score another id"])
        let otherWay = errors("""
                  - { id: note_missing, text: And?, answer: { numeric: {} } }
                  - { id: note, text: Anything else?, answer: text }
            """)
        #expect(otherWay == ["tasks/visit.md:10:15: error: the data package would have two columns named 'note_missing' in this "
                             + "task's table, one of them saying why the answer to 'note' is missing; give the item or the "
                             + "score another id"])
    }

    @Test func aChoiceValueASpreadsheetWouldRunIsRefused() {
        #expect(errors("      - { id: m, text: Which?, answer: { choice: { options: [{ value: \"=1+1\", text: Two }, b] } } }") == [
            "tasks/visit.md:9:71: error: a choice's value must not start with '=': a spreadsheet would run '=1+1' as a formula; "
                + "give the option a value such as 1 or \"yes\"",
        ])
    }
}
