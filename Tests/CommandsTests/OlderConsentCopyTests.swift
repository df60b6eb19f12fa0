import Foundation
import Testing
import TestSupport

/// A record signed on a consent version the content no longer holds keeps
/// its PDF: the store keeps each version's text when it publishes it.
@Suite struct OlderConsentCopyTests {
    @Test func aRecordOfAVersionTheContentNoLongerHoldsIsStillPrintedFromItsOwnText() throws {
        let folder = try TemporaryDirectory()
        let content = folder.path + "/content"
        try FileManager.default.copyItem(atPath: Repository.content, toPath: content)
        let store = folder.path + "/care.sqlite"
        #expect(Run("demo", "--content", content, "--store", store, "--participants", "2", "--days", "3", "--today", "2026-11-30").status == 0)
        // Version 2.2: a new text, in both languages, that no one has signed yet.
        for file in ["recover.md", "recover.de-DE.md"] {
            let path = content + "/consent/" + file
            let text = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "version: \"2.1\"", with: "version: \"2.2\"")
            try (text + "\nA sentence added in 2.2.\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
        let built = Run("build", "--content", content, "--store", store, "--out", folder.path + "/Site", "--today", "2026-11-30", "--names")
        #expect(built.status == 0, "\(built.error)")
        let pdf = try #require(FileManager.default.contents(atPath: folder.path + "/Site/participants/r001/consent.pdf"))
        #expect(pdf.starts(with: Array("%PDF-".utf8)))
        // The text signed, version 2.1's, without the sentence 2.2 added.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pdftotext")
        process.arguments = [folder.path + "/Site/participants/r001/consent.pdf", "-"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(text.contains("Version 2.1") && text.contains("Recover study") && !text.contains("A sentence added in 2.2"))
        let page = try String(contentsOfFile: folder.path + "/Site/participants/r001/consent.html", encoding: .utf8)
        #expect(page.contains("participants/r001/consent.pdf\" download>"))
    }
}
