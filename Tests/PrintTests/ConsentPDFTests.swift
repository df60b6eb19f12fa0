import CareModel
import Content
import Markup
import Foundation
import Print
import StudyModel
import Testing
import TestSupport

/// The PDF of a signed consent, read back with poppler's `pdftotext`.
@Suite struct ConsentPDFTests {
    func words(_ title: String) -> ConsentPDF.Words {
        ConsentPDF.Words(title: title, signatureHeading: "Signature", facts: ["Signed by Maya Alvarez", "Version 2.1"],
                         hashLabel: "SHA-256 of the signed text",
                         footer: { page, pages in "Protocol REB-2026-014 · Page \(page) of \(pages)" })
    }

    func record(_ document: ConsentDocument, signature: Signature = .drawn(pathData: "M10 60 Q20 20 30 60 L40 50 C50 40 60 80 70 60"))
        -> ConsentRecord {
        ConsentRecord(participantID: "r001", documentID: document.id, version: document.version, sha256: document.sha256,
                      html: document.html, printedName: "Maya Alvarez", signature: signature,
                      signedAt: Fixtures.instant("2026-03-02T13:05:00Z"), timeZone: TimeZone(identifier: "America/New_York")!)
    }

    /// The PDF's text as `pdftotext` extracts it, its lines joined by spaces.
    func text(_ pdf: [UInt8]) throws -> String {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/consent.pdf"
        try Data(pdf).write(to: URL(fileURLWithPath: path))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pdftotext")
        process.arguments = [path, "-"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func recoversEnglishConsentIsInItsPDFWithTheNameVersionAndHash() throws {
        let study = try #require(ContentLoader.load(directory: Repository.content, publicDirectory: nil).study)
        let document = try #require(study.consentDocuments.first)
        let pdf = try ConsentPDF.make(blocks: document.blocks, record: record(document), language: "en", words: words(document.title))
        #expect(pdf.starts(with: Array("%PDF-".utf8)))
        let text = try text(pdf)
        #expect(text.contains("Signed by Maya Alvarez") && text.contains(document.sha256) && text.contains("Version 2.1"))
        #expect(text.contains("Page 1 of"))
        // The text signed, as the participant read it.
        #expect(text.contains("This form tells you about the Recover study. Please read it in your own time."))
        #expect(text.contains("You can leave at any time, without giving a reason."))
        // The same record gives the same file.
        #expect(try ConsentPDF.make(blocks: document.blocks, record: record(document), language: "en", words: words(document.title)) == pdf)
    }
}

extension ConsentPDFTests {
    /// A record of a consent written here, in any language.
    func written(_ markdown: String, language: String, signature: Signature = .typed(name: "Maya Alvarez")) -> ConsentRecord {
        let document = ConsentDocument(id: "consent", title: "Consent", version: "1", summary: nil, html: HTML(trusted: "<p>x</p>"),
                                       sha256: String(repeating: "ab", count: 32), file: "consent.md")
        var record = record(document, signature: signature)
        record.language = language
        return record
    }

    @Test(arguments: [
        ("ar", "# الموافقة على المشاركة\n\nالمشاركة اختيارية، ويمكنك الانسحاب في أي وقت.\n\n- لن يؤثر ذلك على رعايتك.\n"),
        ("ja", "# 研究への参加の同意\n\n参加は任意です。いつでも理由を言わずにやめることができます。やめても、治療に不利益はありません。\n"),
        ("de", "# Einwilligung\n\nDie Teilnahme ist freiwillig. Sie können jederzeit ohne Angabe von Gründen aufhören.\n"),
    ])
    func aConsentInEachScriptIsShapedAndItsTextExtracted(language: String, markdown: String) throws {
        let name = language == "ar" ? "مايا ألفاريز" : language == "ja" ? "山田 花子" : "Maya Alvarez"
        let pdf = try ConsentPDF.make(blocks: MarkdownBlocks.blocks(markdown), record: written(markdown, language: language, signature: .typed(name: name)),
                                      language: language, words: words("Consent"))
        // pdftotext breaks lines where the PDF does, inside a Japanese sentence too: read without white space.
        let text = try text(pdf).filter { !$0.isWhitespace }
        // A word's letters: a right-to-left line's full stop and comma are read back at its other end.
        let words = markdown.split(whereSeparator: { $0.isWhitespace || "#-".contains($0) })
        for word in words.map({ language == "ar" ? String($0.filter(\.isLetter)) : String($0) }) {
            // Poppler reads a lām-alif or lām-yā' ligature back with its letters swapped; the page shows it right.
            guard !["لا", "لى", "لأ", "لإ"].contains(where: { word.contains($0) }) else { continue }
            #expect(text.contains(word), "\(language): \(word) in \(text)")
        }
        #expect(text.contains(name.filter { !$0.isWhitespace }))
    }
}

extension ConsentPDFTests {
    @Test func aTextNoConsentHasIsRefusedWithAMessageNeverDrawn() throws {
        let headings = String(repeating: "# Heading\n\n", count: 10_000)
        let paragraph = String(repeating: "word ", count: 1_000_000)
        for (markdown, expected) in [(headings, "10000 headings, paragraphs and list items"), (paragraph, "4882 KB")] {
            #expect(throws: ConsentPDF.Refusal.self) {
                try ConsentPDF.make(blocks: MarkdownBlocks.blocks(markdown), record: written(markdown, language: "en"), language: "en", words: words("Consent"))
            }
            let refusal = ConsentPDF.refusal(blocks: MarkdownBlocks.blocks(markdown), record: written(markdown, language: "en"))
            #expect(refusal?.description.contains(expected) == true, "\(String(describing: refusal))")
        }
        // A hundred thousand points: more than a pad sends.
        let points = "M0 0" + String(repeating: " L1 1", count: 100_000)
        #expect(ConsentPDF.refusal(blocks: MarkdownBlocks.blocks("Text"), record: written("Text", language: "en", signature: .drawn(pathData: points)))
                == .signatureUnreadable)
        #expect(ConsentPDF.refusal(blocks: MarkdownBlocks.blocks("Text"), record: written("Text", language: "en", signature: .drawn(pathData: "M1 1 A 2 2 0 0 1 3 3")))
                == .signatureUnreadable, "an arc is not what a pad sends")
    }

    @Test func aNameInFourScriptsAndDeepNestingArePrinted() throws {
        let name = "Maya Ålvarez مايا 山田 Мая"
        let nested = String(repeating: "> ", count: 500) + "deep\n\n" + String(repeating: "*", count: 3_000) + "x"
        let pdf = try ConsentPDF.make(blocks: MarkdownBlocks.blocks("Plain words.\n\n" + nested), record: written(nested, language: "en", signature: .typed(name: name)),
                                      language: "en", words: words("Consent"))
        let text = try text(pdf)
        #expect(text.contains("Plain words.") && text.contains("deep"))
        for part in ["Maya", "Ålvarez", "مايا", "山田", "Мая"] { #expect(text.contains(part)) }
    }
}

