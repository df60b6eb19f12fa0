import CareModel
import Print
import StudyModel
import Support
import Words

/// The PDF of a signed consent record (SPEC §14), in the reader's words
/// around the text as signed.
extension ConsentPages {
    /// The text a record's signed HTML was rendered from, as blocks: the
    /// study's document, in any of its languages, whose text has the
    /// record's hash; nil when the text signed is no longer in the content,
    /// or when the record's HTML does not match its own hash (it is not what
    /// was signed).
    public static func signedText(_ record: ConsentRecord, study: Study) -> [TextBlock]? {
        guard SHA256.hex(record.html.markup) == record.sha256 else { return nil }
        let documents = study.consentDocuments + study.translations.values.flatMap(\.consentDocuments)
        return documents.first { $0.id == record.documentID && $0.sha256 == record.sha256 && !$0.blocks.isEmpty }?.blocks
            ?? study.olderConsentTexts[record.sha256]
    }

    /// Whether `record` has a PDF for `reader`: its text is the study's, the
    /// reader may see its name, and nothing in it is refused for print.
    public static func hasSignedCopy(_ record: ConsentRecord, study: Study, reader: Reader) -> Bool {
        guard reader.showsNames, let blocks = signedText(record, study: study) else { return false }
        return ConsentPDF.refusal(blocks: blocks, record: record) == nil
    }

    /// The record as a PDF: its text, the printed name, the signature, when
    /// it was signed with its zone, the version and the hash, and the
    /// protocol and the page in every footer. Nil when its text is not
    /// found (`signedText`); names are the reader's to see, so nil too
    /// for a reader who is not shown them.
    public static func signedCopy(_ record: ConsentRecord, study: Study, reader: Reader) throws -> [UInt8]? {
        guard reader.showsNames, let blocks = signedText(record, study: study) else { return nil }
        let words = reader.words
        let format = reader.format
        let title = signedTitle(record, study: study)
        let signedOn = words(.dayAtTime, ["day": format.dayWithYear(record.timeZone.localDate(of: record.signedAt)),
                                          "time": format.time(record.signedAt, in: record.timeZone)])
            // Isolated left to right (LRI … PDI), so that a right-to-left form keeps the stamp and zone in their order.
            + " (\u{2066}\(Timestamp.local(record.signedAt, in: record.timeZone)), \(record.timeZone.identifier)\u{2069})"
        let protocolNumber = study.protocolApproval?.number
        let footer: @Sendable (Int, Int) -> String = { page, pages in
            protocolNumber.map { words(.pdfFooterProtocol, ["number": $0, "page": format.integer(page), "pages": format.integer(pages)]) }
                ?? words(.pdfFooter, ["page": format.integer(page), "pages": format.integer(pages)])
        }
        let pdfWords = ConsentPDF.Words(
            title: title, signatureHeading: words(.signature),
            // The name as the participant wrote it, isolated, so its direction cannot reorder the words around it.
            facts: [words(.labelledAnswer, ["label": words(.factPrintedName), "answer": Format.isolated(record.printedName)]),
                    words(.labelledAnswer, ["label": words(.factSigned), "answer": signedOn]),
                    words(.version, ["version": record.version])],
            hashLabel: "SHA-256", footer: footer)
        let language = record.language ?? study.ownLanguage.tag.identifier
        return try ConsentPDF.make(blocks: blocks, record: record, language: language, words: pdfWords)
    }
}