extension ConsentPDFTests {
    @Test func recoversGermanConsentIsPrintedInGerman() throws {
        let study = try #require(ContentLoader.load(directory: Repository.content, publicDirectory: nil).study)
        let german = try #require(study.translations.first { $0.key.identifier.hasPrefix("de") }?.value.consentDocuments.first)
        var record = record(german)
        record.language = german.language
        let pdf = try ConsentPDF.make(blocks: german.blocks, record: record, language: "de", words: words(german.title))
        let text = try text(pdf)
        #expect(text.contains("Patienteninformation und Einwilligungserklärung zur Recover-Studie"))
        #expect(text.contains("Mit dieser Patienteninformation stellen wir Ihnen die Recover-Studie vor."))
        #expect(text.contains(german.sha256))
    }
}

extension ConsentPDFTests {
    @Test func aPadsPathIsReadAsItDrawsAndAnythingElseIsNot() {
        #expect(SignatureStrokes.segments("M10 60 L20 50 40 55") == [.move(10, 60), .line(20, 50), .line(40, 55)])
        #expect(SignatureStrokes.segments("m10 60 l10-10h5v5z") == [.move(10, 60), .line(20, 50), .line(25, 50), .line(25, 55), .close])
        // A smooth cubic after a quadratic reflects nothing: its first control is the current point.
        let smooth = SignatureStrokes.segments("M0 0 Q10 10 20 0 S30 10 40 0")
        #expect(smooth?.last == .curve(20, 0, 30, 10, 40, 0))
        for crafted in ["M", "M1 2 3", "M1 1 Z 5", "M1 1 A2 2 0 0 1 3 3", "L1 1", "M1e9 1", "M1 1 L2"] {
            #expect(SignatureStrokes.segments(crafted) == nil, "\(crafted)")
        }
        #expect(SignatureStrokes.segments("M0 0" + String(repeating: " 1 1", count: 25_000)) == nil, "more than a pad sends")
    }

    @Test func aLongWrappedParagraphIsReadInTimeProportionalToItsLength() {
        // Five megabytes of short lines, each a run of its own: read in one pass, then refused for print.
        let paragraph = String(repeating: "Word, word; word.\n", count: 280_000)
        let blocks = MarkdownBlocks.blocks(paragraph)
        #expect(blocks.count == 1 && blocks[0].runs.count == 1)
        #expect(ConsentPDF.refusal(blocks: blocks, record: written("", language: "en")) == .tooLong(bytes: 5_039_999))
    }
}

extension ConsentPDFTests {
    /// The dark pixels of a PDF's last page, rendered by poppler's pdftoppm in grey.
    func darkPixels(_ pdf: [UInt8]) throws -> Int {
        let directory = try TemporaryDirectory()
        try Data(pdf).write(to: URL(fileURLWithPath: directory.path + "/copy.pdf"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pdftoppm")
        // The last page: as many as the footers that say "Page n of N".
        let count = try text(pdf).components(separatedBy: "Page ").count - 1
        process.arguments = ["-gray", "-r", "72", "-singlefile", "-f", "\(count)", "-l", "\(count)", directory.path + "/copy.pdf",
                             directory.path + "/page"]
        try process.run()
        process.waitUntilExit()
        let image = try Data(contentsOf: URL(fileURLWithPath: directory.path + "/page.pgm"))
        // P5 width height 255, then one byte a pixel.
        var newlines = 0
        let start = try #require(image.firstIndex { byte in
            if byte == 0x0A { newlines += 1 }
            return newlines == 3
        })
        return image[(start + 1)...].filter { $0 < 128 }.count
    }

    @Test func theDrawnSignatureIsOnThePage() throws {
        let drawn = "M10 60 Q20 20 30 60 L40 50 C50 40 60 80 70 60 L280 20 L20 90 L290 85"
        let signed = try ConsentPDF.make(blocks: MarkdownBlocks.blocks("Text."), record: written("Text.", language: "en", signature: .drawn(pathData: drawn)),
                                         language: "en", words: words("Consent"))
        let dot = try ConsentPDF.make(blocks: MarkdownBlocks.blocks("Text."), record: written("Text.", language: "en", signature: .drawn(pathData: "M10 60")),
                                      language: "en", words: words("Consent"))
        #expect(try darkPixels(signed) > darkPixels(dot) + 200, "the strokes are drawn")
    }
}
